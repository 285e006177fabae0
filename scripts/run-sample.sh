#!/usr/bin/env bash
# Start the window on the bundled sample log. With no display (a server, CI), render the
# window offscreen to a PNG instead and say where it is.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-.venv}"
sample="resources/samples/sample-training-run.log"

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ -n "${DISPLAY:-}" ]; then
    # Qt's X11 plugin needs these (libxcb-cursor0 since Qt 6.5); install any that are missing.
    missing=$(for p in libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 \
                        libxcb-render-util0 libxkbcommon-x11-0 libegl1 fonts-wqy-microhei; do
                dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done)
    if [ -n "$missing" ]; then
      apt-get update -qq && apt-get install -y -qq $missing >/dev/null
    fi
  fi
  exec "$venv/bin/triage-app" "$sample"
fi

mkdir -p out
echo "run: no display found; rendering the window offscreen to out/triage-sample.png"
QT_QPA_PLATFORM=offscreen "$venv/bin/triage-app" "$sample" --screenshot out/triage-sample.png
echo "run: wrote out/triage-sample.png (open it to see the window)"

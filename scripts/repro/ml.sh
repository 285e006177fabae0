#!/usr/bin/env bash
# Real machine-learning tools for tests/catalog/test_reproduce_ml.py: the CPU build of
# PyTorch 2.13.0 (pinned exactly: a bare `torch` or a range would pull a multi-GB CUDA
# build), transformers, tokenizers, safetensors, onnx and onnxruntime, in .repro/ml/.
# The tests build tiny models from configs locally; nothing is loaded from a hub.
set -euo pipefail
cd "$(dirname "$0")/../.."
DEST=.repro/ml
STAMP="$DEST/.installed-v2"
[ -f "$STAMP" ] && exit 0
PY=""
for candidate in python3.11 /root/.pyenv/versions/3.11.7/bin/python3; do
  if command -v "$candidate" >/dev/null 2>&1; then PY="$candidate"; break; fi
done
if [ -z "$PY" ]; then
  echo "ml.sh: Python 3.11 not found (the CPU torch 2.13.0 wheel is built for 3.11)" >&2
  exit 1
fi
rm -rf "$DEST"
"$PY" -m venv "$DEST"
"$DEST/bin/pip" install --quiet --disable-pip-version-check torch==2.13.0
"$DEST/bin/pip" install --quiet --disable-pip-version-check \
  torch==2.13.0 numpy==2.4.6 transformers==5.24.0 tokenizers==0.23.3 safetensors==0.8.0 \
  onnx==1.23.2 onnxscript==0.7.2 onnxruntime==1.32.0 ninja==1.13.0
touch "$STAMP"

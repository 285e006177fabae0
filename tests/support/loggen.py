"""Generate varied, realistic log text: healthy lines of many formats with errors mixed in.

Used by correctness tests and benchmarks. A uniform log flatters some engines, so lines come
from many templates with random values, non-ASCII text, ANSI colours, CRLF and long lines.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

_WORDS = [
    "alpha",
    "beta",
    "gamma",
    "delta",
    "worker",
    "shard",
    "batch",
    "request",
    "user",
    "session",
    "cache",
    "index",
    "query",
    "model",
    "tensor",
    "layer",
    "epoch",
    "step",
    "token",
    "bucket",
    "volume",
    "pod",
    "node",
    "service",
    "connection",
    "handler",
    "client",
    "server",
    "build",
    "target",
    "module",
    "package",
]
_ZH = ("开始处理请求", "模型加载完成", "数据集已缓存", "用户登录成功", "任务已排队", "检查点已保存")


def _w(rng: random.Random, n: int = 3) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(n))


def _ts(rng: random.Random) -> str:
    return (
        f"2026-11-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:"
        f"{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d}Z"
    )


def _templates(rng: random.Random) -> list:
    return [
        lambda: (
            f"{_ts(rng)} INFO  [{_w(rng, 1)}] processed {rng.randint(1, 9999)} items in "
            f"{rng.random() * 100:.2f}ms"
        ),
        lambda: (
            f"10.0.{rng.randint(0, 255)}.{rng.randint(0, 255)} - - [28/Nov/2026:10:{rng.randint(10, 59)}:01 +0000] "
            f'"GET /api/v1/{_w(rng, 1)}/{rng.randint(1, 99999)} HTTP/1.1" 200 {rng.randint(100, 99999)} "-" "curl/8.5.0"'
        ),
        lambda: (
            f"[rank{rng.randint(0, 7)}]: step {rng.randint(1, 20000):>6} loss={rng.random() * 3:.4f} "
            f"lr={rng.random() * 1e-4:.2e} tokens/s={rng.randint(1000, 30000)}"
        ),
        lambda: (
            f"Nov 28 10:{rng.randint(10, 59)}:{rng.randint(10, 59)} host-{rng.randint(1, 40)} "
            f"systemd[1]: Started {_w(rng, 2)}.service - {_w(rng, 3)}."
        ),
        lambda: (
            f"tests/test_{_w(rng, 1)}.py::test_{_w(rng, 1)}_{rng.randint(1, 99)} PASSED "
            f"[{rng.randint(1, 100):>3}%]"
        ),
        lambda: f"\x1b[32m✓\x1b[0m {_w(rng, 4)} \x1b[2m({rng.randint(1, 900)}ms)\x1b[0m",
        lambda: (
            f"  Downloading {_w(rng, 1)}-{rng.randint(0, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 9)}"
            f"-py3-none-any.whl ({rng.randint(10, 999)} kB)"
        ),
        lambda: (
            f'{{"level":"info","ts":{rng.random() * 1e9:.3f},"msg":"{_w(rng, 4)}",'
            f'"count":{rng.randint(0, 500)},"errors":0}}'
        ),
        lambda: (
            f"{_ts(rng)} 信息 {rng.choice(_ZH)}，耗时 {rng.randint(1, 500)} 毫秒 (worker-{rng.randint(1, 9)})"
        ),
        lambda: (
            f"Step {rng.randint(1, 40)}/{rng.randint(40, 60)} : RUN pip install --no-cache-dir {_w(rng, 2)}"
        ),
        lambda: f"{_ts(rng)} DEBUG retrying {_w(rng, 1)} (attempt {rng.randint(1, 3)}/5)... ok",
        lambda: (
            f"    at com.example.{_w(rng, 1)}.Handler.handle(Handler.java:{rng.randint(10, 900)})"
        ),
        lambda: (
            f"compiling {_w(rng, 1)} v0.{rng.randint(1, 30)}.{rng.randint(0, 9)}  (0 warnings, 0 errors)"
        ),
        lambda: (
            f"{_ts(rng)} WARN  slow query ({rng.randint(500, 5000)} ms): SELECT * FROM {_w(rng, 1)}\r"
        ),
    ]


def healthy_lines(seed: int = 0) -> Iterator[str]:
    rng = random.Random(seed)
    templates = _templates(rng)
    while True:
        if rng.random() < 0.002:  # a rare very long line (minified code, a JSON blob)
            yield "var a=" + ",".join(str(rng.randint(0, 9999)) for _ in range(2000))
        else:
            yield rng.choice(templates)()


def generate(
    n_lines: int, errors: Sequence[str] = (), error_every: int = 500, seed: int = 0
) -> list[str]:
    """`n_lines` lines; every `error_every`-th line (jittered) is one of `errors`."""
    rng = random.Random(seed + 1)
    lines = []
    healthy = healthy_lines(seed)
    for i in range(n_lines):
        if errors and i % error_every == error_every // 2:
            prefix = rng.choice(["", f"{_ts(rng)} ERROR ", "[rank3]: ", "##[error]", "E   "])
            lines.append(prefix + rng.choice(errors))
        else:
            lines.append(next(healthy))
    return lines


# A retry loop printing one error a million times: every line matches a bundled entry (three
# shapes, taken in turn; used by the memory bench and the parallel scan's tests).
RUNAWAY = (
    "2026-12-01T12:00:{s:02d}.{ms:03d}Z ERROR worker-{w} attempt {n}: "
    "ConnectionRefusedError: [Errno 111] Connection refused",
    "2026/12/01 12:00:{s:02d} redis: dial tcp 10.0.3.{w}:6379: connect: connection refused "
    "(retry {n})",
    "[{s:02d}.{ms:03d}] db pool: Error: connect ECONNREFUSED 127.0.0.1:5432 (attempt {n})",
)


def runaway_line(n: int) -> str:
    """Line `n` of the runaway log."""
    return RUNAWAY[n % 3].format(s=n % 60, ms=n % 1000, w=n % 16, n=n)

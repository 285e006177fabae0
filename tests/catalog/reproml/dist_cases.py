"""torch.distributed errors produced with two CPU processes on the gloo backend.

Run as `.repro/ml/bin/python dist_cases.py [CASE ...]`. The `ddp` case starts two ranks with
`mp.spawn`; they meet on free loopback ports, once per scenario. The launcher cases run
`torchrun --nproc-per-node 2`.
"""

from __future__ import annotations

import datetime
import socket
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from harness import run_cases
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP  # noqa: N817
from torch.utils.checkpoint import checkpoint

TIMEOUT = datetime.timedelta(seconds=4)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class UnusedBranch(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.used = nn.Linear(4, 4)
        self.unused = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.used(x)


class CheckpointedTwice(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.layer = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        first = checkpoint(self.layer, x, use_reentrant=True)
        return first + checkpoint(self.layer, x, use_reentrant=True)


SCENARIOS = ("ddp-shape", "ddp-count", "collectives", "ddp-unused", "ddp-ready-twice")


def scenario(rank: int, name: str) -> None:
    """One way for the two ranks to disagree, as users make them disagree."""
    if name == "ddp-shape":  # one rank resized a layer (e.g. added tokens only on rank 0)
        DDP(nn.Linear(32, 64 if rank == 0 else 96))
    elif name == "ddp-count":  # one rank built an extra layer
        DDP(nn.Sequential(*[nn.Linear(4, 4) for _ in range(2 + rank)]))
    elif name == "collectives":  # rank 0 all-reduces while rank 1 broadcasts
        if rank == 0:
            dist.all_reduce(torch.ones(4))
        else:
            dist.broadcast(torch.ones(8), src=0)
    elif name == "ddp-unused":
        model = DDP(UnusedBranch())
        for _ in range(2):
            model(torch.randn(2, 4)).sum().backward()
    elif name == "ddp-ready-twice":
        model = DDP(CheckpointedTwice(), find_unused_parameters=True)
        model(torch.randn(2, 4, requires_grad=True)).sum().backward()


def rank_main(rank: int, ports: list[int]) -> None:
    """Each rank runs every scenario in a fresh process group of its own.

    The rank that detects the disagreement raises the real error; the other one may wait for
    the failed collective until TIMEOUT, and both meet again in the next process group.
    """
    for name, port in zip(SCENARIOS, ports, strict=True):
        # as TORCH_DISTRIBUTED_DEBUG=DETAIL does; read when the process group is created
        detail = name == "collectives"
        dist.set_debug_level(dist.DebugLevel.DETAIL if detail else dist.DebugLevel.OFF)
        dist.init_process_group(
            "gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=2, timeout=TIMEOUT
        )
        torch.manual_seed(0)
        try:
            scenario(rank, name)
        except Exception:
            traceback.print_exc()
            sys.stderr.flush()
        dist.destroy_process_group()


def spawn_all() -> None:
    mp.spawn(rank_main, args=([free_port() for _ in SCENARIOS],), nprocs=2)


def store_waits_for_clients() -> None:
    dist.TCPStore(
        "127.0.0.1",
        free_port(),
        world_size=2,
        is_master=True,
        timeout=datetime.timedelta(seconds=2),
        wait_for_workers=True,
    )


def store_port_in_use() -> None:
    port = free_port()
    first = dist.TCPStore("127.0.0.1", port, world_size=1, is_master=True)
    try:
        dist.TCPStore("127.0.0.1", port, world_size=1, is_master=True, timeout=TIMEOUT)
    finally:
        del first


def client_cannot_connect() -> None:
    """A worker rank whose master never came up (wrong MASTER_ADDR/PORT, master crashed)."""
    dist.init_process_group(
        "gloo",
        init_method=f"tcp://127.0.0.1:{free_port()}",
        rank=1,
        world_size=2,
        timeout=datetime.timedelta(seconds=3),
    )


def torchrun(how: str) -> None:
    script = Path(tempfile.mkdtemp(prefix="reproml-dist-")) / "train.py"
    script.write_text(
        "import os, sys\n"
        "if int(os.environ['RANK']) == 1:\n"
        "    if sys.argv[1] == 'kill':\n"
        "        os.kill(os.getpid(), 9)\n"
        "    raise ValueError('loss is nan on rank 1')\n"
    )
    torchrun_bin = Path(sys.executable).parent / "torchrun"
    cmd = [str(torchrun_bin), "--nproc-per-node", "2", "--master-port", "0", str(script), how]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    sys.stderr.write(proc.stdout + proc.stderr)


CASES = {
    "ddp": spawn_all,
    "store-timeout": store_waits_for_clients,
    "store-in-use": store_port_in_use,
    "client-connect": client_cannot_connect,
    "torchrun-raise": lambda: torchrun("raise"),
    "torchrun-kill": lambda: torchrun("kill"),
}

if __name__ == "__main__":
    run_cases(CASES, sys.argv[1:])

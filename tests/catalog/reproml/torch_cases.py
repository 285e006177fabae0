"""PyTorch errors and warnings produced on the CPU build, one named case each (see harness.py).

Run as `.repro/ml/bin/python torch_cases.py [CASE ...]` from any folder; the cases that write
files use a fresh temporary folder.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np
import torch
from harness import run_cases
from torch import nn
from torch.nn import functional as F  # noqa: N812 (the name every PyTorch user writes)
from torch.utils.data import DataLoader, Dataset

TMP = Path(tempfile.mkdtemp(prefix="reproml-torch-"))
warnings.simplefilter("default")


class SignalDataset(Dataset):
    """A dataset whose worker dies the way a real crash, OOM kill or shm shortage kills it."""

    def __init__(self, how: object) -> None:
        self.how = how

    def __len__(self) -> int:
        return 4

    def __getitem__(self, index: int) -> int:
        if self.how == "exit":
            os._exit(3)
        os.kill(os.getpid(), self.how)
        return index


def backward_twice() -> None:
    x = torch.randn(3, requires_grad=True)
    y = x.exp().sum()
    y.backward()
    y.backward()


def inplace_modified() -> None:
    x = torch.randn(3, requires_grad=True)
    y = x.sigmoid()
    y.mul_(2)
    y.sum().backward()


def anomaly_nan() -> None:
    with torch.autograd.detect_anomaly():
        x = torch.zeros(1, requires_grad=True)
        (x.sqrt() * 0).sum().backward()


def scheduler_before_optimizer() -> None:
    model = nn.Linear(2, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    torch.optim.lr_scheduler.StepLR(optimizer, step_size=1).step()


def load_size_mismatch() -> None:
    nn.Linear(512, 10).load_state_dict(nn.Linear(512, 1000).state_dict())


def load_missing_keys() -> None:
    state = {"module.0.weight": torch.randn(2, 2), "module.0.bias": torch.randn(2)}
    nn.Sequential(nn.Linear(2, 2)).load_state_dict(state)


def load_corrupt_zip() -> None:
    path = TMP / "truncated.pt"
    torch.save(nn.Linear(64, 64).state_dict(), path)
    path.write_bytes(path.read_bytes()[:2000])
    torch.load(path)


def load_weights_only() -> None:
    path = TMP / "with-args.pt"
    torch.save({"model": {}, "args": argparse.Namespace(lr=0.1)}, path)
    torch.load(path)


def meta_to_cpu() -> None:
    nn.Linear(2, 2, device="meta").to("cpu")


def init_nccl() -> None:
    import torch.distributed as dist

    dist.init_process_group("nccl", init_method=f"file://{TMP}/pg", rank=0, world_size=1)


def get_rank_uninitialised() -> None:
    import torch.distributed as dist

    dist.get_rank()


def dataloader_worker(how: object) -> None:
    list(DataLoader(SignalDataset(how), num_workers=2))


def extension_build_error() -> None:
    from torch.utils.cpp_extension import load

    os.environ["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    source = TMP / "fused_op.cpp"
    source.write_text("int fused_op( { return 1; }\n")
    build = TMP / "build"
    build.mkdir(exist_ok=True)
    load(name="fused_op", sources=[str(source)], build_directory=str(build))


def extension_without_ninja() -> None:
    from torch.utils.cpp_extension import load_inline

    saved = os.environ["PATH"]
    os.environ["PATH"] = str(TMP)  # a folder with no ninja in it
    try:
        load_inline(name="no_ninja", cpp_sources="int f() { return 1; }")
    finally:
        os.environ["PATH"] = saved


def quantized_op() -> None:
    q = torch.quantize_per_tensor(torch.randn(2, 2), 0.1, 0, torch.quint8)
    q.exp()


def gpu_checkpoint_on_cpu() -> None:
    """A checkpoint whose storages are tagged 'cuda:0', as torch.save writes it on a GPU."""
    import torch.serialization as serialization

    path = TMP / "saved-on-gpu.pt"
    original = serialization.location_tag
    serialization.location_tag = lambda storage: "cuda:0"
    try:
        torch.save({"weight": torch.randn(2)}, path)
    finally:
        serialization.location_tag = original
    torch.load(path)


def spawn_without_main_guard() -> None:
    import subprocess

    script = TMP / "train_no_guard.py"
    script.write_text(
        "import torch\n"
        "from torch.utils.data import DataLoader\n"
        "loader = DataLoader(list(range(8)), batch_size=4, num_workers=1,\n"
        "                    multiprocessing_context='spawn')\n"
        "for batch in loader:\n"
        "    print(batch)\n"
    )
    proc = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=180
    )
    sys.stderr.write(proc.stdout + proc.stderr)


def onnx_export_unsupported() -> None:
    class Eigen(nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return torch.linalg.eig(x)[0].real

    args = (torch.randn(3, 3),)
    torch.onnx.export(Eigen(), args, str(TMP / "eig.onnx"), dynamo=False, opset_version=17)


CASES = {
    "backward-twice": backward_twice,
    "conv-channels": lambda: nn.Conv2d(3, 8, 3)(torch.randn(1, 1, 8, 8)),
    "conv-dims": lambda: nn.Conv2d(3, 8, 3)(torch.randn(8, 8)),
    "implicit-grad": lambda: (torch.randn(3, requires_grad=True) * 2).backward(),
    "inplace-modified": inplace_modified,
    "batch-size": lambda: F.cross_entropy(torch.randn(6, 4), torch.tensor([1, 2])),
    "leaf-inplace": lambda: torch.randn(3, requires_grad=True).add_(1),
    "mat1-mat2": lambda: nn.Linear(512, 10)(torch.randn(64, 2048)),
    "meta-copy": meta_to_cpu,
    "numpy-grad": lambda: torch.randn(2, requires_grad=True).numpy(),
    "pg-uninitialised": get_rank_uninitialised,
    "dtype-linear": lambda: nn.Linear(3, 2)(torch.randn(1, 3, dtype=torch.float64)),
    "dtype-conv": lambda: nn.Conv2d(3, 3, 3, bias=False)(torch.randn(1, 3, 5, 5).double()),
    "dtype-conv-bias": lambda: nn.Conv2d(3, 3, 3)(torch.randn(1, 3, 5, 5, dtype=torch.float64)),
    "stack": lambda: torch.stack([torch.randn(3, 4), torch.randn(1, 4)]),
    "no-grad-fn": lambda: torch.randn(3).sum().backward(),
    "size-mismatch": lambda: torch.randn(2, 3) + torch.randn(2, 4),
    "cuda": lambda: torch.randn(2).cuda(),
    "view": lambda: torch.randn(4, 6).t().view(-1),
    "target-oob": lambda: F.cross_entropy(torch.randn(4, 5), torch.tensor([0, 1, 2, 7])),
    "multi-target": lambda: F.cross_entropy(torch.randn(4, 5), torch.randint(0, 5, (4, 2))),
    "bce-size": lambda: F.binary_cross_entropy(torch.rand(16, 1), torch.rand(16)),
    "bce-logits-size": lambda: F.binary_cross_entropy_with_logits(
        torch.rand(16, 1), torch.rand(16)
    ),
    "mse-broadcast": lambda: F.mse_loss(torch.randn(16, 1), torch.randn(16)),
    "result-cast": lambda: torch.zeros(3, dtype=torch.long).add_(torch.randn(3)),
    "bool-ambiguous": lambda: bool(torch.randn(3)),
    "one-element": lambda: float(torch.randn(3)),
    "numpy-object": lambda: torch.tensor(np.array([[1], [1, 2]], dtype=object)),
    "ragged-list": lambda: torch.tensor([[1, 2], [3]]),
    "expand": lambda: torch.randn(4).expand(2, 3),
    "shape-invalid": lambda: torch.randn(1000).view(-1, 400),
    "pool-too-small": lambda: nn.MaxPool2d(2)(torch.randn(1, 64, 1, 1)),
    "kernel-too-big": lambda: nn.Conv2d(3, 8, 5)(torch.randn(1, 3, 2, 2)),
    "lstm-hidden": lambda: nn.LSTM(10, 20, 2)(
        torch.randn(5, 3, 10), (torch.randn(1, 3, 20), torch.randn(1, 3, 20))
    ),
    "dim-range": lambda: torch.randn(3).sum(dim=1),
    "empty-params": lambda: torch.optim.SGD([], lr=0.1),
    "cat-ndim": lambda: torch.cat([torch.randn(2, 3), torch.randn(2, 3, 4)]),
    "cat-sizes": lambda: torch.cat([torch.randn(2, 3), torch.randn(3, 3)], dim=1),
    "grad-unused": lambda: torch.autograd.grad(
        (torch.ones(2, requires_grad=True) * 2).sum(),
        [torch.ones(2, requires_grad=True), torch.ones(2, requires_grad=True)],
    ),
    "embedding-float": lambda: nn.Embedding(10, 3)(torch.tensor([1.0, 2.0])),
    "nccl": init_nccl,
    "batchnorm-one": lambda: nn.BatchNorm1d(64)(torch.randn(1, 64)),
    "ce-target-size": lambda: F.cross_entropy(torch.randn(4, 10, 7), torch.randint(0, 10, (4,))),
    "layernorm": lambda: nn.LayerNorm(768)(torch.randn(2, 5, 512)),
    "index-float": lambda: torch.randn(3)[torch.tensor([0.0])],
    "requires-grad-int": lambda: torch.tensor([1, 2], requires_grad=True),
    "collate-type": lambda: next(iter(DataLoader([object(), object()], batch_size=2))),
    "anomaly-nan": anomaly_nan,
    "scheduler-order": scheduler_before_optimizer,
    "copy-construct": lambda: torch.tensor(torch.randn(2)),
    "softmax-dim": lambda: F.softmax(torch.randn(2, 3)),
    "load-size": load_size_mismatch,
    "load-keys": load_missing_keys,
    "load-zip": load_corrupt_zip,
    "load-weights-only": load_weights_only,
    "dl-killed": lambda: dataloader_worker(signal.SIGKILL),
    "dl-bus": lambda: dataloader_worker(signal.SIGBUS),
    "dl-segv": lambda: dataloader_worker(signal.SIGSEGV),
    "dl-exit": lambda: dataloader_worker("exit"),
    "ext-build": extension_build_error,
    "ext-ninja": extension_without_ninja,
    "quantized-op": quantized_op,
    "gpu-checkpoint": gpu_checkpoint_on_cpu,
    "main-guard": spawn_without_main_guard,
    "onnx-export-op": onnx_export_unsupported,
}

if __name__ == "__main__":
    run_cases(CASES, sys.argv[1:])

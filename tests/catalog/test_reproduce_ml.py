"""PyTorch, torch.distributed, transformers, ONNX and JAX errors produced for real on the CPU.

`scripts/repro/ml.sh` installs the CPU build of torch 2.13.0, transformers, tokenizers,
safetensors, onnx and onnxruntime into `.repro/ml/`. The drivers in `reproml/` run under that
interpreter, four at once: each runs its cases (tiny models built from configs in temporary
folders; two gloo ranks on loopback; torchrun; nothing from a hub) and prints what the libraries
print, one marked chunk per case. JAX runs from its own `.repro/jax/` (scripts/repro/jax.sh),
in a test of its own. The test joins the chunks into one log, scans it once with
`triage-app scan` and checks that each entry ranks first on the line that shows its error.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from .reproduce import require_repro_tool, scan_json

DRIVERS_DIR = Path(__file__).resolve().parent / "reproml"
MARK = "@@reproml-case "

# (driver, case, entry id, a piece of the line that shows the error)
EXPECTED: list[tuple[str, str, str, str]] = [
    ("torch_cases", "backward-twice", "pytorch/backward-second-time", "RuntimeError: Trying to"),
    ("torch_cases", "conv-channels", "pytorch/conv-input-channels-mismatch", "RuntimeError: Given"),
    ("torch_cases", "implicit-grad", "pytorch/grad-implicit-scalar-outputs", "RuntimeError: grad"),
    (
        "torch_cases",
        "inplace-modified",
        "pytorch/inplace-modified-gradient",
        "RuntimeError: one of",
    ),
    ("torch_cases", "batch-size", "pytorch/input-target-batch-size-mismatch", "ValueError: Expec"),
    ("torch_cases", "leaf-inplace", "pytorch/leaf-variable-inplace", "RuntimeError: a leaf"),
    ("torch_cases", "mat1-mat2", "pytorch/mat1-mat2-shapes", "RuntimeError: mat1 and mat2"),
    ("torch_cases", "meta-copy", "pytorch/meta-tensor-copy-out", "NotImplementedError: Cannot"),
    ("torch_cases", "numpy-grad", "pytorch/numpy-on-tensor-requiring-grad", "RuntimeError: Can't"),
    ("torch_cases", "pg-uninitialised", "pytorch/process-group-not-initialized", "ValueError: Def"),
    ("torch_cases", "dtype-conv", "pytorch/scalar-type-mismatch", "RuntimeError: expected scalar"),
    ("torch_cases", "stack", "pytorch/stack-expects-equal-size", "RuntimeError: stack expects"),
    ("torch_cases", "no-grad-fn", "pytorch/tensor-does-not-require-grad", "RuntimeError: element"),
    ("torch_cases", "size-mismatch", "pytorch/tensor-size-mismatch-non-singleton", "RuntimeError:"),
    ("torch_cases", "cuda", "pytorch/torch-not-compiled-with-cuda", "AssertionError: Torch not"),
    ("torch_cases", "view", "pytorch/view-size-not-compatible", "RuntimeError: view size"),
    ("torch_cases", "load-size", "pytorch/state-dict-size-mismatch", "size mismatch for"),
    ("torch_cases", "load-keys", "pytorch/state-dict-missing-keys", "Missing key(s)"),
    ("torch_cases", "load-zip", "pytorch/checkpoint-zip-central-directory", "PytorchStreamReader"),
    ("torch_cases", "load-weights-only", "pytorch/weights-only-unpickling", "Weights only load"),
    ("torch_cases", "dl-killed", "pytorch/dataloader-worker-killed", "is killed by signal"),
    ("torch_cases", "dl-bus", "pytorch/dataloader-shm-bus-error", "is killed by signal: Bus"),
    ("torch_cases", "dl-exit", "pytorch/dataloader-exited-unexpectedly", "exited unexpectedly"),
    ("torch_cases", "ext-build", "pytorch/error-building-extension", "Error building extension"),
    ("dist_cases", "ddp", "pytorch/ddp-param-shape-mismatch", "appears not to match sizes"),
    ("dist_cases", "ddp", "pytorch/ddp-param-count-mismatch", "DDP expects same model"),
    ("dist_cases", "ddp", "pytorch/collectives-mismatch", "Detected mismatch between"),
    ("dist_cases", "ddp", "pytorch/ddp-unused-parameters", "Expected to have finished"),
    ("dist_cases", "store-timeout", "pytorch/store-timeout-waiting-for-clients", "Timed out"),
    ("dist_cases", "store-in-use", "pytorch/distributed-address-in-use", "EADDRINUSE"),
    ("dist_cases", "torchrun-raise", "pytorch/elastic-child-failed", "errors.ChildFailedError:"),
    ("dist_cases", "torchrun-kill", "pytorch/elastic-sigkill", "Signal 9 (SIGKILL)"),
    ("hf_cases", "pad-missing", "huggingface/pad-token-missing", "ValueError: Asking to pad"),
    ("hf_cases", "chat-template", "huggingface/cannot-use-chat-template", "ValueError: Cannot"),
    ("hf_cases", "kwargs-unused", "huggingface/model-kwargs-not-used", "ValueError: The foll"),
    ("hf_cases", "embedding-index", "huggingface/token-sequence-too-long", "IndexError: index"),
    ("hf_cases", "unknown-type", "huggingface/unrecognized-model-type", "ValueError: The check"),
    ("hf_cases", "offline", "huggingface/connection-offline", "OSError: We couldn't connect"),
    ("hf_cases", "trust-remote", "huggingface/trust-remote-code", "ValueError: The repository"),
    ("hf_cases", "remote-packages", "huggingface/remote-code-missing-packages", "ImportError:"),
    ("hf_cases", "accelerate", "huggingface/trainer-requires-accelerate", "ImportError: Using"),
    ("hf_cases", "safetensors-header", "huggingface/safetensors-header-error", "SafetensorError"),
    ("onnx_cases", "no-op", "onnx/no-op-registered", "ValidationError: No Op registered"),
    ("onnx_cases", "input-size", "onnx/node-input-size-not-in-range", "ValidationError: Node"),
    ("onnx_cases", "dims", "onnx/ort-invalid-input-dimensions", "Got invalid dimensions"),
    ("onnx_cases", "dtype", "onnx/ort-unexpected-input-dtype", "Unexpected input data type"),
    ("onnx_cases", "missing-input", "onnx/ort-required-inputs-missing", "ValueError: Required"),
    ("onnx_cases", "protobuf", "onnx/ort-invalid-protobuf", "INVALID_PROTOBUF"),
    ("onnx_cases", "ir-version", "onnx/ort-unsupported-ir-version", "Unsupported model IR"),
    ("onnx_cases", "opset", "onnx/ort-opset-under-development", "is under development"),
    ("onnx_cases", "provider", "onnx/ort-provider-not-available", "UserWarning: Specified"),
    # entries added together with their reproduction
    ("torch_cases", "conv-dims", "pytorch/conv-input-dimensions", "RuntimeError: Expected 3D"),
    ("torch_cases", "dtype-conv-bias", "pytorch/input-bias-type-mismatch", "and bias type"),
    ("torch_cases", "target-oob", "pytorch/target-out-of-bounds", "IndexError: Target"),
    ("torch_cases", "multi-target", "pytorch/multi-target-not-supported", "RuntimeError: 0D"),
    ("torch_cases", "bce-size", "pytorch/bce-target-size-deprecated", "ValueError: Using a"),
    ("torch_cases", "bce-logits-size", "pytorch/bce-logits-target-size", "ValueError: Target"),
    ("torch_cases", "mse-broadcast", "pytorch/loss-target-size-broadcast", "UserWarning: Using a"),
    ("torch_cases", "result-cast", "pytorch/result-type-cannot-be-cast", "RuntimeError: result"),
    ("torch_cases", "bool-ambiguous", "pytorch/boolean-value-ambiguous", "RuntimeError: Boolean"),
    ("torch_cases", "one-element", "pytorch/only-one-element-tensors", "ValueError: only one"),
    ("torch_cases", "numpy-object", "pytorch/numpy-object-array", "TypeError: can't convert"),
    ("torch_cases", "ragged-list", "pytorch/ragged-sequence-to-tensor", "ValueError: expected seq"),
    ("torch_cases", "expand", "pytorch/expanded-size-mismatch", "RuntimeError: The expanded"),
    ("torch_cases", "shape-invalid", "pytorch/shape-invalid-for-input-size", "RuntimeError: shape"),
    ("torch_cases", "pool-too-small", "pytorch/output-size-too-small", "RuntimeError: Given input"),
    ("torch_cases", "kernel-too-big", "pytorch/kernel-larger-than-input", "RuntimeError: Calc"),
    (
        "torch_cases",
        "lstm-hidden",
        "pytorch/rnn-hidden-size-mismatch",
        "RuntimeError: Expected hid",
    ),
    ("torch_cases", "dim-range", "pytorch/dimension-out-of-range", "IndexError: Dimension"),
    ("torch_cases", "empty-params", "pytorch/optimizer-empty-parameter-list", "ValueError: optim"),
    ("torch_cases", "cat-ndim", "pytorch/cat-dimension-count-mismatch", "RuntimeError: Tensors"),
    ("torch_cases", "cat-sizes", "pytorch/cat-sizes-mismatch", "RuntimeError: Sizes of"),
    (
        "torch_cases",
        "grad-unused",
        "pytorch/differentiated-tensor-unused",
        "RuntimeError: The diff",
    ),
    ("torch_cases", "embedding-float", "pytorch/embedding-indices-dtype", "'indices' to have"),
    ("torch_cases", "nccl", "pytorch/nccl-not-built-in", "RuntimeError: Distributed package"),
    ("torch_cases", "batchnorm-one", "pytorch/batchnorm-one-value-per-channel", "ValueError: Exp"),
    ("torch_cases", "ce-target-size", "pytorch/loss-expected-target-size", "RuntimeError: Expec"),
    ("torch_cases", "layernorm", "pytorch/layernorm-normalized-shape", "RuntimeError: Given norm"),
    ("torch_cases", "index-float", "pytorch/indices-dtype", "IndexError: tensors used as"),
    (
        "torch_cases",
        "requires-grad-int",
        "pytorch/requires-grad-integer-dtype",
        "RuntimeError: Only",
    ),
    ("torch_cases", "collate-type", "pytorch/default-collate-type", "TypeError: default_collate"),
    ("torch_cases", "anomaly-nan", "pytorch/anomaly-nan-in-backward", "returned nan values"),
    ("hf_cases", "unable-tensor", "huggingface/unable-to-create-tensor", "ValueError: Unable to"),
    ("hf_cases", "max-length", "huggingface/generate-input-length-max-length", "ValueError: Input"),
    ("hf_cases", "right-padding", "huggingface/decoder-only-right-padding", "right-padding was"),
    (
        "hf_cases",
        "no-weights",
        "huggingface/no-weights-file-in-directory",
        "OSError: Error no file",
    ),
    ("hf_cases", "repo-id", "huggingface/repo-id-validation", "OSError: Repo id must be in"),
    (
        "hf_cases",
        "evaluation-strategy",
        "huggingface/training-args-evaluation-strategy",
        "TypeError: ",
    ),
    ("hf_cases", "model-type", "huggingface/model-type-mismatch", "You are using a model of type"),
    (
        "hf_cases",
        "safetensors-contiguous",
        "huggingface/safetensors-non-contiguous",
        "ValueError: You",
    ),
    ("hf_cases", "safetensors-shared", "huggingface/safetensors-shared-tensors", "Some tensors sh"),
    ("torch_cases", "scheduler-order", "pytorch/lr-scheduler-before-optimizer", "UserWarning: Det"),
    (
        "torch_cases",
        "copy-construct",
        "pytorch/tensor-copy-construct-warning",
        "UserWarning: To co",
    ),
    ("torch_cases", "softmax-dim", "pytorch/softmax-implicit-dim", "UserWarning: Implicit dim"),
    ("torch_cases", "dl-segv", "pytorch/dataloader-worker-segfault", "ERROR: Unexpected segm"),
    ("torch_cases", "ext-ninja", "pytorch/ninja-required", "RuntimeError: Ninja is required"),
    ("dist_cases", "ddp", "pytorch/ddp-variable-marked-ready-twice", "mark a variable ready only"),
    ("dist_cases", "ddp", "pytorch/gloo-timed-out-waiting", "Timed out waiting"),
    ("dist_cases", "client-connect", "pytorch/client-socket-timed-out", "The client socket has"),
    ("onnx_cases", "checker-ir", "onnx/checker-ir-version-too-high", "ValidationError: Your model"),
    ("onnx_cases", "shape-inference", "onnx/shape-inference-shape-differs", "InferenceError:"),
    ("onnx_cases", "rank", "onnx/ort-invalid-rank", "INVALID_ARGUMENT : Invalid rank"),
    ("onnx_cases", "no-file", "onnx/ort-no-such-file", "NO_SUCHFILE"),
    ("onnx_cases", "type-error", "onnx/ort-invalid-graph-type-error", "INVALID_GRAPH"),
    ("onnx_cases", "not-implemented", "onnx/ort-not-implemented", "NOT_IMPLEMENTED"),
    ("onnx_cases", "attribute", "onnx/ort-unrecognized-attribute", "INVALID_GRAPH"),
    ("onnx_cases", "reshape", "onnx/ort-reshape-invalid-shape", "pybind11_state.Fail"),
    ("onnx_cases", "initializer-input", "onnx/ort-initializer-in-graph-inputs", "appears in graph"),
]
EXPECTED += [
    ("torch_cases", "quantized-op", "pytorch/could-not-run-op-on-backend", "NotImplementedError:"),
    ("torch_cases", "gpu-checkpoint", "pytorch/deserialize-cuda-on-cpu-only", "RuntimeError: Att"),
    ("torch_cases", "main-guard", "pytorch/spawn-bootstrapping-main-guard", "An attempt has"),
    (
        "torch_cases",
        "onnx-export-op",
        "onnx/torch-export-unsupported-operator",
        "errors.UnsupportedOperatorError:",
    ),
    ("hf_cases", "config-class", "huggingface/unrecognized-config-class", "ValueError: Unrec"),
]
EXPECTED += [
    ("jax_cases", "immutable", "jax/arrays-are-immutable", "TypeError: JAX arrays"),
    ("jax_cases", "bool-conversion", "jax/concretization-type-error", "TracerBoolConversionError:"),
    ("jax_cases", "non-hashable", "jax/non-hashable-static-arguments", "ValueError: Non-hash"),
    ("jax_cases", "leaked-tracer", "jax/unexpected-tracer-error", "UnexpectedTracerError:"),
    ("jax_cases", "traced-shape", "jax/shapes-not-concrete", "TypeError: Shapes must"),
    ("jax_cases", "grad-int", "jax/grad-requires-inexact-inputs", "TypeError: grad requires"),
    ("jax_cases", "grad-vector", "jax/grad-scalar-output", "TypeError: Gradient only"),
    ("jax_cases", "vmap-sizes", "jax/vmap-inconsistent-sizes", "ValueError: vmap got"),
    ("jax_cases", "unknown-backend", "jax/unknown-backend", "RuntimeError: Unknown backend"),
    ("jax_cases", "dot-shapes", "jax/dot-general-contracting-shapes", "TypeError: dot_general"),
    ("jax_cases", "platforms-env", "jax/unable-to-initialize-backend", "Unable to initialize"),
]
REPRODUCED_IDS = sorted({entry_id for _, _, entry_id, _ in EXPECTED})
# JAX has its own environment (scripts/repro/jax.sh); every other driver runs under .repro/ml.
JAX_DRIVERS = ("jax_cases",)


def _run_drivers(
    python: Path, cwd: Path, drivers: list[str], cases: tuple[str, ...] = ()
) -> dict[str, str]:
    """Start every driver at once (they wait on sockets and timeouts more than on the CPU);
    `cases` runs only those cases of each."""
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "PYTHONUNBUFFERED": "1",
        "LC_ALL": "C.UTF-8",
        "NO_COLOR": "1",
        "TQDM_DISABLE": "1",
        "PYTHONPATH": "",
    }
    procs = {
        driver: subprocess.Popen(
            [str(python), str(DRIVERS_DIR / f"{driver}.py"), *cases],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
        )
        for driver in drivers
    }
    return {driver: proc.communicate(timeout=600)[0] for driver, proc in procs.items()}


def _chunks(driver: str, output: str) -> dict[tuple[str, str], list[str]]:
    """Cut one driver's output at its marker lines: (driver, case) -> the case's lines."""
    chunks: dict[tuple[str, str], list[str]] = {}
    current: list[str] = []
    for line in output.split("\n"):
        if line.startswith(MARK):
            current = chunks.setdefault((driver, line[len(MARK) :].strip()), [])
        else:
            current.append(line)
    return chunks


def _check(python: Path, drivers: list[str], tmp_path: Path) -> None:
    """Run the drivers, scan their joined output once, check every expected line's entry."""
    outputs = _run_drivers(python, tmp_path, drivers)
    chunks: dict[tuple[str, str], list[str]] = {}
    for driver, output in outputs.items():
        chunks.update(_chunks(driver, output))
    # Which wording a case gets can depend on timing (a dying DataLoader worker's SIGCHLD
    # may arrive before or after the loader looks at its queue). A case whose expected
    # line is missing runs again alone, up to twice; the line must still be real output.
    for driver, case, _entry_id, needle in EXPECTED:
        for _retry in range(2):
            if driver not in drivers or any(
                needle in line for line in chunks.get((driver, case), [])
            ):
                break
            again = _chunks(driver, _run_drivers(python, tmp_path, [driver], (case,))[driver])
            if (driver, case) in again:
                chunks[(driver, case)] = again[(driver, case)]
    lines: list[str] = []
    start: dict[tuple[str, str], int] = {}
    for key, chunk in chunks.items():
        start[key] = len(lines)
        lines.extend(chunk)
    expected: dict[int, tuple[str, str]] = {}
    missing = []
    for driver, case, entry_id, needle in EXPECTED:
        if driver not in drivers:
            continue
        chunk = chunks.get((driver, case), [])
        at = next((i for i, line in enumerate(chunk) if needle in line), None)
        if at is None:
            missing.append(f"{entry_id}: {driver} {case} printed no line with {needle!r}")
            continue
        expected[start[(driver, case)] + at + 1] = (entry_id, chunk[at])
    assert not missing, "\n".join(missing) + "\n\n" + "\n".join(outputs.values())[-6000:]
    log = tmp_path / "real-output.log"
    log.write_text("\n".join(lines), encoding="utf-8")
    doc = scan_json(log, tmp_path / "data")
    found = {m["line"]: m for m in doc["files"][0]["matches"]}
    problems = []
    for number, (entry_id, text) in sorted(expected.items()):
        match = found.get(number)
        if match is None or match["kind"] != "regex" or match["entry_id"] != entry_id:
            got = match and [c["entry_id"] for c in match["candidates"]]
            problems.append(f"line {number} {text[:160]!r}: expected {entry_id}, got {got}")
    assert not problems, "\n".join(problems)


def test_ml_errors_are_found_in_one_scan(tmp_path: Path) -> None:
    python = require_repro_tool("ml", "bin/python")
    drivers = sorted({d for d, _, _, _ in EXPECTED if d not in JAX_DRIVERS})
    _check(python, drivers, tmp_path)


def test_jax_errors_are_found_in_one_scan(tmp_path: Path) -> None:
    python = require_repro_tool("jax", "bin/python")
    _check(python, list(JAX_DRIVERS), tmp_path)

"""onnx and onnxruntime errors produced with small models built here with `onnx.helper`.

Run as `.repro/ml/bin/python onnx_cases.py [CASE ...]`; models are written to a temporary
folder and loaded with the CPU execution provider.
"""

from __future__ import annotations

import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
from harness import run_cases
from onnx import TensorProto, checker, helper

TMP = Path(tempfile.mkdtemp(prefix="reproml-onnx-"))
warnings.simplefilter("default")
FLOAT_X = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])
FLOAT_Y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])


def model(nodes, inputs, outputs, opset=17, ir=8, inits=()):  # noqa: ANN001, ANN201
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(inits))
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)], ir_version=ir)


def relu(**kwargs: object) -> onnx.ModelProto:
    return model([helper.make_node("Relu", ["x"], ["y"], **kwargs)], [FLOAT_X], [FLOAT_Y])


def relu_model(**kwargs: int) -> onnx.ModelProto:
    return model([helper.make_node("Relu", ["x"], ["y"])], [FLOAT_X], [FLOAT_Y], **kwargs)


def save(proto: onnx.ModelProto, name: str) -> str:
    path = TMP / name
    onnx.save(proto, path)
    return str(path)


def session(path: str, providers: list[str] | None = None) -> ort.InferenceSession:
    return ort.InferenceSession(path, providers=providers or ["CPUExecutionProvider"])


def run_relu(feed: dict) -> None:
    session(save(relu(), "relu.onnx")).run(None, feed)


def typed_relu(elem_type: int) -> onnx.ModelProto:
    x = helper.make_tensor_value_info("x", elem_type, [1, 4])
    y = helper.make_tensor_value_info("y", elem_type, [1, 4])
    return model([helper.make_node("Relu", ["x"], ["y"])], [x], [y])


def reshape_to(shape: list[int]) -> None:
    target = helper.make_tensor("shape", TensorProto.INT64, [len(shape)], shape)
    out = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    node = helper.make_node("Reshape", ["x", "shape"], ["y"])
    proto = model([node], [FLOAT_X], [out], inits=[target])
    session(save(proto, "reshape.onnx")).run(None, {"x": np.zeros((1, 4), np.float32)})


def initializer_in_inputs() -> None:
    """An old exporter's model: the weight is also listed as a graph input (IR version 4)."""
    weight = helper.make_tensor("w", TensorProto.FLOAT, [1, 4], [1, 2, 3, 4])
    w_input = helper.make_tensor_value_info("w", TensorProto.FLOAT, [1, 4])
    node = helper.make_node("Add", ["x", "w"], ["y"])
    proto = model([node], [FLOAT_X, w_input], [FLOAT_Y], opset=9, ir=4, inits=[weight])
    session(save(proto, "weights-as-inputs.onnx"))


def not_a_model() -> None:
    (TMP / "model.onnx").write_bytes(b"version https://git-lfs.github.com/spec/v1\n" * 3)
    session(str(TMP / "model.onnx"))


CASES = {
    "no-op": lambda: checker.check_model(
        model([helper.make_node("FooBar", ["x"], ["y"])], [FLOAT_X], [FLOAT_Y])
    ),
    "input-size": lambda: checker.check_model(
        model([helper.make_node("Relu", ["x", "x"], ["y"])], [FLOAT_X], [FLOAT_Y])
    ),
    "checker-ir": lambda: checker.check_model(
        model([helper.make_node("Relu", ["x"], ["y"])], [FLOAT_X], [FLOAT_Y], ir=99)
    ),
    "shape-inference": lambda: onnx.shape_inference.infer_shapes(
        model(
            [helper.make_node("Relu", ["x"], ["y"])],
            [FLOAT_X],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 4])],
        ),
        strict_mode=True,
    ),
    "dims": lambda: run_relu({"x": np.zeros((1, 5), np.float32)}),
    "rank": lambda: run_relu({"x": np.zeros((4,), np.float32)}),
    "dtype": lambda: run_relu({"x": np.zeros((1, 4), np.float64)}),
    "missing-input": lambda: run_relu({"input": np.zeros((1, 4), np.float32)}),
    "protobuf": not_a_model,
    "ir-version": lambda: session(save(relu_model(ir=99), "ir.onnx")),
    "opset": lambda: session(save(relu_model(opset=30), "opset.onnx")),
    "provider": lambda: session(save(relu(), "relu.onnx"), ["CUDAExecutionProvider"]),
    "no-file": lambda: session(str(TMP / "missing.onnx")),
    "type-error": lambda: session(save(typed_relu(TensorProto.UINT16), "u16.onnx")),
    "not-implemented": lambda: session(save(typed_relu(TensorProto.INT64), "i64.onnx")),
    "attribute": lambda: session(save(relu(alpha=0.1), "attr.onnx")),
    "reshape": lambda: reshape_to([3, 3]),
    "initializer-input": initializer_in_inputs,
}

if __name__ == "__main__":
    run_cases(CASES, sys.argv[1:])

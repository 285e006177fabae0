"""NumPy 2 and pandas 3 failing for real, each failure in one interpreter run."""

from __future__ import annotations

import zipfile
from pathlib import Path

from . import Case, run_snippets, write

CASES: list[Case] = [
    ("numpy/array-element-sequence", "numpy", "setting an array element with a sequence"),
    ("numpy/broadcast-shapes", "numpy", "could not be broadcast together"),
    ("numpy/deprecated-aliases-removed", "numpy", "has no attribute 'float'"),
    ("numpy/truth-value-ambiguous", "numpy", "truth value of an array"),
    ("numpy/unable-to-allocate", "numpy", "Unable to allocate"),
    ("pandas/cannot-reindex-duplicate-labels", "pandas", "ValueError: cannot reindex"),
    ("pandas/dataframe-append-removed", "pandas", "object has no attribute 'append'"),
    ("pandas/key-error-column", "pandas", "are in the [columns]"),
    ("pandas/length-mismatch", "pandas", "does not match length of index"),
    ("pandas/merge-dtype-mismatch", "pandas", "You are trying to merge on"),
    ("pandas/parser-error-tokenizing", "pandas", "Error tokenizing data"),
    ("pandas/setting-with-copy-warning", "pandas", "ChainedAssignmentError"),
    ("pandas/str-accessor-non-string", "pandas", "AttributeError: Can only use .str"),
    ("pandas/truth-value-series-ambiguous", "pandas", "truth value of a Series"),
    ("numpy/index-out-of-bounds", "numpy", "is out of bounds for axis 0"),
    ("numpy/cannot-reshape", "numpy", "cannot reshape array of size"),
    ("numpy/could-not-broadcast-input", "numpy", "could not broadcast input array"),
    ("numpy/only-integers-valid-indices", "numpy", "only integers, slices"),
    ("numpy/matmul-core-dimension-mismatch", "numpy", "mismatch in its core dimension"),
    ("numpy/shapes-not-aligned", "numpy", "not aligned:"),
    ("numpy/concatenate-dimensions-mismatch", "numpy", "concatenation axis must match"),
    ("numpy/singular-matrix", "numpy", "LinAlgError: Singular matrix"),
    ("numpy/ufunc-cannot-cast-output", "numpy", "Cannot cast ufunc 'add' output"),
    ("numpy/allow-pickle-false", "numpy", "ValueError: Object arrays cannot be loaded"),
    ("numpy/python-integer-out-of-bounds", "numpy", "out of bounds for uint8"),
    ("numpy/unable-to-avoid-copy", "numpy", "Unable to avoid copy"),
    ("numpy/only-0d-arrays-to-scalars", "numpy", "can be converted to Python scalars"),
    ("numpy/runtime-warning-invalid-value", "numpy", "invalid value encountered in divide"),
    ("numpy/runtime-warning-divide-by-zero", "numpy", "divide by zero encountered in log"),
    ("pandas/missing-optional-dependency", "pandas", "openpyxl` failed"),
    ("pandas/empty-data-error", "pandas", "No columns to parse from file"),
    ("pandas/int-casting-nan", "pandas", "Cannot convert non-finite values"),
    ("pandas/scalar-values-need-index", "pandas", "ValueError: If using all scalar"),
    ("pandas/time-data-does-not-match-format", "pandas", "doesn't match format"),
    ("pandas/out-of-bounds-datetime", "pandas", "OutOfBoundsDatetime:"),
    ("pandas/tz-naive-aware-compare", "pandas", "tz-naive and tz-aware"),
    ("pandas/no-objects-to-concatenate", "pandas", "ValueError: No objects to concatenate"),
    (
        "pandas/columns-must-be-same-length-as-key",
        "pandas",
        "ValueError: Columns must be same length",
    ),
    ("pandas/mask-with-na-values", "pandas", "Cannot mask with non-boolean array"),
    ("pandas/could-not-convert-to-numeric", "pandas", "TypeError: Could not convert"),
    ("pandas/could-not-convert-to-numeric", "pandas", "Cannot perform reduction 'mean'"),
    ("pandas/dtype-warning-mixed-types", "pandas", "have mixed types"),
]

NUMPY_PRELUDE = """
import warnings
warnings.simplefilter("default")
import numpy as np
"""

NUMPY = {
    "sequence": "np.array([[1, 2], [3]], dtype=float)",
    "broadcast": "np.ones((3, 4)) + np.ones(3)",
    "alias": "np.float(1)",
    "truth": "if np.array([1, 2]):\n    pass",
    "allocate": "np.ones((300000, 300000))",
    "bounds": "np.arange(3)[5]",
    "reshape": "np.arange(6).reshape(4)",
    "input": "a = np.zeros((2, 2))\na[0] = np.ones(3)",
    "indices": "np.arange(3)[1.0]",
    "matmul": "np.ones((2, 3)) @ np.ones((2, 3))",
    "dot": "np.dot(np.ones((2, 3)), np.ones((2, 3)))",
    "concat": "np.concatenate([np.ones((2, 3)), np.ones((2, 4))])",
    "singular": "np.linalg.inv(np.zeros((2, 2)))",
    "cast": "a = np.arange(3)\na += 0.5",
    "pickle": "np.save('objs.npy', np.array([{'a': 1}], dtype=object))\nnp.load('objs.npy')",
    "uint8": "np.array([1], dtype=np.uint8) + 300",
    "copy": "np.array([1, 2], copy=False)",
    "scalar": "float(np.array([1.0, 2.0]))",
    "invalid": "np.array([0.0]) / np.array([0.0])",
    "log": "np.log(np.array([0.0]))",
}

PANDAS_PRELUDE = """
import warnings
warnings.simplefilter("default")
import numpy as np
import pandas as pd
df = pd.DataFrame({"id": [1, 2, 3], "qty": [1, 2, 3]})
"""

PANDAS = {
    "reindex": "s = pd.Series([1, 2], index=['a', 'a'])\ns.reindex(['a', 'b'])",
    "append": "df.append({'id': 4}, ignore_index=True)",
    "columns": "df[['price', 'total']]",
    "length": "df['name'] = ['a', 'b']",
    "merge": (
        "left = pd.DataFrame({'k': ['1', '2']})\nright = pd.DataFrame({'k': [1, 2]})\n"
        "left.merge(right, on='k')"
    ),
    "tokenizing": "pd.read_csv('ragged.csv')",
    "chained": "df[df['qty'] > 1]['qty'] = 0\ndf['qty'][0] = 5",
    "str": "df['id'].str.upper()",
    "truth": "if df['qty'] > 1:\n    pass",
    "excel": "pd.read_excel('book.xlsx')",
    "empty": "pd.read_csv('empty.csv')",
    "intcast": "pd.Series([1.0, np.nan]).astype(int)",
    "scalars": "pd.DataFrame({'a': 1, 'b': 2})",
    "format": "pd.to_datetime(['2024-13-01'], format='%Y-%m-%d')",
    "bounds": "pd.Timestamp('0001-01-01').as_unit('ns')",
    "tz": ("pd.Timestamp('2024-01-01', tz='UTC') > pd.Timestamp('2024-01-01')"),
    "concat": "pd.concat([])",
    "key": "df[['a', 'b']] = df[['id']]",
    "mask": "s = pd.Series(['x', None, 'y'], dtype=object)\ns[s.str.contains('x')]",
    "numeric": "pd.Series(['a', 'b'], dtype=object).mean()",
    "reduction": "pd.Series(['a', 'b']).mean()",
    "mixed": "pd.read_csv('mixed.csv')",
}


def produce(python: Path, work: Path) -> dict[str, str]:
    root = work / "data"
    write(root / "ragged.csv", "a,b\n1,2\n3,4,5\n")
    write(root / "empty.csv", "")
    with zipfile.ZipFile(root / "book.xlsx", "w") as book:
        book.writestr("[Content_Types].xml", "<Types/>")
        book.writestr("xl/workbook.xml", "<workbook/>")
    # Integers in the first chunks, text later: the C parser reads the column in chunks.
    rows = ["id,code"] + [f"{i},{i}" for i in range(300000)] + ["300000,X7"]
    (root / "mixed.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return {
        "numpy": run_snippets(python, root, "numpy_cases", NUMPY_PRELUDE, NUMPY),
        "pandas": run_snippets(python, root, "pandas_cases", PANDAS_PRELUDE, PANDAS),
    }

"""JAX errors produced on the CPU (jax and jaxlib 0.10.2 from scripts/repro/jax.sh).

Run as `.repro/jax/bin/python jax_cases.py [CASE ...]`.
"""

from __future__ import annotations

import sys

import jax
import jax.numpy as jnp
from harness import run_cases

LEAKED: list[jax.Array] = []


def assign_in_place() -> None:
    x = jnp.zeros(3)
    x[0] = 1.0


def python_if_on_traced_value() -> None:
    @jax.jit
    def relu(x: jax.Array) -> jax.Array:
        if x > 0:
            return x
        return jnp.zeros_like(x)

    relu(1.0)


def dict_as_static_argument() -> None:
    step = jax.jit(lambda x, config: x * config["scale"], static_argnums=1)
    step(1.0, {"scale": 2.0})


def leak_tracer() -> None:
    @jax.jit
    def step(x: jax.Array) -> jax.Array:
        LEAKED.append(x)
        return x * 2

    step(1.0)
    jnp.add(LEAKED[0], 1)


def traced_shape() -> None:
    @jax.jit
    def make(n: int) -> jax.Array:
        return jnp.zeros(n)

    make(3)


def platform_not_installed() -> None:
    """JAX_PLATFORMS names a platform whose runtime is missing (read when jax is imported)."""
    import os
    import subprocess

    env = {**os.environ, "JAX_PLATFORMS": "rocm"}
    code = "import jax.numpy as jnp; jnp.ones(2)"
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    sys.stderr.write(proc.stdout + proc.stderr)


CASES = {
    "immutable": assign_in_place,
    "bool-conversion": python_if_on_traced_value,
    "non-hashable": dict_as_static_argument,
    "leaked-tracer": leak_tracer,
    "traced-shape": traced_shape,
    "grad-int": lambda: jax.grad(lambda x: x * 2)(3),
    "grad-vector": lambda: jax.grad(lambda x: x * 2)(jnp.ones(3)),
    "vmap-sizes": lambda: jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4)),
    "unknown-backend": lambda: jax.devices("cuda"),
    "dot-shapes": lambda: jnp.dot(jnp.ones((2, 3)), jnp.ones((2, 3))),
    "platforms-env": platform_not_installed,
}

if __name__ == "__main__":
    run_cases(CASES, sys.argv[1:])

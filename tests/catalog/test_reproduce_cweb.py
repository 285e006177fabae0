"""Produce web-ecosystem errors for real (Node.js core, npm, tsc, ESLint, webpack) and check
that one scan of everything they printed ranks the matching catalogue entry first.

`test_node_and_npm_errors` runs offline with the node and npm on the machine. The toolchain test
installs pinned releases of typescript, eslint and webpack into a temporary folder from the npm
registry once per module. Without node/npm, or without a reachable registry, the tests skip and
say why, except under CI=true, where CI reaches the registry and a missing tool is a failure.
Each test batches its cases into a single `triage-app scan`.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from .reproduce import check_batch, run_tool

REPRODUCED_IDS = [
    # node and npm, offline
    "node/is-not-a-function",
    "node/maximum-call-stack-exceeded",
    "node/json-parse-unexpected-token-html",
    "node/json-unexpected-end",
    "node/err-http-headers-sent",
    "node/err-invalid-arg-type",
    "node/spawn-enoent",
    "node/fetch-failed",
    "npm/unsupported-url-type-workspace",
    "npm/network-request-failed",
    # tsc
    "typescript/module-has-no-exported-member",
    "typescript/implicit-any-parameter",
    "typescript/expected-arguments",
    "typescript/element-implicitly-any-index",
    "typescript/property-missing-in-type",
    "typescript/is-of-type-unknown",
    "typescript/property-no-initializer",
    "typescript/function-lacks-ending-return",
    "typescript/cannot-redeclare-block-scoped",
    "typescript/cannot-find-type-definition-file",
    "typescript/module-must-be-nodenext",
    # eslint
    "eslint/flat-config-file-missing",
    "eslint/could-not-find-plugin-for-rule",
    "eslint/extends-key-in-flat-config",
    "eslint/too-many-warnings",
    "eslint/no-files-matching-pattern",
    "eslint/parsing-error",
    # webpack
    "webpack/module-not-found",
    "webpack/node-core-polyfill-removed",
    "webpack/fully-specified-esm",
    "webpack/module-parse-failed-no-loader",
    "webpack/module-build-failed",
    "webpack/invalid-configuration-object",
    "webpack/compiled-with-errors",
]

# Pinned so that the output the entries were written from is the output the test sees.
TOOLCHAIN = [
    "typescript@5.9.3",
    "eslint@10.15.0",
    "@eslint/js@10.0.1",
    "webpack@5.113.0",
    "webpack-cli@7.3.1",
]


# ---------------------------------------------------------------------------------------- helpers


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def need(name: str) -> str:
    """The tool's path; skip when it is missing, except under CI, where that is a failure."""
    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} is not installed on this CI machine")
        pytest.skip(f"{name} is not installed on this machine")
    return path


def npm_env(cache: Path, **extra: str) -> dict[str, str]:
    return {
        "npm_config_cache": str(cache),
        "npm_config_update_notifier": "false",
        "npm_config_audit": "false",
        "npm_config_fund": "false",
        **extra,
    }


# ------------------------------------------------------------------------------- node and npm


NODE_SCRIPTS = {
    "not-a-function": "const o = {}; o.foo();",
    "stack": "function f() { f(); } f();",
    "json-html": "JSON.parse('<!DOCTYPE html><html>');",
    "json-empty": "JSON.parse('');",
    "arg-type": "require('path').join(undefined);",
    "spawn": "require('child_process').spawn('triage-no-such-program').on('error', (e) => { throw e; });",
    "fetch": "fetch('http://127.0.0.1:9/').catch((e) => { console.error(String(e)); process.exit(1); });",
    "headers": (
        "const http = require('http');"
        "const s = http.createServer((q, r) => { r.end('a'); r.setHeader('x', 'y'); });"
        "process.on('uncaughtException', (e) => { console.error(e.stack.split('\\n')[0]); s.close(); });"
        "s.listen(0, '127.0.0.1', () => http.get('http://127.0.0.1:' + s.address().port + '/', "
        "(r) => { r.resume(); r.on('end', () => setTimeout(() => s.close(), 50)); }));"
    ),
}


def test_node_and_npm_errors(tmp_path: Path) -> None:
    node = need("node")
    npm = need("npm")
    sections = [
        run_tool([node, "-e", script], tmp_path, timeout=60) for script in NODE_SCRIPTS.values()
    ]

    ws = tmp_path / "ws"
    write(
        ws / "package.json",
        json.dumps({"name": "ws", "version": "1.0.0", "dependencies": {"@acme/ui": "workspace:*"}}),
    )
    sections.append(run_tool([npm, "install"], ws, env=npm_env(tmp_path / "cache"), timeout=120))

    net = tmp_path / "net"
    write(net / "package.json", json.dumps({"name": "net", "version": "1.0.0"}))
    env = npm_env(
        tmp_path / "cache", npm_config_registry="http://127.0.0.1:9/", npm_config_fetch_retries="0"
    )
    sections.append(run_tool([npm, "install", "left-pad"], net, env=env, timeout=120))

    check_batch(
        sections,
        [
            ("node/is-not-a-function", "TypeError: o.foo is not a function"),
            ("node/maximum-call-stack-exceeded", "RangeError: Maximum call stack size exceeded"),
            ("node/json-parse-unexpected-token-html", "is not valid JSON"),
            ("node/json-unexpected-end", "Unexpected end of JSON input"),
            ("node/err-invalid-arg-type", "ERR_INVALID_ARG_TYPE"),
            ("node/spawn-enoent", "spawn triage-no-such-program ENOENT"),
            ("node/fetch-failed", "TypeError: fetch failed"),
            ("node/err-http-headers-sent", "ERR_HTTP_HEADERS_SENT"),
            ("npm/unsupported-url-type-workspace", 'Unsupported URL Type "workspace:"'),
            ("npm/network-request-failed", "request to http://127.0.0.1:9/left-pad failed"),
        ],
        tmp_path,
    )


# ----------------------------------------------------------------------------- the toolchain


@pytest.fixture(scope="module")
def toolchain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the pinned packages installed from the npm registry."""
    need("node")
    npm = need("npm")
    root = tmp_path_factory.mktemp("web-toolchain")
    write(root / "package.json", json.dumps({"name": "toolchain", "private": True}))
    out = run_tool(
        [npm, "install", "--no-audit", "--no-fund", *TOOLCHAIN],
        root,
        env=npm_env(root / ".npm-cache"),
        timeout=600,
    )
    if not (root / "node_modules" / ".bin" / "webpack").exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"npm could not install {TOOLCHAIN}:\n{out}")
        pytest.skip(
            f"npm could not install the pinned toolchain (registry unreachable?): {out[-300:]}"
        )
    return root


def tool(root: Path, name: str) -> str:
    return str(root / "node_modules" / ".bin" / name)


TS_BAD = """import { b } from './a';
function f(x) { return x; }
function g(a: number, b: number) { return a + b; }
g(1);
const obj = { x: 1 };
const key: string = 'x';
console.log(obj[key]);
interface Props { title: string }
const p: Props = {};
try { } catch (e) { console.log(e.message); }
class C { name: string; }
function h(n: number): string { if (n) { return 'x'; } }
console.log(b, f, p, C, h);
"""


def tsc_sections(root: Path, work: Path) -> list[str]:
    tsc = tool(root, "tsc")
    ts = work / "ts"
    write(ts / "a.ts", "export const a = 1;\n")
    write(ts / "b.ts", TS_BAD)
    write(ts / "c.ts", "let dup = 1;\nlet dup = 2;\n")
    options = {"strict": True, "noEmit": True, "types": []}
    write(
        ts / "tsconfig.json",
        json.dumps({"compilerOptions": options, "files": ["a.ts", "b.ts", "c.ts"]}),
    )
    bad_config = {
        "strict": True,
        "noEmit": True,
        "types": ["node"],
        "module": "ES2020",
        "moduleResolution": "NodeNext",
    }
    write(ts / "bad" / "x.ts", "export {};\n")
    write(
        ts / "bad" / "tsconfig.json", json.dumps({"compilerOptions": bad_config, "files": ["x.ts"]})
    )
    return [
        run_tool([tsc, "-p", "."], ts),
        run_tool([tsc, "-p", ".", "--locale", "zh-cn"], ts),
        run_tool([tsc, "-p", "bad"], ts),
    ]


def eslint_sections(root: Path, work: Path) -> list[str]:
    eslint = tool(root, "eslint")
    base = work / "es"
    configs = {
        "none": None,
        "plugin": 'export default [{ rules: { "react/prop-types": "error" } }];',
        "extends": 'export default [{ extends: ["x"] }];',
        "warn": 'export default [{ rules: { "no-unused-vars": "warn" } }];',
        "parse": "export default [{}];",
    }
    sections = []
    for name, config in configs.items():
        folder = base / name
        write(
            folder / "package.json", json.dumps({"name": name, "private": True, "type": "module"})
        )
        write(
            folder / "src" / "a.js",
            "let unused = 2;\nexport const y = 1;\n" if name == "warn" else "export const a = 1;\n",
        )
        if name == "parse":
            write(folder / "src" / "b.js", "const x = 1;\nfunction f( {\n")
        if config is not None:
            write(folder / "eslint.config.js", config)
        args = [eslint, "--max-warnings", "0", "src"] if name == "warn" else [eslint, "src"]
        sections.append(run_tool(args, folder))
    sections.append(run_tool([eslint, "nothing-here"], base / "parse"))
    return sections


def webpack_sections(root: Path, work: Path) -> list[str]:
    webpack = tool(root, "webpack")
    wp = work / "wp"
    write(wp / "package.json", json.dumps({"name": "wp", "private": True}))
    write(
        wp / "src" / "index.js",
        "import missing from 'left-pad-not-installed';\nimport crypto from 'crypto';\nconsole.log(missing, crypto);\n",
    )
    write(wp / "src" / "math.js", "export const add = (a, b) => a + b;\n")
    write(
        wp / "webpack.config.js",
        "module.exports = { mode: 'production', entry: './src/index.js' };\n",
    )
    write(
        wp / "bad.config.js",
        "module.exports = { mode: 'production', entry: './src/math.js', outputt: {} };\n",
    )
    write(wp / "loader.js", "module.exports = function () { throw new Error('boom'); };\n")
    write(
        wp / "loader.config.js",
        "module.exports = { mode: 'production', entry: './src/math.js', "
        "module: { rules: [{ test: /math\\.js$/, use: './loader.js' }] } };\n",
    )
    esm = wp / "esm"
    write(esm / "package.json", json.dumps({"name": "esm", "private": True, "type": "module"}))
    write(esm / "src" / "index.js", "import { add } from './math';\nconsole.log(add(1, 2));\n")
    write(esm / "src" / "math.js", "export const add = (a, b) => a + b;\n")
    cjs = wp / "cjs"
    write(cjs / "package.json", json.dumps({"name": "cjs", "private": True, "type": "commonjs"}))
    write(cjs / "src" / "index.js", "import { x } from './x';\nconsole.log(x);\n")
    write(cjs / "src" / "x.js", "export const x = 1;\n")
    env = {"NO_COLOR": "1"}
    return [
        run_tool([webpack], wp, env=env),
        run_tool([webpack, "--config", "bad.config.js"], wp, env=env),
        run_tool([webpack, "--config", "loader.config.js"], wp, env=env),
        run_tool([webpack, "--mode", "production"], esm, env=env),
        run_tool([webpack, "--mode", "production"], cjs, env=env),
    ]


@pytest.mark.slow
def test_tsc_eslint_webpack_errors(toolchain: Path, tmp_path: Path) -> None:
    sections = tsc_sections(toolchain, tmp_path)
    sections += eslint_sections(toolchain, tmp_path)
    sections += webpack_sections(toolchain, tmp_path)
    check_batch(
        sections,
        [
            ("typescript/module-has-no-exported-member", "error TS2305: Module"),
            ("typescript/implicit-any-parameter", "error TS7006: Parameter"),
            ("typescript/expected-arguments", "error TS2554: Expected"),
            ("typescript/element-implicitly-any-index", "error TS7053: Element"),
            ("typescript/property-missing-in-type", "error TS2741: Property"),
            ("typescript/is-of-type-unknown", "error TS18046: 'e'"),
            ("typescript/property-no-initializer", "error TS2564: Property"),
            ("typescript/function-lacks-ending-return", "error TS2366: Function"),
            ("typescript/cannot-redeclare-block-scoped", "error TS2451: Cannot"),
            ("typescript/implicit-any-parameter", "error TS7006: 参数"),
            ("typescript/is-of-type-unknown", "error TS18046: “e”"),
            ("typescript/cannot-redeclare-block-scoped", "error TS2451: 无法"),
            ("typescript/cannot-find-type-definition-file", "error TS2688"),
            ("typescript/module-must-be-nodenext", "error TS5110"),
            ("eslint/flat-config-file-missing", "ESLint couldn't find an eslint.config"),
            ("eslint/could-not-find-plugin-for-rule", 'but could not find plugin "react"'),
            ("eslint/extends-key-in-flat-config", 'using the "extends" key'),
            ("eslint/too-many-warnings", "ESLint found too many warnings"),
            ("eslint/parsing-error", "Parsing error:"),
            ("eslint/no-files-matching-pattern", 'No files matching the pattern "nothing-here"'),
            ("webpack/module-not-found", "Can't resolve 'left-pad-not-installed'"),
            (
                "webpack/node-core-polyfill-removed",
                "BREAKING CHANGE: webpack < 5 used to include polyfills",
            ),
            ("webpack/compiled-with-errors", "compiled with 2 errors"),
            ("webpack/invalid-configuration-object", "Invalid configuration object"),
            ("webpack/module-build-failed", "Module build failed (from ./loader.js)"),
            ("webpack/fully-specified-esm", "resolved as fully specified"),
            ("webpack/module-parse-failed-no-loader", "You may need an appropriate loader"),
        ],
        tmp_path,
    )

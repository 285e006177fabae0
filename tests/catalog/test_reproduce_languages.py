"""Produce languages-group errors for real (node, npm, gcc, make, cmake, rustc, cargo) and check
that the scan ranks the matching catalogue entry first on the line that shows it.

Every case runs offline in `tmp_path`: npm only installs `file:` dependencies, cargo only resolves
path dependencies, and nothing is fetched from a registry.
"""

from __future__ import annotations

import json
from pathlib import Path

from .reproduce import assert_reproduced, require_tool, run_tool

REPRODUCED_IDS = [
    "node/cannot-find-module",
    "node/heap-out-of-memory",
    "node/err-module-not-found",
    "node/err-require-esm",
    "node/cannot-use-import-outside-module",
    "node/cannot-read-properties-of-undefined",
    "node/unhandled-promise-rejection",
    "node/eaddrinuse",
    "node/err-ossl-evp-unsupported",
    "node/engine-incompatible",
    "node/reference-error-not-defined",
    "node/err-unknown-file-extension",
    "npm/eresolve",
    "npm/enoent-package-json",
    "npm/missing-script",
    "npm/lifecycle-script-failed",
    "npm/eintegrity",
    "npm/ci-lockfile-out-of-sync",
    "npm/ejsonparse",
    "cpp/undefined-reference",
    "cpp/ld-returned-1-exit-status",
    "cpp/header-not-found",
    "cpp/cannot-find-library",
    "cpp/multiple-definition",
    "cpp/not-declared-in-scope",
    "cpp/implicit-function-declaration",
    "cpp/expected-semicolon-before",
    "cpp/requires-newer-cxx-standard",
    "cpp/relocation-recompile-with-fpic",
    "cpp/symbol-lookup-error",
    "cpp/internal-compiler-error-killed",
    "cpp/make-no-rule-to-make-target",
    "cpp/make-missing-separator",
    "cpp/cmake-package-config-not-found",
    "cpp/cmake-compiler-not-found",
    "rust/borrow-of-moved-value",
    "rust/cannot-borrow-mutable-while-immutable",
    "rust/mismatched-types",
    "rust/cannot-find-value",
    "rust/unresolved-crate-or-module",
    "rust/no-method-named",
    "rust/cargo-failed-to-select-version",
    "rust/linker-not-found",
]


# ---------------------------------------------------------------------------------------- helpers


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_json(path: Path, data: dict) -> Path:
    return write(path, json.dumps(data, indent=2) + "\n")


def node(args: list[str], cwd: Path, *, retry_flag: str | None = None, expect: str = "") -> str:
    """Run node; when newer Node.js accepts what older versions reject (require of ESM, .ts
    files), run again with `retry_flag`, which turns the old behaviour back on."""
    exe = require_tool("node")
    out = run_tool([exe, *args], cwd)
    if retry_flag and expect not in out:
        out = run_tool([exe, retry_flag, *args], cwd)
    return out


def npm(args: list[str], cwd: Path, tmp_path: Path) -> str:
    """Run npm offline, with its cache (and debug logs) inside tmp_path."""
    exe = require_tool("npm")
    env = {
        "npm_config_cache": str(tmp_path / "npm-cache"),
        "npm_config_update_notifier": "false",
        "npm_config_audit": "false",
        "npm_config_fund": "false",
        "npm_config_offline": "true",
    }
    return run_tool([exe, *args], cwd, env=env)


def compile_c(tmp_path: Path, name: str, source: str, *extra: str, cxx: bool = False) -> str:
    exe = require_tool("g++" if cxx else "gcc")
    write(tmp_path / name, source)
    return run_tool([exe, *extra, name, "-o", "prog"], tmp_path)


def rustc(tmp_path: Path, source: str, *extra: str) -> str:
    exe = require_tool("rustc")
    write(tmp_path / "main.rs", source)
    return run_tool(
        [
            exe,
            "--edition",
            "2021",
            "--color",
            "never",
            *extra,
            "main.rs",
            "-o",
            str(tmp_path / "main-bin"),
        ],
        tmp_path,
    )


# ------------------------------------------------------------------------------------------- node


def test_node_cannot_find_module(tmp_path: Path) -> None:
    write(tmp_path / "app.js", "require('left-pad-not-installed');\n")
    out = node(["app.js"], tmp_path)
    assert_reproduced(
        out,
        "node/cannot-find-module",
        "Error: Cannot find module 'left-pad-not-installed'",
        tmp_path,
    )


def test_node_heap_out_of_memory(tmp_path: Path) -> None:
    script = "const a = []; while (true) { a.push(new Array(10000).fill(1)); }"
    out = node(["--max-old-space-size=16", "-e", script], tmp_path)
    assert_reproduced(out, "node/heap-out-of-memory", "JavaScript heap out of memory", tmp_path)


def test_node_err_module_not_found(tmp_path: Path) -> None:
    write(tmp_path / "app.mjs", "import pad from 'left-pad-not-installed';\n")
    out = node(["app.mjs"], tmp_path)
    assert_reproduced(out, "node/err-module-not-found", "[ERR_MODULE_NOT_FOUND]", tmp_path)


def test_node_err_require_esm(tmp_path: Path) -> None:
    write(tmp_path / "lib.mjs", "export default 42;\n")
    write(tmp_path / "app.js", "require('./lib.mjs');\n")
    out = node(
        ["app.js"],
        tmp_path,
        retry_flag="--no-experimental-require-module",
        expect="ERR_REQUIRE_ESM",
    )
    assert_reproduced(out, "node/err-require-esm", "[ERR_REQUIRE_ESM]", tmp_path)


def test_node_cannot_use_import_outside_module(tmp_path: Path) -> None:
    write_json(tmp_path / "package.json", {"name": "app", "version": "1.0.0", "type": "commonjs"})
    write(tmp_path / "app.js", "import fs from 'fs';\nconsole.log(fs);\n")
    out = node(["app.js"], tmp_path)
    assert_reproduced(
        out,
        "node/cannot-use-import-outside-module",
        "Cannot use import statement outside a module",
        tmp_path,
    )


def test_node_cannot_read_properties_of_undefined(tmp_path: Path) -> None:
    write(tmp_path / "app.js", "const config = {};\nconsole.log(config.db.host);\n")
    out = node(["app.js"], tmp_path)
    assert_reproduced(
        out, "node/cannot-read-properties-of-undefined", "TypeError: Cannot read propert", tmp_path
    )


def test_node_unhandled_promise_rejection(tmp_path: Path) -> None:
    write(tmp_path / "app.js", "async function main() { throw 'no token'; }\nmain();\n")
    out = node(["app.js"], tmp_path)
    assert_reproduced(
        out,
        "node/unhandled-promise-rejection",
        "UnhandledPromiseRejection: This error originated",
        tmp_path,
    )


def test_node_eaddrinuse(tmp_path: Path) -> None:
    script = (
        "const http = require('http');"
        "const a = http.createServer().listen(0, () => {"
        "  http.createServer().listen(a.address().port); });"
    )
    out = node(["-e", script], tmp_path)
    assert_reproduced(out, "node/eaddrinuse", "listen EADDRINUSE", tmp_path)


def test_node_err_ossl_evp_unsupported(tmp_path: Path) -> None:
    # Webpack 4 hashes with md4, which OpenSSL 3 (Node.js 17+) no longer provides.
    out = node(["-e", "require('crypto').createHash('md4').update('x').digest('hex')"], tmp_path)
    assert_reproduced(
        out, "node/err-ossl-evp-unsupported", "digital envelope routines::unsupported", tmp_path
    )


def test_node_engine_incompatible(tmp_path: Path) -> None:
    write_json(
        tmp_path / "dep" / "package.json",
        {"name": "dep", "version": "1.0.0", "engines": {"node": ">=99"}},
    )
    app = tmp_path / "app"
    write_json(
        app / "package.json",
        {"name": "app", "version": "1.0.0", "dependencies": {"dep": "file:../dep"}},
    )
    out = npm(["install", "--install-links", "--engine-strict"], app, tmp_path)
    assert_reproduced(out, "node/engine-incompatible", "code EBADENGINE", tmp_path)


def test_node_reference_error_not_defined(tmp_path: Path) -> None:
    write(tmp_path / "app.js", "console.log(totalCount);\n")
    out = node(["app.js"], tmp_path)
    assert_reproduced(
        out,
        "node/reference-error-not-defined",
        "ReferenceError: totalCount is not defined",
        tmp_path,
    )


def test_node_err_unknown_file_extension(tmp_path: Path) -> None:
    write_json(tmp_path / "package.json", {"name": "app", "version": "1.0.0", "type": "module"})
    write(tmp_path / "index.ts", "const port: number = 3000;\nconsole.log(port);\n")
    out = node(
        ["index.ts"],
        tmp_path,
        retry_flag="--no-experimental-strip-types",
        expect="ERR_UNKNOWN_FILE_EXTENSION",
    )
    assert_reproduced(
        out, "node/err-unknown-file-extension", "[ERR_UNKNOWN_FILE_EXTENSION]", tmp_path
    )


# -------------------------------------------------------------------------------------------- npm


def test_npm_eresolve(tmp_path: Path) -> None:
    write_json(tmp_path / "peerx" / "package.json", {"name": "peerx", "version": "1.0.0"})
    write_json(
        tmp_path / "plugin" / "package.json",
        {"name": "plugin", "version": "1.0.0", "peerDependencies": {"peerx": "^2.0.0"}},
    )
    app = tmp_path / "app"
    write_json(
        app / "package.json",
        {
            "name": "app",
            "version": "1.0.0",
            "dependencies": {"peerx": "file:../peerx", "plugin": "file:../plugin"},
        },
    )
    out = npm(["install", "--install-links"], app, tmp_path)
    assert_reproduced(out, "npm/eresolve", "ERESOLVE unable to resolve dependency tree", tmp_path)


def test_npm_enoent_package_json(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    out = npm(["install"], empty, tmp_path)
    assert_reproduced(out, "npm/enoent-package-json", "no such file or directory, open", tmp_path)


def test_npm_missing_script(tmp_path: Path) -> None:
    write_json(
        tmp_path / "package.json",
        {"name": "app", "version": "1.0.0", "scripts": {"test": "echo ok"}},
    )
    out = npm(["run", "build"], tmp_path, tmp_path)
    assert_reproduced(out, "npm/missing-script", 'issing script: "build"', tmp_path)


def test_npm_lifecycle_script_failed(tmp_path: Path) -> None:
    write_json(
        tmp_path / "dep" / "package.json",
        {
            "name": "dep",
            "version": "1.0.0",
            "scripts": {"postinstall": "echo compiling native addon; exit 7"},
        },
    )
    app = tmp_path / "app"
    write_json(
        app / "package.json",
        {"name": "app", "version": "1.0.0", "dependencies": {"dep": "file:../dep"}},
    )
    out = npm(["install", "--install-links"], app, tmp_path)
    assert_reproduced(out, "npm/lifecycle-script-failed", "command failed", tmp_path)


def test_npm_eintegrity(tmp_path: Path) -> None:
    write_json(tmp_path / "dep" / "package.json", {"name": "dep", "version": "1.0.0"})
    app = tmp_path / "app"
    app.mkdir()
    npm(["pack", "../dep"], app, tmp_path)
    assert (app / "dep-1.0.0.tgz").exists()
    write_json(
        app / "package.json",
        {"name": "app", "version": "1.0.0", "dependencies": {"dep": "file:dep-1.0.0.tgz"}},
    )
    npm(["install"], app, tmp_path)
    lock_path = app / "package-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    lock["packages"]["node_modules/dep"]["integrity"] = "sha512-" + "A" * 86 + "=="
    write_json(lock_path, lock)
    out = npm(["ci"], app, tmp_path)
    assert_reproduced(out, "npm/eintegrity", "integrity checksum failed", tmp_path)


def test_npm_ci_lockfile_out_of_sync(tmp_path: Path) -> None:
    write_json(tmp_path / "dep" / "package.json", {"name": "dep", "version": "1.0.0"})
    app = tmp_path / "app"
    write_json(app / "package.json", {"name": "app", "version": "1.0.0"})
    npm(["install"], app, tmp_path)
    assert (app / "package-lock.json").exists()
    write_json(
        app / "package.json",
        {"name": "app", "version": "1.0.0", "dependencies": {"dep": "file:../dep"}},
    )
    out = npm(["ci"], app, tmp_path)
    assert_reproduced(out, "npm/ci-lockfile-out-of-sync", "are in sync", tmp_path)


def test_npm_ejsonparse(tmp_path: Path) -> None:
    write(tmp_path / "package.json", '{\n  "name": "app",\n  "version": "1.0.0",\n}\n')
    out = npm(["install"], tmp_path, tmp_path)
    assert_reproduced(out, "npm/ejsonparse", "code EJSONPARSE", tmp_path)


# -------------------------------------------------------------------------------- C, C++, linker


def test_cpp_undefined_reference(tmp_path: Path) -> None:
    out = compile_c(
        tmp_path, "main.c", "int compute(int);\nint main(void) { return compute(2); }\n"
    )
    assert_reproduced(out, "cpp/undefined-reference", "undefined reference to", tmp_path)


def test_cpp_ld_returned_1_exit_status(tmp_path: Path) -> None:
    out = compile_c(
        tmp_path, "main.c", "int compute(int);\nint main(void) { return compute(2); }\n"
    )
    assert_reproduced(out, "cpp/ld-returned-1-exit-status", "ld returned 1 exit status", tmp_path)


def test_cpp_header_not_found(tmp_path: Path) -> None:
    out = compile_c(
        tmp_path, "main.cpp", "#include <triage_missing/config.hpp>\nint main() {}\n", cxx=True
    )
    assert_reproduced(out, "cpp/header-not-found", "No such file or directory", tmp_path)


def test_cpp_cannot_find_library(tmp_path: Path) -> None:
    out = compile_c(tmp_path, "main.c", "int main(void) { return 0; }\n", "-ltriagemissing")
    assert_reproduced(out, "cpp/cannot-find-library", "cannot find -ltriagemissing", tmp_path)


def test_cpp_multiple_definition(tmp_path: Path) -> None:
    exe = require_tool("gcc")
    write(tmp_path / "a.c", "int counter = 1;\n")
    write(tmp_path / "b.c", "int counter = 2;\nint main(void) { return counter; }\n")
    out = run_tool([exe, "a.c", "b.c", "-o", "prog"], tmp_path)
    assert_reproduced(out, "cpp/multiple-definition", "multiple definition of", tmp_path)


def test_cpp_not_declared_in_scope(tmp_path: Path) -> None:
    out = compile_c(tmp_path, "main.cpp", "int main() {\n  return buffer_size;\n}\n", cxx=True)
    assert_reproduced(out, "cpp/not-declared-in-scope", "was not declared in this scope", tmp_path)


def test_cpp_implicit_function_declaration(tmp_path: Path) -> None:
    out = compile_c(
        tmp_path,
        "main.c",
        "int main(void) {\n  return parse_args(1);\n}\n",
        "-c",
        "-Werror=implicit-function-declaration",
    )
    assert_reproduced(
        out, "cpp/implicit-function-declaration", "implicit declaration of function", tmp_path
    )


def test_cpp_expected_semicolon_before(tmp_path: Path) -> None:
    out = compile_c(
        tmp_path, "main.cpp", "int main() {\n  int a = 1\n  return a;\n}\n", "-c", cxx=True
    )
    assert_reproduced(out, "cpp/expected-semicolon-before", "error: expected", tmp_path)


def test_cpp_requires_newer_cxx_standard(tmp_path: Path) -> None:
    source = (
        '#include <string_view>\nint main() { std::string_view s = "abc"; return (int)s.size(); }\n'
    )
    out = compile_c(tmp_path, "main.cpp", source, "-std=c++11", "-c", cxx=True)
    assert_reproduced(
        out, "cpp/requires-newer-cxx-standard", "is only available from C++", tmp_path
    )


def test_cpp_relocation_recompile_with_fpic(tmp_path: Path) -> None:
    exe = require_tool("gcc")
    write(tmp_path / "lib.c", "int level = 1;\nint get_level(void) { return level; }\n")
    run_tool([exe, "-c", "-fno-pic", "lib.c", "-o", "lib.o"], tmp_path)
    out = run_tool([exe, "-shared", "lib.o", "-o", "liblevel.so"], tmp_path)
    assert_reproduced(out, "cpp/relocation-recompile-with-fpic", "recompile with -fPIC", tmp_path)


def test_cpp_symbol_lookup_error(tmp_path: Path) -> None:
    exe = require_tool("gcc")
    write(tmp_path / "v1.c", "int plugin_init(void) { return 0; }\n")
    write(tmp_path / "v2.c", "int plugin_start(void) { return 0; }\n")
    write(tmp_path / "main.c", "int plugin_init(void);\nint main(void) { return plugin_init(); }\n")
    run_tool([exe, "-shared", "-fPIC", "v1.c", "-o", "libplugin.so"], tmp_path)
    run_tool([exe, "main.c", "-L.", "-lplugin", "-o", "prog"], tmp_path)
    # The library is replaced by a build that no longer exports the symbol the program uses.
    run_tool([exe, "-shared", "-fPIC", "v2.c", "-o", "libplugin.so"], tmp_path)
    out = run_tool([str(tmp_path / "prog")], tmp_path, env={"LD_LIBRARY_PATH": str(tmp_path)})
    assert_reproduced(out, "cpp/symbol-lookup-error", "symbol lookup error", tmp_path)


def test_cpp_internal_compiler_error_killed(tmp_path: Path) -> None:
    # The compiler proper (cc1plus) dies from SIGKILL, as when the kernel's OOM killer picks it
    # during a parallel build; here a stand-in cc1plus found through -B kills itself, and the
    # real g++ driver reports the signal.
    exe = require_tool("g++")
    fake = write(tmp_path / "fakebin" / "cc1plus", "#!/bin/sh\nkill -9 $$\n")
    fake.chmod(0o755)
    write(tmp_path / "main.cpp", "int main() { return 0; }\n")
    out = run_tool([exe, "-B", str(fake.parent) + "/", "-c", "main.cpp"], tmp_path)
    assert_reproduced(
        out, "cpp/internal-compiler-error-killed", "Killed signal terminated", tmp_path
    )


def test_make_no_rule_to_make_target(tmp_path: Path) -> None:
    exe = require_tool("make")
    write(tmp_path / "Makefile", "all: app\napp: main.o util.o\n\tcc -o app main.o util.o\n")
    out = run_tool([exe], tmp_path)
    assert_reproduced(out, "cpp/make-no-rule-to-make-target", "No rule to make target", tmp_path)


def test_make_missing_separator(tmp_path: Path) -> None:
    exe = require_tool("make")
    write(tmp_path / "Makefile", "all:\n    echo building\n")  # spaces instead of a tab
    out = run_tool([exe], tmp_path)
    assert_reproduced(out, "cpp/make-missing-separator", "missing separator", tmp_path)


def test_cmake_package_config_not_found(tmp_path: Path) -> None:
    exe = require_tool("cmake")
    require_tool("c++")
    write(
        tmp_path / "src" / "CMakeLists.txt",
        "cmake_minimum_required(VERSION 3.10)\n"
        "project(demo CXX)\nfind_package(TriageMissingLib REQUIRED)\n",
    )
    out = run_tool([exe, "-S", "src", "-B", "build"], tmp_path)
    assert_reproduced(
        out,
        "cpp/cmake-package-config-not-found",
        "Could not find a package configuration file",
        tmp_path,
    )


def test_cmake_compiler_not_found(tmp_path: Path) -> None:
    exe = require_tool("cmake")
    write(
        tmp_path / "src" / "CMakeLists.txt",
        "cmake_minimum_required(VERSION 3.10)\nproject(demo CXX)\n",
    )
    out = run_tool(
        [exe, "-S", "src", "-B", "build"],
        tmp_path,
        env={"CXX": str(tmp_path / "no-such-dir" / "g++")},
    )
    assert_reproduced(
        out,
        "cpp/cmake-compiler-not-found",
        "Could not find compiler set in environment variable CXX",
        tmp_path,
    )


# ------------------------------------------------------------------------------------------- rust


def test_rust_borrow_of_moved_value(tmp_path: Path) -> None:
    out = rustc(
        tmp_path,
        "fn main() {\n    let v = vec![1, 2, 3];\n    let w = v;\n"
        '    println!("{:?} {:?}", v, w);\n}\n',
    )
    assert_reproduced(out, "rust/borrow-of-moved-value", "error[E0382]", tmp_path)


def test_rust_cannot_borrow_mutable_while_immutable(tmp_path: Path) -> None:
    out = rustc(
        tmp_path,
        "fn main() {\n    let mut v = vec![1, 2, 3];\n    let first = &v[0];\n"
        '    v.push(4);\n    println!("{}", first);\n}\n',
    )
    assert_reproduced(out, "rust/cannot-borrow-mutable-while-immutable", "error[E0502]", tmp_path)


def test_rust_mismatched_types(tmp_path: Path) -> None:
    out = rustc(
        tmp_path, 'fn main() {\n    let port: u16 = "8080";\n    println!("{}", port);\n}\n'
    )
    assert_reproduced(out, "rust/mismatched-types", "error[E0308]", tmp_path)


def test_rust_cannot_find_value(tmp_path: Path) -> None:
    out = rustc(tmp_path, 'fn main() {\n    println!("{}", retry_count);\n}\n')
    assert_reproduced(out, "rust/cannot-find-value", "error[E0425]", tmp_path)


def test_rust_unresolved_crate_or_module(tmp_path: Path) -> None:
    out = rustc(tmp_path, 'fn main() {\n    let _r = regex::Regex::new("a+");\n}\n')
    assert_reproduced(out, "rust/unresolved-crate-or-module", "error[E0433]", tmp_path)


def test_rust_no_method_named(tmp_path: Path) -> None:
    out = rustc(tmp_path, "struct Client;\nfn main() {\n    let c = Client;\n    c.connect();\n}\n")
    assert_reproduced(out, "rust/no-method-named", "error[E0599]", tmp_path)


def test_rust_cargo_failed_to_select_version(tmp_path: Path) -> None:
    exe = require_tool("cargo")
    write(
        tmp_path / "dep" / "Cargo.toml",
        '[package]\nname = "dep"\nversion = "0.1.0"\nedition = "2021"\n',
    )
    write(tmp_path / "dep" / "src" / "lib.rs", "")
    write(
        tmp_path / "app" / "Cargo.toml",
        '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n'
        '[dependencies]\ndep = { path = "../dep", version = "2" }\n',
    )
    write(tmp_path / "app" / "src" / "main.rs", "fn main() {}\n")
    out = run_tool(
        [exe, "generate-lockfile", "--offline"], tmp_path / "app", env={"CARGO_TERM_COLOR": "never"}
    )
    assert_reproduced(
        out, "rust/cargo-failed-to-select-version", "failed to select a version", tmp_path
    )


def test_rust_linker_not_found(tmp_path: Path) -> None:
    exe = require_tool("rustc")
    write(tmp_path / "main.rs", "fn main() {}\n")
    args = [exe, "--color", "never", "main.rs", "-o", str(tmp_path / "main-bin")]
    # A PATH holding only the Rust toolchain, as in a slim image without a C toolchain:
    # rustc then cannot find its default linker `cc`.
    out = run_tool(args, tmp_path, env={"PATH": str(Path(exe).parent)})
    if "error: linker `" not in out:  # the toolchain's folder also holds a C compiler
        out = run_tool([*args, "-C", "linker=triage-missing-cc"], tmp_path)
    assert_reproduced(out, "rust/linker-not-found", "error: linker `", tmp_path)


RECORDS = Path(__file__).resolve().parents[2] / "records"


def test_reproduced_ids_are_marked_in_the_catalogue() -> None:
    for entry_id in REPRODUCED_IDS:
        record = json.loads((RECORDS / f"{entry_id}.json").read_text(encoding="utf-8"))
        assert record["verification_tier"] == "reproduced", entry_id
        assert record["evidence_count"] >= 1, entry_id
    from .test_catalogue_quality import reproduced_ids

    owners = reproduced_ids()
    for domain in ("node", "npm", "typescript", "cpp", "rust", "go"):
        for path in sorted((RECORDS / domain).glob("*.json")):
            record = json.loads(path.read_text(encoding="utf-8"))
            # proven by the other reproduction modules
            elsewhere = {i for i, m in owners.items() if m != "test_reproduce_languages"}
            if record["verification_tier"] == "reproduced" and record["id"] not in elsewhere:
                assert record["id"] in REPRODUCED_IDS, f"{record['id']} is not reproduced here"


def test_reproduced_ids_have_one_test_each() -> None:
    names = {name for name in globals() if name.startswith("test_")}
    for entry_id in REPRODUCED_IDS:
        domain, slug = entry_id.split("/")
        slug = slug.replace("-", "_")
        prefix = {"node": "test_node_", "npm": "test_npm_", "rust": "test_rust_"}.get(domain)
        candidates = {f"{prefix}{slug}"} if prefix else {f"test_cpp_{slug}", f"test_{slug}"}
        assert names & candidates, f"no test for {entry_id}"

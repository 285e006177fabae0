"""Write the written part of the benign corpus: healthy output of many tools, in their formats.

Run from the repository root: `python tests/catalog/benign/make_corpus.py`. The output is fixed
by the seed, so re-running it gives the same files. The `captured-*.log` files next to these
are real output of real tools (see README.md) and are not touched here.

Every line here is what a successful run prints: builds that pass, tests that pass, training
that converges, servers that answer 200, installs that succeed, and the near misses healthy
logs are full of ("0 errors", "error_count=0", "retrying... ok"). Names, hosts and addresses
are made up (documentation address ranges, example hosts); nothing comes from a real machine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
BLOCK = "\u2588"
R = random.Random(20261129)

SERVICES = ["api", "worker", "billing", "search", "gateway", "scheduler", "auth", "ledger"]
MODULES = ["orders", "inventory", "payments", "users", "catalog", "shipping", "reports", "audit"]
WORDS = ["config", "parser", "store", "cache", "client", "server", "handler", "router", "model"]
IPS = [f"203.0.113.{i}" for i in range(2, 60)] + [f"198.51.100.{i}" for i in range(2, 40)]
AGENTS = [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_3) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Safari/605.1.15",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:123.0) Gecko/20100101 Firefox/123.0",
    "curl/8.5.0",
    "kube-probe/1.29",
    "Prometheus/2.50.1",
    "python-requests/2.31.0",
    "Go-http-client/2.0",
]


def pick(seq):
    return R.choice(seq)


def hexid(n: int = 12) -> str:
    return "".join(R.choice("0123456789abcdef") for _ in range(n))


def clock(start: int, step: int = 1):
    """Yield HH:MM:SS strings from `start` seconds after midnight."""
    t = start
    while True:
        t += R.randint(0, step)
        yield f"{t // 3600 % 24:02d}:{t // 60 % 60:02d}:{t % 60:02d}"


# -- builds ---------------------------------------------------------------------------------


def build_c_cpp() -> list[str]:
    out = ["$ ./configure --prefix=/usr/local --enable-shared"]
    checks = [
        ("for gcc", "gcc"),
        ("whether the C compiler works", "yes"),
        ("for C compiler default output file name", "a.out"),
        ("for suffix of executables", ""),
        ("whether we are cross compiling", "no"),
        ("for suffix of object files", "o"),
        ("whether the compiler supports GNU C", "yes"),
        ("whether gcc accepts -g", "yes"),
        ("for gcc option to enable C11 features", "none needed"),
        ("for a BSD-compatible install", "/usr/bin/install -c"),
        ("whether build environment is sane", "yes"),
        ("for a race-free mkdir -p", "/usr/bin/mkdir -p"),
        ("for gawk", "no"),
        ("for mawk", "mawk"),
        ("whether make sets $(MAKE)", "yes"),
        ("for stdio.h", "yes"),
        ("for stdlib.h", "yes"),
        ("for string.h", "yes"),
        ("for inttypes.h", "yes"),
        ("for stdint.h", "yes"),
        ("for strings.h", "yes"),
        ("for sys/stat.h", "yes"),
        ("for sys/types.h", "yes"),
        ("for unistd.h", "yes"),
        ("for pthread.h", "yes"),
        ("for error.h", "yes"),
        ("for error_at_line", "yes"),
        ("for strerror_r", "yes"),
        ("whether strerror_r returns char *", "yes"),
        ("for working alloca.h", "yes"),
        ("for alloca", "yes"),
        ("for zlib.h", "yes"),
        ("for inflate in -lz", "yes"),
        ("for SSL_CTX_new in -lssl", "yes"),
        ("for library containing clock_gettime", "none required"),
        ("for size_t", "yes"),
        ("for working memcmp", "yes"),
        ("whether errno is declared", "yes"),
        ("for sys_errlist", "no"),
        ("whether to build shared libraries", "yes"),
        ("whether to build static libraries", "yes"),
        ("how to run the C preprocessor", "gcc -E"),
        ("for grep that handles long lines and -e", "/usr/bin/grep"),
        ("for egrep", "/usr/bin/grep -E"),
        ("for ANSI C header files", "yes"),
        ("dependency style of gcc", "gcc3"),
        ("the maximum length of command line arguments", "1572864"),
        (
            "how to convert x86_64-pc-linux-gnu file names to toolchain format",
            "func_convert_file_noop",
        ),
        ("for sysroot", "no"),
        ("for a working dd", "/usr/bin/dd"),
        ("if libtool supports shared libraries", "yes"),
    ]
    for what, answer in checks:
        out.append(f"checking {what}... {answer}".rstrip())
    out += [
        "configure: creating ./config.status",
        "config.status: creating Makefile",
        "config.status: creating src/Makefile",
        "config.status: creating tests/Makefile",
        "config.status: creating config.h",
        "config.status: executing depfiles commands",
        "config.status: executing libtool commands",
        "$ make -j8",
        "make  all-recursive",
        "make[1]: Entering directory '/home/ci/src/libledger-2.4.1'",
        "Making all in src",
        "make[2]: Entering directory '/home/ci/src/libledger-2.4.1/src'",
    ]
    flags = "-g -O2 -Wall -Wextra -Werror=format-security -Werror=implicit-function-declaration -fstack-protector-strong -D_FORTIFY_SOURCE=2"
    for mod in MODULES:
        for word in WORDS:
            src = f"{mod}_{word}"
            out.append(
                f"  CC       libledger_la-{src}.lo"
                if R.random() < 0.5
                else f"/bin/bash ../libtool  --tag=CC   --mode=compile gcc -DHAVE_CONFIG_H -I. -I..  -I../include {flags} -MT libledger_la-{src}.lo -MD -MP -MF .deps/libledger_la-{src}.Tpo -c -o libledger_la-{src}.lo `test -f '{src}.c' || echo './'`{src}.c"
            )
            if R.random() < 0.3:
                out.append(
                    f"libtool: compile:  gcc -DHAVE_CONFIG_H -I. -I.. -I../include {flags} -c {src}.c  -fPIC -DPIC -o .libs/libledger_la-{src}.o"
                )
    out += [
        "  CCLD     libledger.la",
        "  CC       ledgerctl-main.o",
        "  CCLD     ledgerctl",
        "make[2]: Leaving directory '/home/ci/src/libledger-2.4.1/src'",
        "Making all in tests",
        "make[2]: Nothing to be done for 'all'.",
        "make[1]: Leaving directory '/home/ci/src/libledger-2.4.1'",
        "$ make check",
        "PASS: test_parser",
        "PASS: test_store",
        "PASS: test_errors",
        "PASS: test_error_paths",
        "PASS: test_timeout",
        "PASS: test_retry",
        "SKIP: test_ipv6",
        "============================================================================",
        "Testsuite summary for libledger 2.4.1",
        "============================================================================",
        "# TOTAL: 7",
        "# PASS:  6",
        "# SKIP:  1",
        "# XFAIL: 0",
        "# FAIL:  0",
        "# XPASS: 0",
        "# ERROR: 0",
        "============================================================================",
        "$ make install",
        " /usr/bin/mkdir -p '/usr/local/lib'",
        " /bin/bash ../libtool   --mode=install /usr/bin/install -c   libledger.la '/usr/local/lib'",
        "libtool: install: /usr/bin/install -c .libs/libledger.so.2.4.1 /usr/local/lib/libledger.so.2.4.1",
        "libtool: install: (cd /usr/local/lib && { ln -s -f libledger.so.2.4.1 libledger.so.2 || { rm -f libledger.so.2 && ln -s libledger.so.2.4.1 libledger.so.2; }; })",
        'libtool: finish: PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin" ldconfig -n /usr/local/lib',
        "----------------------------------------------------------------------",
        "Libraries have been installed in:",
        "   /usr/local/lib",
        "----------------------------------------------------------------------",
        "make: Nothing to be done for 'install-data-am'.",
        "$ cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release",
        "-- The C compiler identification is GNU 12.2.0",
        "-- The CXX compiler identification is GNU 12.2.0",
        "-- Detecting C compiler ABI info",
        "-- Detecting C compiler ABI info - done",
        "-- Check for working C compiler: /usr/bin/cc - skipped",
        "-- Performing Test CMAKE_HAVE_LIBC_PTHREAD",
        "-- Performing Test CMAKE_HAVE_LIBC_PTHREAD - Success",
        "-- Found Threads: TRUE",
        '-- Found OpenSSL: /usr/lib/x86_64-linux-gnu/libcrypto.so (found version "3.0.11")',
        '-- Found ZLIB: /usr/lib/x86_64-linux-gnu/libz.so (found version "1.2.13")',
        '-- Found Protobuf: /usr/lib/x86_64-linux-gnu/libprotobuf.so (found version "3.21.12")',
        "-- Looking for sys/epoll.h",
        "-- Looking for sys/epoll.h - found",
        "-- Looking for backtrace",
        "-- Looking for backtrace - found",
        "-- Performing Test HAVE_STD_FILESYSTEM - Success",
        "-- Performing Test COMPILER_SUPPORTS_WERROR - Success",
        "-- Configuring done (1.8s)",
        "-- Generating done (0.1s)",
        "-- Build files have been written to: /home/ci/src/ledger/build",
    ]
    total = 140
    for i in range(1, total + 1):
        mod, word = pick(MODULES), pick(WORDS)
        kind = pick(["Building CXX object", "Building CXX object", "Building C object"])
        ext = "c" if kind.endswith("C object") else "cpp"
        out.append(f"[{i}/{total}] {kind} src/{mod}/CMakeFiles/{mod}.dir/{word}.{ext}.o")
        if i % 35 == 0:
            out.append(f"[{i}/{total}] Linking CXX static library src/{mod}/lib{mod}.a")
    out += [
        f"[{total}/{total}] Linking CXX executable bin/ledgerd",
        "$ ctest --test-dir build --output-on-failure",
        "Test project /home/ci/src/ledger/build",
    ]
    for i in range(1, 43):
        name = f"{pick(MODULES)}_{pick(WORDS)}_test"
        out.append(
            f"      Start {i:2d}: {name}\n{i:2d}/42 Test #{i:2d}: {name} ".ljust(60, ".")
            + f"   Passed    {R.uniform(0.01, 2):.2f} sec"
        )
    out += [
        "",
        "100% tests passed, 0 tests failed out of 42",
        "",
        "Total Test time (real) =  14.21 sec",
        "$ make -C docs html",
        "make: Entering directory '/home/ci/src/ledger/docs'",
        "Running Sphinx v7.2.6",
        "loading pickled environment... done",
        "building [html]: targets for 14 source files that are out of date",
        "build succeeded.",
        "The HTML pages are in _build/html.",
        "make: Leaving directory '/home/ci/src/ledger/docs'",
        "make: 'ledgerd' is up to date.",
    ]
    return "\n".join(out).split("\n")


def build_rust_go() -> list[str]:
    out = ["$ cargo build --release --locked"]
    crates = [
        ("libc", "0.2.153"),
        ("proc-macro2", "1.0.78"),
        ("unicode-ident", "1.0.12"),
        ("quote", "1.0.35"),
        ("syn", "2.0.52"),
        ("serde", "1.0.197"),
        ("serde_derive", "1.0.197"),
        ("serde_json", "1.0.114"),
        ("itoa", "1.0.10"),
        ("ryu", "1.0.17"),
        ("memchr", "2.7.1"),
        ("bytes", "1.5.0"),
        ("tokio", "1.36.0"),
        ("tokio-macros", "2.2.0"),
        ("mio", "0.8.11"),
        ("socket2", "0.5.6"),
        ("futures-core", "0.3.30"),
        ("futures-util", "0.3.30"),
        ("pin-project-lite", "0.2.13"),
        ("tracing", "0.1.40"),
        ("tracing-core", "0.1.32"),
        ("thiserror", "1.0.57"),
        ("thiserror-impl", "1.0.57"),
        ("anyhow", "1.0.80"),
        ("regex", "1.10.3"),
        ("regex-syntax", "0.8.2"),
        ("aho-corasick", "1.1.2"),
        ("once_cell", "1.19.0"),
        ("hyper", "1.2.0"),
        ("http", "1.1.0"),
        ("clap", "4.5.1"),
        ("clap_derive", "4.5.0"),
    ]
    for name, version in crates:
        out.append(f"  Downloaded {name} v{version}")
    out.append(f"  Downloaded {len(crates)} crates (4.1 MB) in 1.42s")
    for name, version in crates:
        out.append(f"   Compiling {name} v{version}")
    out += [
        "   Compiling ledger-core v0.9.2 (/home/ci/src/ledger/crates/core)",
        "   Compiling ledger-api v0.9.2 (/home/ci/src/ledger/crates/api)",
        "    Finished `release` profile [optimized] target(s) in 1m 12s",
        "$ cargo test --workspace",
        "    Finished `test` profile [unoptimized + debuginfo] target(s) in 38.20s",
        "     Running unittests src/lib.rs (target/debug/deps/ledger_core-3f1b2c4d5e6f7a8b)",
        "",
    ]
    tests = [
        f"{m}::tests::{w}_{v}"
        for m in MODULES
        for w in WORDS
        for v in ("roundtrip", "errors_are_reported")
    ]
    R.shuffle(tests)
    out.append(f"running {len(tests)} tests")
    out += [f"test {t} ... ok" for t in tests]
    out += [
        "",
        f"test result: ok. {len(tests)} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.84s",
        "",
        "   Doc-tests ledger_core",
        "",
        "running 6 tests",
        "test src/lib.rs - Ledger::post (line 42) ... ok",
        "test src/lib.rs - Ledger::balance (line 88) ... ok",
        "test src/error.rs - LedgerError (line 12) ... ok",
        "test src/error.rs - LedgerError::is_retryable (line 31) ... ok",
        "test src/lib.rs - Ledger::close (line 120) ... ok",
        "test src/retry.rs - retry (line 7) ... ok",
        "",
        "test result: ok. 6 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.92s",
        "$ cargo clippy --all-targets -- -D warnings",
        "    Checking ledger-core v0.9.2 (/home/ci/src/ledger/crates/core)",
        "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 4.87s",
        "$ go mod download",
        "$ go build ./...",
        "$ go vet ./...",
        "$ go test -race -count=1 ./...",
    ]
    pkgs = [f"github.com/acme/{s}/internal/{m}" for s in ("ledger", "gateway") for m in MODULES]
    for pkg in pkgs:
        if R.random() < 0.15:
            out.append(f"?   \t{pkg}/mocks\t[no test files]")
        out.append(
            f"ok  \t{pkg}\t{R.uniform(0.01, 3):.3f}s\tcoverage: {R.uniform(55, 98):.1f}% of statements"
        )
    out.append("$ go test -v -run 'TestRetry|TestTimeout|TestErrors' ./internal/orders/...")
    for name in (
        "TestRetryBackoff",
        "TestTimeoutIsRespected",
        "TestErrorsAreWrapped",
        "TestErrorCountZero",
    ):
        out.append(f"=== RUN   {name}")
        for sub in ("first_attempt_ok", "retrying_then_ok", "context_deadline_30s"):
            out.append(f"=== RUN   {name}/{sub}")
        out.append(f"--- PASS: {name} ({R.uniform(0, 0.5):.2f}s)")
        for sub in ("first_attempt_ok", "retrying_then_ok", "context_deadline_30s"):
            out.append(f"    --- PASS: {name}/{sub} ({R.uniform(0, 0.2):.2f}s)")
    out += [
        "PASS",
        "ok  \tgithub.com/acme/ledger/internal/orders\t0.512s",
        "go: downloading github.com/stretchr/testify v1.9.0",
        "go: downloading golang.org/x/sync v0.6.0",
        "go: downloading google.golang.org/grpc v1.62.0",
        "go: finding module for package github.com/acme/ledger/internal/errors",
        "go: found github.com/acme/ledger/internal/errors in github.com/acme/ledger v0.9.2",
        "$ golangci-lint run ./...",
        "0 issues.",
        "$ goreleaser build --snapshot --clean",
        "  • starting build...",
        "  • loading                                          path=.goreleaser.yaml",
        "  • building binaries",
        "    • building                                       binary=dist/ledgerd_linux_amd64_v1/ledgerd",
        "    • building                                       binary=dist/ledgerd_darwin_arm64/ledgerd",
        "  • build succeeded after 21s",
    ]
    return out


def build_jvm() -> list[str]:
    out = [
        "[INFO] Scanning for projects...",
        "[INFO] ------------------------------------------------------------------------",
        "[INFO] Reactor Build Order:",
        "[INFO] ",
    ]
    for mod in MODULES:
        out.append(f"[INFO] acme-{mod}                                                 [jar]")
    artifacts = [
        "org/springframework/boot/spring-boot-starter-web/3.2.3/spring-boot-starter-web-3.2.3.pom",
        "com/fasterxml/jackson/core/jackson-databind/2.15.4/jackson-databind-2.15.4.jar",
        "org/apache/commons/commons-lang3/3.14.0/commons-lang3-3.14.0.jar",
        "org/junit/jupiter/junit-jupiter-api/5.10.2/junit-jupiter-api-5.10.2.jar",
        "org/slf4j/slf4j-api/2.0.12/slf4j-api-2.0.12.jar",
        "ch/qos/logback/logback-classic/1.4.14/logback-classic-1.4.14.jar",
        "com/google/guava/guava/33.0.0-jre/guava-33.0.0-jre.jar",
        "org/postgresql/postgresql/42.7.2/postgresql-42.7.2.jar",
        "io/micrometer/micrometer-core/1.12.3/micrometer-core-1.12.3.jar",
        "org/hibernate/orm/hibernate-core/6.4.4.Final/hibernate-core-6.4.4.Final.jar",
    ]
    for art in artifacts:
        out.append(f"[INFO] Downloading from central: https://repo.maven.apache.org/maven2/{art}")
        out.append(
            f"[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/{art} ({R.randint(3, 3000)} kB at {R.randint(200, 9000)} kB/s)"
        )
    for mod in MODULES:
        out += [
            "[INFO] ",
            f"[INFO] ----------------------< com.acme:acme-{mod} >-----------------------",
            f"[INFO] Building acme-{mod} 2.3.0-SNAPSHOT",
            "[INFO]   from pom.xml",
            "[INFO] --------------------------------[ jar ]---------------------------------",
            "[INFO] ",
            f"[INFO] --- resources:3.3.1:resources (default-resources) @ acme-{mod} ---",
            "[INFO] Copying 3 resources from src/main/resources to target/classes",
            f"[INFO] --- compiler:3.12.1:compile (default-compile) @ acme-{mod} ---",
            "[INFO] Recompiling the module because of changed source code.",
            f"[INFO] Compiling {R.randint(12, 140)} source files with javac [debug release 17] to target/classes",
            f"[INFO] --- surefire:3.2.5:test (default-test) @ acme-{mod} ---",
            "[INFO] Using auto detected provider org.apache.maven.surefire.junitplatform.JUnitPlatformProvider",
            "[INFO] ",
            "[INFO] -------------------------------------------------------",
            "[INFO]  T E S T S",
            "[INFO] -------------------------------------------------------",
        ]
        total = 0
        for word in WORDS:
            n = R.randint(2, 30)
            total += n
            cls = f"com.acme.{mod}.{word.capitalize()}Test"
            out.append(f"[INFO] Running {cls}")
            out.append(
                f"[INFO] Tests run: {n}, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: {R.uniform(0.01, 4):.3f} s -- in {cls}"
            )
        out += [
            "[INFO] ",
            "[INFO] Results:",
            "[INFO] ",
            f"[INFO] Tests run: {total}, Failures: 0, Errors: 0, Skipped: 0",
            "[INFO] ",
            f"[INFO] --- jar:3.3.0:jar (default-jar) @ acme-{mod} ---",
            f"[INFO] Building jar: /home/ci/src/acme/{mod}/target/acme-{mod}-2.3.0-SNAPSHOT.jar",
        ]
    out += [
        "[INFO] ------------------------------------------------------------------------",
        "[INFO] Reactor Summary for acme 2.3.0-SNAPSHOT:",
        "[INFO] ",
    ]
    for mod in MODULES:
        out.append(f"[INFO] acme-{mod} ".ljust(60, ".") + f" SUCCESS [  {R.uniform(1, 30):.3f} s]")
    out += [
        "[INFO] ------------------------------------------------------------------------",
        "[INFO] BUILD SUCCESS",
        "[INFO] ------------------------------------------------------------------------",
        "[INFO] Total time:  01:42 min",
        "[INFO] Finished at: 2026-11-29T10:14:55Z",
        "[INFO] ------------------------------------------------------------------------",
        "$ ./gradlew build --no-daemon",
        "Downloading https://services.gradle.org/distributions/gradle-8.6-bin.zip",
        "............10%.............20%............30%.............40%.............50%............60%.............70%.............80%............90%.............100%",
        "Welcome to Gradle 8.6!",
        "Starting a Gradle Daemon (subsequent builds will be faster)",
    ]
    for mod in MODULES[:5]:
        for task in (
            "compileKotlin",
            "compileJava",
            "processResources",
            "classes",
            "jar",
            "compileTestJava",
            "processTestResources",
            "testClasses",
            "test",
            "check",
            "assemble",
            "build",
        ):
            suffix = pick(["", "", " UP-TO-DATE", " NO-SOURCE", " FROM-CACHE"])
            out.append(f"> Task :{mod}:{task}{suffix}")
    out += [
        "",
        "Deprecated Gradle features were used in this build, making it incompatible with Gradle 9.0.",
        "",
        "You can use '--warning-mode all' to show the individual deprecation warnings and determine if they come from your own scripts or plugins.",
        "",
        "For more on this, please refer to https://docs.gradle.org/8.6/userguide/command_line_interface.html#sec:command_line_warnings in the Gradle documentation.",
        "",
        "BUILD SUCCESSFUL in 1m 4s",
        "61 actionable tasks: 44 executed, 12 from cache, 5 up-to-date",
        "Configuration cache entry stored.",
        "$ java -jar build/libs/acme-orders.jar --spring.profiles.active=ci",
        "",
        "  .   ____          _            __ _ _",
        " /\\\\ / ___'_ __ _ _(_)_ __  __ _ \\ \\ \\ \\",
        "( ( )\\___ | '_ | '_| | '_ \\/ _` | \\ \\ \\ \\",
        " \\\\/  ___)| |_)| | | | | || (_| |  ) ) ) )",
        "  '  |____| .__|_| |_|_| |_\\__, | / / / /",
        " =========|_|==============|___/=/_/_/_/",
        " :: Spring Boot ::                (v3.2.3)",
        "",
    ]
    times = clock(36000, 1)
    for msg in [
        "Starting OrdersApplication v2.3.0-SNAPSHOT using Java 17.0.10 with PID 1",
        'The following 1 profile is active: "ci"',
        "Bootstrapping Spring Data JPA repositories in DEFAULT mode.",
        "Finished Spring Data repository scanning in 87 ms. Found 6 JPA repository interfaces.",
        "Tomcat initialized with port 8080 (http)",
        "Starting service [Tomcat]",
        "Starting Servlet engine: [Apache Tomcat/10.1.19]",
        "Initializing Spring embedded WebApplicationContext",
        "Root WebApplicationContext: initialization completed in 1432 ms",
        "HikariPool-1 - Starting...",
        "HikariPool-1 - Added connection org.postgresql.jdbc.PgConnection@5b4f1255",
        "HikariPool-1 - Start completed.",
        "HHH000204: Processing PersistenceUnitInfo [name: default]",
        "HHH000412: Hibernate ORM core version 6.4.4.Final",
        "HHH000026: Second-level cache disabled",
        "Initialized JPA EntityManagerFactory for persistence unit 'default'",
        "Exposing 3 endpoint(s) beneath base path '/actuator'",
        "Tomcat started on port 8080 (http) with context path ''",
        "Started OrdersApplication in 4.127 seconds (process running for 4.71)",
        "Completed initialization in 2 ms",
    ]:
        out.append(
            f"2026-11-29T{next(times)}.{R.randint(100, 999)}Z  INFO 1 --- [           main] c.a.o.{pick(['OrdersApplication', 'config.DataSourceConfig', 'web.Startup'])}   : {msg}"
        )
    return out


def build_js() -> list[str]:
    out = [
        "$ npm ci",
        "npm WARN deprecated inflight@1.0.6: This module is not supported, and leaks memory. Do not use it. Check out lru-cache if you want a good and tested way to coalesce async requests by a key value, which is much more comprehensive and powerful.",
        "npm WARN deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported",
        "npm WARN deprecated rimraf@3.0.2: Rimraf versions prior to v4 are no longer supported",
        "",
        "added 1287 packages, and audited 1288 packages in 34s",
        "",
        "214 packages are looking for funding",
        "  run `npm fund` for details",
        "",
        "found 0 vulnerabilities",
        "$ npm run lint",
        "",
        "> @acme/web@4.2.0 lint",
        "> eslint . --max-warnings=0",
        "",
        "$ npm run typecheck",
        "",
        "> @acme/web@4.2.0 typecheck",
        "> tsc --noEmit -p tsconfig.json",
        "",
        "$ npx tsc --build --verbose",
    ]
    times = clock(37000, 2)
    for pkg in MODULES:
        out.append(
            f"[{next(times)}] Project 'packages/{pkg}/tsconfig.json' is up to date because newest input 'packages/{pkg}/src/index.ts' is older than output 'packages/{pkg}/dist/index.js'"
        )
    out += [
        f"[{next(times)}] Found 0 errors. Watching for file changes.",
        "$ npm test -- --ci --coverage",
        "",
        "> @acme/web@4.2.0 test",
        "> jest --ci --coverage",
        "",
    ]
    total_tests = 0
    for mod in MODULES:
        for word in WORDS:
            secs = f" ({R.uniform(1, 9):.3f} s)" if R.random() < 0.4 else ""
            out.append(f"PASS src/{mod}/{word}.test.{pick(['ts', 'tsx', 'js'])}{secs}")
            if R.random() < 0.15:
                out.append(f"  {word} {mod}")
                for case in (
                    "renders without errors",
                    "shows 0 errors when valid",
                    "retries... ok after a timeout",
                    "handles an empty list",
                ):
                    out.append(f"    \u2713 {case} ({R.randint(1, 80)} ms)")
                    total_tests += 1
            total_tests += R.randint(3, 20)
    out += [
        "----------------------|---------|----------|---------|---------|-------------------",
        "File                  | % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s ",
        "----------------------|---------|----------|---------|---------|-------------------",
        "All files             |   92.41 |    85.12 |   90.03 |   92.77 |                   ",
    ]
    for mod in MODULES:
        out.append(
            f" {mod}".ljust(22)
            + f"|   {R.uniform(80, 100):5.2f} |    {R.uniform(70, 100):5.2f} |   {R.uniform(80, 100):5.2f} |   {R.uniform(80, 100):5.2f} | {R.randint(10, 300)}-{R.randint(301, 400)}"
        )
    out += [
        "----------------------|---------|----------|---------|---------|-------------------",
        "",
        f"Test Suites: {len(MODULES) * len(WORDS)} passed, {len(MODULES) * len(WORDS)} total",
        f"Tests:       {total_tests} passed, {total_tests} total",
        "Snapshots:   38 passed, 38 total",
        "Time:        41.283 s",
        "Ran all test suites.",
        "$ npm run build",
        "",
        "> @acme/web@4.2.0 build",
        "> vite build",
        "",
        "vite v5.1.4 building for production...",
        "transforming...",
        "\u2713 1843 modules transformed.",
        "rendering chunks...",
        "computing gzip size...",
    ]
    for _ in range(24):
        name = f"dist/assets/{pick(MODULES)}-{hexid(8)}.{pick(['js', 'js', 'css'])}"
        out.append(
            f"{name:<44} {R.uniform(0.5, 300):8.2f} kB \u2502 gzip: {R.uniform(0.3, 90):7.2f} kB"
        )
    out += [
        "\u2713 built in 8.42s",
        "$ npx webpack --mode production",
        "asset main.4f9a2c1b.js 412 KiB [emitted] [immutable] [minimized] (name: main) 2 related assets",
        "asset vendors.1a2b3c4d.js 1.1 MiB [emitted] [immutable] [minimized] [big] (name: vendors)",
        "orphan modules 2.3 MiB [orphan] 812 modules",
        "runtime modules 2.47 KiB 12 modules",
        "webpack 5.90.3 compiled successfully in 18342 ms",
        "$ npx next build",
        "   \u25b2 Next.js 14.1.0",
        "   Creating an optimized production build ...",
        " \u2713 Compiled successfully",
        " \u2713 Linting and checking validity of types",
        " \u2713 Collecting page data",
        " \u2713 Generating static pages (24/24)",
        " \u2713 Finalizing page optimization",
        "$ yarn install --frozen-lockfile",
        "yarn install v1.22.21",
        "[1/4] Resolving packages...",
        "[2/4] Fetching packages...",
        "[3/4] Linking dependencies...",
        "[4/4] Building fresh packages...",
        "success Saved lockfile.",
        "Done in 23.41s.",
        "$ pnpm install --frozen-lockfile",
        "Lockfile is up to date, resolution step is skipped",
        "Progress: resolved 1, reused 0, downloaded 0, added 0",
        "Packages: +942",
        "++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++",
        "Progress: resolved 942, reused 940, downloaded 2, added 942, done",
        "dependencies:",
        "+ react 18.2.0",
        "+ react-dom 18.2.0",
        "devDependencies:",
        "+ typescript 5.3.3",
        "+ vitest 1.3.1",
        "Done in 6.2s",
        "$ npx vitest run",
        " RUN  v1.3.1 /home/ci/src/web",
        "",
    ]
    for mod in MODULES:
        out.append(
            f" \u2713 src/{mod}/{pick(WORDS)}.spec.ts  ({R.randint(3, 40)} tests) {R.randint(5, 400)}ms"
        )
    out += [
        "",
        " Test Files  8 passed (8)",
        "      Tests  164 passed (164)",
        "   Start at  10:21:44",
        "   Duration  3.42s (transform 412ms, setup 0ms, collect 1.21s, tests 890ms, environment 2ms, prepare 812ms)",
    ]
    return out


def tests_python() -> list[str]:
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.11.8, pytest-8.0.2, pluggy-1.4.0 -- /opt/venv/bin/python",
        "cachedir: .pytest_cache",
        "rootdir: /home/ci/src/ledger",
        "configfile: pyproject.toml",
        "plugins: cov-4.1.0, xdist-3.5.0, asyncio-0.23.5, timeout-2.2.0",
        "timeout: 30.0s",
        "timeout method: signal",
        "timeout func_only: False",
        "asyncio: mode=Mode.STRICT",
        "collecting ... collected 1564 items",
        "",
    ]
    names = [
        "test_create_{m}",
        "test_update_{m}_{w}",
        "test_{w}_roundtrip",
        "test_{m}_errors_are_reported",
        "test_{m}_timeout_is_retried",
        "test_{w}_raises_value_error_on_bad_input",
        "test_{m}_connection_refused_is_retried",
        "test_{m}_{w}_permission_denied_is_mapped_to_403",
        "test_{w}_handles_keyboard_interrupt",
        "test_{m}_error_count_zero",
        "test_{w}_out_of_memory_guard",
    ]
    cases = []
    for m in MODULES:
        for w in WORDS:
            for template in R.sample(names, 5):
                base = template.format(m=m, w=w)
                if R.random() < 0.3:
                    for p in range(R.randint(2, 5)):
                        cases.append(f"tests/{m}/test_{w}.py::{base}[case-{p}]")
                else:
                    cases.append(f"tests/{m}/test_{w}.py::{base}")
    cases = cases[:1560]
    for i, case in enumerate(cases, 1):
        status = (
            "SKIPPED (needs a GPU)"
            if i % 97 == 0
            else ("XFAIL (known flaky upstream)" if i % 331 == 0 else "PASSED")
        )
        out.append(f"{case} {status} [{100 * i // len(cases):3d}%]")
    out += [
        "",
        "---------- coverage: platform linux, python 3.11.8-final-0 -----------",
        "Name                                   Stmts   Miss  Cover",
        "----------------------------------------------------------",
    ]
    for m in MODULES:
        for w in WORDS:
            stmts = R.randint(20, 400)
            miss = R.randint(0, stmts // 8)
            out.append(
                f"src/ledger/{m}/{w}.py".ljust(39)
                + f"{stmts:5d}  {miss:5d}   {100 - 100 * miss // stmts:3d}%"
            )
    out += [
        "----------------------------------------------------------",
        "TOTAL                                  18412    921    95%",
        "",
        f"================ {len(cases) - 19} passed, 16 skipped, 3 xfailed in 84.21s (0:01:24) ================",
        "$ python -m unittest discover -v",
    ]
    for m in MODULES:
        for w in WORDS[:5]:
            out.append(f"test_{w}_ok (tests.test_{m}.{w.capitalize()}Tests.test_{w}_ok) ... ok")
            out.append(
                f"test_{w}_error_path (tests.test_{m}.{w.capitalize()}Tests.test_{w}_error_path) ... ok"
            )
    out += [
        "",
        "----------------------------------------------------------------------",
        "Ran 80 tests in 3.412s",
        "",
        "OK",
        "$ python -m mypy src",
        "Success: no issues found in 96 source files",
        "$ ruff check .",
        "All checks passed!",
        "$ python -m tox -e py311",
        "py311: install_deps> python -I -m pip install -r requirements-test.txt",
        "py311: commands[0]> pytest -q",
        "py311: OK (92.13=setup[7.92]+cmd[84.21] seconds)",
        "  congratulations :) (92.31 seconds)",
    ]
    return out


# -- training -------------------------------------------------------------------------------


def training() -> list[str]:
    out = []
    host = "gpu-node-07"
    pid = 48213
    out += [
        "+---------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI 535.129.03             Driver Version: 535.129.03   CUDA Version: 12.2     |",
        "|-----------------------------------------+----------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                      |               MIG M. |",
        "|=========================================+======================+======================|",
    ]
    for gpu in range(8):
        used = R.randint(60000, 78000)
        out += [
            f"|   {gpu}  NVIDIA A100-SXM4-80GB          On  | 00000000:{7 + gpu * 8:02X}:00.0 Off |                    0 |",
            f"| N/A   {R.randint(30, 60)}C    P0             {R.randint(250, 390)}W / 400W |  {used}MiB / 81920MiB |     {R.randint(90, 100)}%      Default |",
            "|                                         |                      |             Disabled |",
            "+-----------------------------------------+----------------------+----------------------+",
        ]
    out += [
        "",
        "+---------------------------------------------------------------------------------------+",
        "| Processes:                                                                            |",
        "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
        "|        ID   ID                                                             Usage      |",
        "|=======================================================================================|",
    ]
    for gpu in range(8):
        out.append(
            f"|    {gpu}   N/A  N/A    {pid + gpu:6d}      C   /opt/venv/bin/python                      {R.randint(60000, 78000)}MiB |"
        )
    out.append(
        "+---------------------------------------------------------------------------------------+"
    )
    out += [
        "[2026-11-29 10:00:01,120] torch.distributed.run: [WARNING] ",
        "[2026-11-29 10:00:01,120] torch.distributed.run: [WARNING] *****************************************",
        "[2026-11-29 10:00:01,120] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
        "[2026-11-29 10:00:01,120] torch.distributed.run: [WARNING] *****************************************",
    ]
    nccl = [
        "NCCL INFO Bootstrap : Using eth0:10.20.0.7<0>",
        "NCCL INFO NET/Plugin: No plugin found (libnccl-net.so), using internal implementation",
        "NCCL INFO cudaDriverVersion 12020",
        "NCCL version 2.18.5+cuda12.1",
        "NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB ; OOB eth0:10.20.0.7<0>",
        "NCCL INFO Using network IB",
        "NCCL INFO comm 0x55d0c8e0a2b0 rank {r} nranks 16 cudaDev {d} nvmlDev {d} busId {b}000 commId 0x8f2a3c4d5e6f7a8b - Init START",
        "NCCL INFO Setting affinity for GPU {d} to ffff,ffffffff,00000000,0000ffff,ffffffff",
        "NCCL INFO NVLS multicast support is not available on dev {d}",
        "NCCL INFO Channel 00/24 :    0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15",
        "NCCL INFO Channel 01/24 :    0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15",
        "NCCL INFO Trees [0] {n}/-1/-1->{r}->{p} [1] {n}/-1/-1->{r}->{p}",
        "NCCL INFO P2P Chunksize set to 524288",
        "NCCL INFO Channel 00/0 : {r}[{d}] -> {n}[{nd}] via P2P/IPC/read",
        "NCCL INFO Channel 01/0 : {r}[{d}] -> {n}[{nd}] via P2P/IPC/read",
        "NCCL INFO Connected all rings",
        "NCCL INFO Connected all trees",
        "NCCL INFO threadThresholds 8/8/64 | 128/8/64 | 512 | 512",
        "NCCL INFO 24 coll channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer",
        "NCCL INFO comm 0x55d0c8e0a2b0 rank {r} nranks 16 cudaDev {d} nvmlDev {d} busId {b}000 commId 0x8f2a3c4d5e6f7a8b - Init COMPLETE",
    ]
    for rank in range(8):
        for line in nccl:
            text = line.format(
                r=rank,
                d=rank,
                nd=(rank + 1) % 8,
                b=7 + rank * 8,
                n=(rank + 1) % 16,
                p=(rank - 1) % 16,
            )
            out.append(f"{host}:{pid + rank}:{pid + rank} [{rank}] {text}")
    out += [
        "[rank0]: Using device: cuda:0 (NVIDIA A100-SXM4-80GB), bf16=True, world_size=16",
        "[rank0]: torch 2.2.1+cu121, CUDA 12.1, cuDNN 8902, NCCL (2, 18, 5)",
        "[rank0]: Model parameters: 6,738,415,616 (6.74 B); trainable: 6,738,415,616",
        "[rank0]: FSDP wrapped 32 decoder layers with FULL_SHARD, mixed precision bf16, cpu_offload=False",
        "[rank0]: Activation checkpointing enabled on 32 modules",
        "[rank0]: DataLoader: 1,204,224 samples, batch 8 x 16 ranks x grad_accum 4 = 512, num_workers=8, pin_memory=True",
        "[rank0]: OOM guard: max_split_size_mb=512, expandable_segments=True",
    ]
    step = 0
    loss = 2.9
    for epoch in range(1, 4):
        out.append(f"[rank0]: Epoch {epoch}/3 starting, lr schedule cosine warmup=2000 steps")
        for _ in range(300):
            step += 10
            loss = max(0.6, loss * R.uniform(0.995, 1.0015))
            out.append(
                f"[rank0]: epoch {epoch} | step {step:6d}/9000 | loss {loss:.4f} | lr {3e-4 * min(1, step / 2000):.3e} | grad_norm {R.uniform(0.2, 1.6):.3f} | "
                f"tokens/s {R.randint(180000, 240000):,} | mem {R.uniform(58, 74):.1f}/80.0 GiB | {R.uniform(0.7, 1.2):.2f} s/it"
            )
            if step % 1000 == 0:
                out.append(
                    f"[rank0]: Saving checkpoint to /mnt/ckpt/llama-7b-sft/step_{step} (sharded, 16 files) ... done in {R.uniform(8, 30):.1f}s"
                )
                out.append(
                    f"[rank0]: eval | step {step} | val_loss {loss * 1.03:.4f} | ppl {2.718 ** (loss * 1.03):.2f} | errors 0 | skipped 0"
                )
    out += [
        "***** Running training *****",
        "  Num examples = 120,000",
        "  Num Epochs = 3",
        "  Instantaneous batch size per device = 16",
        "  Total train batch size (w. parallel, distributed & accumulation) = 128",
        "  Gradient Accumulation steps = 1",
        "  Total optimization steps = 2,814",
        "  Number of trainable parameters = 109,483,778",
    ]
    lr = 5e-5
    for i in range(1, 200):
        lr *= 0.995
        epoch = i * 3 / 200
        out.append(
            f"{{'loss': {R.uniform(0.2, 0.9):.4f}, 'grad_norm': {R.uniform(0.5, 8):.4f}, 'learning_rate': {lr:.4e}, 'epoch': {epoch:.2f}}}"
        )
        if i % 10 == 0:
            done = i * 14
            bar = BLOCK * (done * 10 // 2814) + " " * (10 - done * 10 // 2814)
            out.append(
                f" {100 * done // 2814:3d}%|{bar}| {done}/2814 [{done // 60:02d}:{done % 60:02d}<{(2814 - done) // 60:02d}:{(2814 - done) % 60:02d},  {R.uniform(4, 6):.2f}it/s]"
            )
        if i % 66 == 0:
            out.append(
                f"{{'eval_loss': {R.uniform(0.3, 0.5):.4f}, 'eval_accuracy': {R.uniform(0.88, 0.93):.4f}, 'eval_f1': {R.uniform(0.87, 0.92):.4f}, 'eval_runtime': {R.uniform(10, 20):.4f}, 'eval_samples_per_second': {R.uniform(400, 600):.3f}, 'eval_steps_per_second': {R.uniform(20, 40):.3f}, 'epoch': {epoch:.2f}}}"
            )
            out.append(f"Saving model checkpoint to ./output/checkpoint-{i * 14}")
            out.append(f"Configuration saved in ./output/checkpoint-{i * 14}/config.json")
            out.append(f"Model weights saved in ./output/checkpoint-{i * 14}/model.safetensors")
    out += [
        "",
        "",
        "Training completed. Do not forget to share your model on huggingface.co/models =)",
        "",
        "",
        "{'train_runtime': 612.3412, 'train_samples_per_second': 587.91, 'train_steps_per_second': 4.595, 'train_loss': 0.3312, 'epoch': 3.0}",
        "2026-11-29 10:44:12.512345: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized to use available CPU instructions in performance-critical operations.",
        "To enable the following instructions: AVX2 AVX512F AVX512_VNNI FMA, in other operations, rebuild TensorFlow with the appropriate compiler flags.",
        "2026-11-29 10:44:14.901234: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1929] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 78911 MB memory:  -> device: 0, name: NVIDIA A100-SXM4-80GB, pci bus id: 0000:07:00.0, compute capability: 8.0",
        "2026-11-29 10:44:15.001234: I external/local_xla/xla/service/service.cc:168] XLA service 0x7f3c2c00a2b0 initialized for platform CUDA (this does not guarantee that XLA will be used). Devices:",
        "2026-11-29 10:44:15.001301: I external/local_xla/xla/service/service.cc:176]   StreamExecutor device (0): NVIDIA A100-SXM4-80GB, Compute Capability 8.0",
        "2026-11-29 10:44:15.204112: I external/local_tsl/tsl/platform/default/subprocess.cc:304] Start cannot spawn child process: No such file or directory",
    ]
    for epoch in range(1, 21):
        out.append(f"Epoch {epoch}/20")
        for frac in (0.25, 0.5, 0.75):
            n = int(1875 * frac)
            bar = "=" * int(29 * frac) + ">" + "." * (29 - int(29 * frac))
            out.append(
                f" {n:4d}/1875 [{bar}] - ETA: {R.randint(2, 9)}s - loss: {R.uniform(0.05, 0.4):.4f} - accuracy: {R.uniform(0.88, 0.99):.4f}"
            )
        out.append(
            f"1875/1875 [==============================] - {R.randint(9, 14)}s {R.randint(5, 7)}ms/step - loss: {R.uniform(0.02, 0.3):.4f} - accuracy: {R.uniform(0.9, 0.995):.4f} - val_loss: {R.uniform(0.03, 0.3):.4f} - val_accuracy: {R.uniform(0.9, 0.99):.4f}"
        )
        if epoch % 5 == 0:
            out.append(
                f"Epoch {epoch}: val_loss improved from {R.uniform(0.05, 0.2):.5f} to {R.uniform(0.03, 0.05):.5f}, saving model to checkpoints/best.keras"
            )
    for epoch in range(5):
        out.append(
            f"Epoch {epoch}: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 782/782 [01:{R.randint(10, 40)}<00:00, {R.uniform(8, 11):.2f}it/s, loss={R.uniform(0.1, 0.5):.3f}, v_num=3, train_acc={R.uniform(0.8, 0.95):.3f}]"
        )
        out.append(
            f"Validation DataLoader 0: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 157/157 [00:04<00:00, 35.{R.randint(10, 99)}it/s]"
        )
        out.append(
            f"Epoch {epoch}, global step {(epoch + 1) * 782}: 'val_acc' reached {R.uniform(0.85, 0.93):.5f} (best {R.uniform(0.85, 0.93):.5f}), saving model to '/home/ci/runs/resnet/checkpoints/epoch={epoch}-step={(epoch + 1) * 782}.ckpt' as top 1"
        )
    out.append("`Trainer.fit` stopped: `max_epochs=5` reached.")
    return out


# -- servers --------------------------------------------------------------------------------

PATHS = [
    "/",
    "/healthz",
    "/readyz",
    "/metrics",
    "/api/v1/orders",
    "/api/v1/orders/{n}",
    "/api/v1/users/{n}/profile",
    "/api/v1/search?q=error+handling&page={n}",
    "/static/app.{h}.js",
    "/static/styles.{h}.css",
    "/favicon.ico",
    "/login",
    "/api/v1/reports/errors?since=7d&count=0",
    "/api/v1/inventory?status=ok&timeout=30s",
    "/robots.txt",
    "/docs/troubleshooting/oom",
]


def _path() -> str:
    return pick(PATHS).format(n=R.randint(1, 99999), h=hexid(8))


def _status() -> int:
    # Healthy traffic: mostly 2xx/3xx, and the 401/404 every public site sees all day.
    return R.choices([200, 201, 204, 301, 302, 304, 401, 404], weights=[80, 5, 4, 3, 3, 8, 1, 2])[0]


def access_logs() -> list[str]:
    out = []
    times = clock(3600 * 9, 2)
    for _ in range(1800):
        status = _status()
        method = "GET" if R.random() < 0.85 else pick(["POST", "PUT", "DELETE", "HEAD"])
        size = 0 if status in (204, 304) else R.randint(120, 90000)
        out.append(
            f'{pick(IPS)} - - [29/Nov/2026:{next(times)} +0000] "{method} {_path()} HTTP/{pick(["1.1", "2.0"])}" {status} {size} "{pick(["-", "https://shop.example.org/", "https://shop.example.org/cart"])}" "{pick(AGENTS)}" rt={R.uniform(0.001, 0.9):.3f} uct="0.000" uht="{R.uniform(0.001, 0.5):.3f}" urt="{R.uniform(0.001, 0.9):.3f}"'
        )
    out += [
        '2026/11/29 09:00:00 [notice] 1#1: using the "epoll" event method',
        "2026/11/29 09:00:00 [notice] 1#1: nginx/1.25.4",
        "2026/11/29 09:00:00 [notice] 1#1: built by gcc 12.2.0 (Debian 12.2.0-14)",
        "2026/11/29 09:00:00 [notice] 1#1: OS: Linux 6.1.0-18-amd64",
        "2026/11/29 09:00:00 [notice] 1#1: getrlimit(RLIMIT_NOFILE): 1048576:1048576",
        "2026/11/29 09:00:00 [notice] 1#1: start worker processes",
        "2026/11/29 09:00:00 [notice] 1#1: start worker process 29",
        "2026/11/29 09:00:00 [notice] 1#1: start worker process 30",
        "2026/11/29 11:00:00 [notice] 1#1: signal 1 (SIGHUP) received from 412, reconfiguring",
        "2026/11/29 11:00:00 [notice] 1#1: reconfiguring",
        "2026/11/29 11:00:00 [notice] 29#29: gracefully shutting down",
        "2026/11/29 11:00:00 [notice] 29#29: exiting",
        "2026/11/29 11:00:00 [notice] 29#29: exit",
        "2026/11/29 11:00:00 [notice] 1#1: signal 17 (SIGCHLD) received from 29",
        "2026/11/29 11:00:00 [notice] 1#1: worker process 29 exited with code 0",
        "nginx: the configuration file /etc/nginx/nginx.conf syntax is ok",
        "nginx: configuration file /etc/nginx/nginx.conf test is successful",
    ]
    for _ in range(600):
        status = _status()
        out.append(
            f'{pick(IPS)} - {pick(["-", "deploy", "alice"])} [29/Nov/2026:{next(times)} +0000] "GET {_path()} HTTP/1.1" {status} {R.randint(0, 40000) if status != 304 else "-"} "-" "{pick(AGENTS)}"'
        )
    out += [
        "[Sun Nov 29 09:00:01.123456 2026] [mpm_event:notice] [pid 1:tid 140310987654976] AH00489: Apache/2.4.58 (Debian) configured -- resuming normal operations",
        "[Sun Nov 29 09:00:01.123501 2026] [core:notice] [pid 1:tid 140310987654976] AH00094: Command line: '/usr/sbin/apache2 -D FOREGROUND'",
        "[Sun Nov 29 11:00:00.000001 2026] [mpm_event:notice] [pid 1:tid 140310987654976] AH00493: SIGUSR1 received.  Doing graceful restart",
        "AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using 172.17.0.3. Set the 'ServerName' directive globally to suppress this message",
        "Syntax OK",
    ]
    for _ in range(700):
        status = _status()
        out.append(
            f'[2026-11-29T{next(times)}.{R.randint(100, 999)}Z] "{pick(["GET", "GET", "POST"])} {_path()} HTTP/1.1" {status} - {R.randint(0, 900)} {R.randint(0, 90000)} {R.randint(1, 800)} {R.randint(1, 700)} "{pick(IPS)}" "{pick(AGENTS)}" "{hexid(8)}-{hexid(4)}-{hexid(4)}-{hexid(4)}-{hexid(12)}" "{pick(SERVICES)}.internal:8080" "10.0.{R.randint(0, 9)}.{R.randint(2, 250)}:8080"'
        )
    for _ in range(900):
        status = _status()
        record = {
            "level": pick(["info", "info", "info", "debug"]),
            "ts": f"2026-11-29T{next(times)}.{R.randint(100, 999)}Z",
            "logger": f"{pick(SERVICES)}.http",
            "msg": pick(
                [
                    "request completed",
                    "request completed",
                    "cache hit",
                    "job finished",
                    "retrying... ok",
                    "connection established",
                ]
            ),
            "method": pick(["GET", "POST"]),
            "path": _path(),
            "status": status,
            "duration_ms": R.randint(1, 900),
            "error": None,
            "error_count": 0,
            "retries": pick([0, 0, 0, 1]),
            "timeout": "30s",
            "trace_id": hexid(32),
        }
        out.append(json.dumps(record, separators=(",", ":")))
    for _ in range(300):
        out.append(
            f'time="2026-11-29T{next(times)}Z" level=info msg="finished unary call with code OK" grpc.code=OK grpc.method={pick(["GetOrder", "ListItems", "Health/Check"])} grpc.service={pick(SERVICES)}.v1.Service grpc.time_ms={R.uniform(0.1, 80):.3f} span.kind=server system=grpc'
        )
    return out


# -- package installs -----------------------------------------------------------------------


def installs() -> list[str]:
    out = ["$ python -m pip install -r requirements.txt"]
    pkgs = [
        ("numpy", "1.26.4", "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64", "18.3 MB"),
        ("pandas", "2.2.1", "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64", "13.0 MB"),
        ("torch", "2.2.1", "cp311-cp311-manylinux1_x86_64", "755.5 MB"),
        ("requests", "2.31.0", "py3-none-any", "62 kB"),
        ("urllib3", "2.2.1", "py3-none-any", "121 kB"),
        ("certifi", "2024.2.2", "py3-none-any", "163 kB"),
        ("idna", "3.6", "py3-none-any", "61 kB"),
        (
            "charset_normalizer",
            "3.3.2",
            "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64",
            "140 kB",
        ),
        ("pydantic", "2.6.3", "py3-none-any", "395 kB"),
        (
            "pydantic_core",
            "2.16.3",
            "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64",
            "2.2 MB",
        ),
        ("typing_extensions", "4.10.0", "py3-none-any", "33 kB"),
        ("transformers", "4.38.2", "py3-none-any", "8.5 MB"),
        (
            "tokenizers",
            "0.15.2",
            "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64",
            "3.6 MB",
        ),
        (
            "safetensors",
            "0.4.2",
            "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64",
            "1.3 MB",
        ),
        ("huggingface_hub", "0.21.3", "py3-none-any", "346 kB"),
        ("fastapi", "0.110.0", "py3-none-any", "92 kB"),
        ("uvicorn", "0.27.1", "py3-none-any", "60 kB"),
        (
            "sqlalchemy",
            "2.0.28",
            "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64",
            "3.2 MB",
        ),
        ("psycopg", "3.1.18", "py3-none-any", "179 kB"),
        ("redis", "5.0.2", "py3-none-any", "251 kB"),
    ]
    for name, version, tag, size in pkgs:
        out.append(
            f"Collecting {name}=={version} (from -r requirements.txt (line {R.randint(1, 40)}))"
        )
        out.append(f"  Downloading {name}-{version}-{tag}.whl.metadata ({R.randint(2, 90)} kB)")
        out.append(f"Downloading {name}-{version}-{tag}.whl ({size})")
        out.append(
            f"   \u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501 {size.split()[0]}/{size} {R.uniform(5, 90):.1f} MB/s eta 0:00:00"
        )
    for name, version, _tag, _size in pkgs[:8]:
        out.append(
            f"Requirement already satisfied: {name}>={version} in /opt/venv/lib/python3.11/site-packages (from -r requirements.txt (line {R.randint(1, 40)})) ({version})"
        )
    out += [
        "Building wheels for collected packages: pyyaml, ledger-tools",
        "  Building wheel for pyyaml (pyproject.toml) ... done",
        "  Created wheel for pyyaml: filename=PyYAML-6.0.1-cp311-cp311-linux_x86_64.whl size=757010 sha256=3d2e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e",
        "  Stored in directory: /home/ci/.cache/pip/wheels/1e/9f/ab/3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d",
        "  Building wheel for ledger-tools (pyproject.toml) ... done",
        "Successfully built pyyaml ledger-tools",
        "Installing collected packages: " + ", ".join(p[0] for p in pkgs),
        "  Attempting uninstall: urllib3",
        "    Found existing installation: urllib3 1.26.18",
        "    Uninstalling urllib3-1.26.18:",
        "      Successfully uninstalled urllib3-1.26.18",
        "Successfully installed " + " ".join(f"{p[0]}-{p[1]}" for p in pkgs),
        "",
        "[notice] A new release of pip is available: 23.2.1 -> 24.0",
        "[notice] To update, run: pip install --upgrade pip",
        "$ python -m pip check",
        "No broken requirements found.",
        "$ uv pip sync requirements.lock",
        "Resolved 142 packages in 412ms",
        "Downloaded 12 packages in 1.82s",
        "Installed 142 packages in 310ms",
        " + numpy==1.26.4",
        " + pandas==2.2.1",
        "$ poetry install --no-root",
        "Installing dependencies from lock file",
        "",
        "Package operations: 64 installs, 0 updates, 0 removals",
        "",
    ]
    for name, version, _tag, _size in pkgs:
        out.append(f"  - Installing {name} ({version})")
    out += [
        "$ sudo apt-get update",
        "Hit:1 http://deb.debian.org/debian bookworm InRelease",
        "Get:2 http://deb.debian.org/debian bookworm-updates InRelease [55.4 kB]",
        "Get:3 http://deb.debian.org/debian-security bookworm-security InRelease [48.0 kB]",
        "Get:4 http://deb.debian.org/debian-security bookworm-security/main amd64 Packages [143 kB]",
        "Fetched 246 kB in 1s (312 kB/s)",
        "Reading package lists... Done",
        "$ sudo apt-get install -y --no-install-recommends build-essential libssl-dev curl ca-certificates",
        "Reading package lists... Done",
        "Building dependency tree... Done",
        "Reading state information... Done",
        "ca-certificates is already the newest version (20230311).",
        "The following additional packages will be installed:",
        "  binutils binutils-common binutils-x86-64-linux-gnu cpp cpp-12 dpkg-dev g++ g++-12 gcc gcc-12",
        "Suggested packages:",
        "  binutils-doc cpp-doc gcc-12-locales debian-keyring g++-multilib g++-12-multilib gcc-12-doc",
        "The following NEW packages will be installed:",
        "  binutils binutils-common build-essential cpp cpp-12 dpkg-dev g++ g++-12 gcc gcc-12 libssl-dev curl",
        "0 upgraded, 32 newly installed, 0 to remove and 3 not upgraded.",
        "Need to get 61.2 MB of archives.",
        "After this operation, 221 MB of additional disk space will be used.",
    ]
    debs = [
        ("binutils-common", "2.40-2"),
        ("libbinutils", "2.40-2"),
        ("binutils", "2.40-2"),
        ("libisl23", "0.25-1.1"),
        ("libmpfr6", "4.2.0-1"),
        ("libmpc3", "1.3.1-1"),
        ("cpp-12", "12.2.0-14"),
        ("cpp", "4:12.2.0-3"),
        ("libgcc-12-dev", "12.2.0-14"),
        ("gcc-12", "12.2.0-14"),
        ("gcc", "4:12.2.0-3"),
        ("libstdc++-12-dev", "12.2.0-14"),
        ("g++-12", "12.2.0-14"),
        ("g++", "4:12.2.0-3"),
        ("make", "4.3-4.1"),
        ("libdpkg-perl", "1.21.22"),
        ("dpkg-dev", "1.21.22"),
        ("build-essential", "12.9"),
        ("libssl-dev", "3.0.11-1~deb12u2"),
        ("libcurl4", "7.88.1-10+deb12u5"),
        ("curl", "7.88.1-10+deb12u5"),
    ]
    for i, (name, version) in enumerate(debs, 1):
        out.append(
            f"Get:{i} http://deb.debian.org/debian bookworm/main amd64 {name} amd64 {version} [{R.randint(10, 9000)} kB]"
        )
    out.append("debconf: delaying package configuration, since apt-utils is not installed")
    out.append("Fetched 61.2 MB in 3s (19.8 MB/s)")
    for name, version in debs:
        out.append(f"Selecting previously unselected package {name}:amd64.")
        out.append(f"Preparing to unpack .../{name}_{version}_amd64.deb ...")
        out.append(f"Unpacking {name}:amd64 ({version}) ...")
    for name, version in debs:
        out.append(f"Setting up {name}:amd64 ({version}) ...")
    out += [
        "update-alternatives: using /usr/bin/g++ to provide /usr/bin/c++ (c++) in auto mode",
        "Processing triggers for libc-bin (2.36-9+deb12u4) ...",
        "Processing triggers for man-db (2.11.2-2) ...",
        "$ conda env create -f environment.yml",
        "Channels:",
        " - conda-forge",
        " - defaults",
        "Platform: linux-64",
        "Collecting package metadata (repodata.json): done",
        "Solving environment: done",
        "",
        "Downloading and Extracting Packages:",
    ]
    for name, _version, _t, size in pkgs[:12]:
        out.append(f"{name:<20} | {size:>9} | {'#' * 40} | 100% ")
    out += [
        "Preparing transaction: done",
        "Verifying transaction: done",
        "Executing transaction: done",
        "Installing pip dependencies: / Ran pip subprocess with arguments:",
        "Pip subprocess output:",
        "Successfully installed ledger-tools-0.9.2",
        "",
        "done",
        "#",
        "# To activate this environment, use",
        "#",
        "#     $ conda activate ledger",
        "#",
        "# To deactivate an active environment, use",
        "#",
        "#     $ conda deactivate",
        "",
        "$ npm install --save express@4.18.3",
        "",
        "added 64 packages, and audited 65 packages in 3s",
        "",
        "12 packages are looking for funding",
        "  run `npm fund` for details",
        "",
        "found 0 vulnerabilities",
        "$ npm audit",
        "found 0 vulnerabilities",
        "$ brew install jq",
        "==> Downloading https://ghcr.io/v2/homebrew/core/jq/manifests/1.7.1",
        "==> Fetching jq",
        "==> Pouring jq--1.7.1.arm64_sonoma.bottle.tar.gz",
        "\U0001f37a  /opt/homebrew/Cellar/jq/1.7.1: 19 files, 1.4MB",
        "$ gem install bundler",
        "Successfully installed bundler-2.5.6",
        "1 gem installed",
        "$ cargo install ripgrep",
        "    Updating crates.io index",
        "  Installing ripgrep v14.1.0",
        "    Finished `release` profile [optimized + debuginfo] target(s) in 41.23s",
        "  Installing /home/ci/.cargo/bin/rg",
        "   Installed package `ripgrep v14.1.0` (executable `rg`)",
    ]
    return out


# -- platforms ------------------------------------------------------------------------------


def kubernetes() -> list[str]:
    out = ["$ kubectl get pods -A -o wide"]
    out.append(
        "NAMESPACE     NAME                                        READY   STATUS      RESTARTS   AGE    IP             NODE          NOMINATED NODE   READINESS GATES"
    )
    for ns in ("default", "payments", "search", "kube-system", "monitoring"):
        for svc in SERVICES[:6]:
            for _ in range(R.randint(1, 3)):
                name = f"{svc}-{hexid(10)}-{hexid(5)}"
                status = "Completed" if R.random() < 0.05 else "Running"
                ready = "0/1" if status == "Completed" else pick(["1/1", "2/2", "3/3"])
                out.append(
                    f"{ns:<13} {name:<43} {ready:<7} {status:<11} {pick(['0', '0', '0', '1 (3d ago)']):<10} {R.randint(1, 40)}d    10.244.{R.randint(0, 9)}.{R.randint(2, 250):<6} node-{R.randint(1, 9)}        <none>           <none>"
                )
    out += [
        "$ kubectl get events -n payments --sort-by=.lastTimestamp",
        "LAST SEEN   TYPE     REASON              OBJECT                                 MESSAGE",
    ]
    for _ in range(120):
        svc = pick(SERVICES)
        pod = f"pod/{svc}-{hexid(10)}-{hexid(5)}"
        reason, msg = pick(
            [
                (
                    "Scheduled",
                    f"Successfully assigned payments/{pod[4:]} to node-{R.randint(1, 9)}",
                ),
                (
                    "Pulling",
                    f'Pulling image "registry.internal/acme/{svc}:1.{R.randint(0, 9)}.{R.randint(0, 20)}"',
                ),
                (
                    "Pulled",
                    f'Successfully pulled image "registry.internal/acme/{svc}:1.4.2" in {R.uniform(0.5, 9):.3f}s ({R.uniform(0.5, 9):.3f}s including waiting). Image size: {R.randint(20000000, 900000000)} bytes.',
                ),
                (
                    "Pulled",
                    f'Container image "registry.internal/acme/{svc}:1.4.2" already present on machine',
                ),
                ("Created", f"Created container {svc}"),
                ("Started", f"Started container {svc}"),
                ("Killing", f"Stopping container {svc}"),
                ("SuccessfulCreate", f"Created pod: {pod[4:]}"),
                ("SuccessfulDelete", f"Deleted pod: {pod[4:]}"),
                ("ScalingReplicaSet", f"Scaled up replica set {svc}-{hexid(10)} to 3"),
                ("ScalingReplicaSet", f"Scaled down replica set {svc}-{hexid(10)} to 0 from 1"),
                (
                    "SuccessfulRescale",
                    "New size: 4; reason: cpu resource utilization (percentage of request) above target",
                ),
                ("Sync", "Scheduled for sync"),
                ("NodeReady", f"Node node-{R.randint(1, 9)} status is now: NodeReady"),
                (
                    "NodeHasSufficientMemory",
                    f"Node node-{R.randint(1, 9)} status is now: NodeHasSufficientMemory",
                ),
                (
                    "NodeHasNoDiskPressure",
                    f"Node node-{R.randint(1, 9)} status is now: NodeHasNoDiskPressure",
                ),
                (
                    "NodeHasSufficientPID",
                    f"Node node-{R.randint(1, 9)} status is now: NodeHasSufficientPID",
                ),
                (
                    "RegisteredNode",
                    f"Node node-{R.randint(1, 9)} event: Registered Node node-3 in Controller",
                ),
                ("LeaderElection", f"{svc}-controller-{hexid(5)} became leader"),
                (
                    "SuccessfulAttachVolume",
                    f'AttachVolume.Attach succeeded for volume "pvc-{hexid(8)}-{hexid(4)}-{hexid(4)}-{hexid(4)}-{hexid(12)}"',
                ),
                ("Completed", "Job completed"),
            ]
        )
        kind = (
            pick(["pod", "deployment", "replicaset", "node", "job"])
            if reason not in ("Scheduled", "Pulling", "Pulled", "Created", "Started", "Killing")
            else "pod"
        )
        obj = pod if kind == "pod" else f"{kind}/{svc}"
        out.append(
            f"{R.randint(1, 59)}{pick(['s', 'm'])}{'':<8} Normal   {reason:<19} {obj:<38} {msg}"
        )
    out += [
        "$ kubectl apply -f k8s/",
        "namespace/payments unchanged",
        "configmap/api-config configured",
        "secret/api-env configured",
        "service/api unchanged",
        "deployment.apps/api configured",
        "horizontalpodautoscaler.autoscaling/api unchanged",
        "ingress.networking.k8s.io/api unchanged",
        "poddisruptionbudget.policy/api created",
        "$ kubectl rollout status deployment/api -n payments --timeout=300s",
        'Waiting for deployment "api" rollout to finish: 1 out of 3 new replicas have been updated...',
        'Waiting for deployment "api" rollout to finish: 2 out of 3 new replicas have been updated...',
        'Waiting for deployment "api" rollout to finish: 1 old replicas are pending termination...',
        'deployment "api" successfully rolled out',
        "$ kubectl get nodes",
        "NAME     STATUS   ROLES           AGE    VERSION",
    ]
    for i in range(1, 10):
        out.append(
            f"node-{i}   Ready    {'control-plane' if i == 1 else '<none>':<15} {R.randint(30, 400)}d   v1.29.2"
        )
    out += [
        "$ kubectl describe node node-3",
        "Conditions:",
        "  Type                 Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
        "  ----                 ------  -----------------                 ------------------                ------                       -------",
        "  MemoryPressure       False   Sun, 29 Nov 2026 10:11:52 +0000   Mon, 02 Nov 2026 08:00:12 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available",
        "  DiskPressure         False   Sun, 29 Nov 2026 10:11:52 +0000   Mon, 02 Nov 2026 08:00:12 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure",
        "  PIDPressure          False   Sun, 29 Nov 2026 10:11:52 +0000   Mon, 02 Nov 2026 08:00:12 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available",
        "  Ready                True    Sun, 29 Nov 2026 10:11:52 +0000   Mon, 02 Nov 2026 08:00:30 +0000   KubeletReady                 kubelet is posting ready status. AppArmor enabled",
        "$ kubectl get deploy,svc,hpa -n payments",
        "NAME                  READY   UP-TO-DATE   AVAILABLE   AGE",
        "deployment.apps/api   3/3     3            3           212d",
        "NAME          TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)    AGE",
        "service/api   ClusterIP   10.96.114.201   <none>        8080/TCP   212d",
        "NAME                                      REFERENCE        TARGETS   MINPODS   MAXPODS   REPLICAS   AGE",
        "horizontalpodautoscaler.autoscaling/api   Deployment/api   41%/70%   3         10        3          212d",
        "$ helm upgrade --install api charts/api -n payments --wait",
        'Release "api" has been upgraded. Happy Helming!',
        "NAME: api",
        "LAST DEPLOYED: Sun Nov 29 10:12:44 2026",
        "NAMESPACE: payments",
        "STATUS: deployed",
        "REVISION: 58",
        "TEST SUITE: None",
        "$ kubectl logs deploy/api -n payments --tail=20",
    ]
    times = clock(36500, 3)
    for _ in range(60):
        out.append(
            f'I1129 {next(times)}.{R.randint(100000, 999999)}       1 {pick(["server.go", "handler.go", "cache.go"])}:{R.randint(20, 400)}] "{pick(["Serving", "Reconciled", "Synced cache", "Health check ok"])}" {pick(["path", "object", "key"])}="{pick(SERVICES)}" duration="{R.randint(1, 90)}ms" errors=0'
        )
    return out


def docker() -> list[str]:
    out = ["$ docker buildx build --progress=plain -t registry.internal/acme/api:1.4.2 ."]
    steps = [
        "[internal] load build definition from Dockerfile",
        "[internal] load metadata for docker.io/library/python:3.11-slim",
        "[internal] load .dockerignore",
        "[builder 1/6] FROM docker.io/library/python:3.11-slim@sha256:" + hexid(64),
        "[internal] load build context",
        "[builder 2/6] RUN apt-get update && apt-get install -y --no-install-recommends build-essential && rm -rf /var/lib/apt/lists/*",
        "[builder 3/6] WORKDIR /app",
        "[builder 4/6] COPY requirements.txt .",
        "[builder 5/6] RUN pip install --no-cache-dir --prefix=/install -r requirements.txt",
        "[builder 6/6] COPY src/ ./src/",
        "[stage-1 2/4] COPY --from=builder /install /usr/local",
        "[stage-1 3/4] COPY --from=builder /app/src /app/src",
        "[stage-1 4/4] RUN useradd --uid 10001 app && chown -R app /app",
        "exporting to image",
    ]
    for i, step in enumerate(steps, 1):
        out.append(f"#{i} {step}")
        if "load build definition" in step:
            out.append(f"#{i} transferring dockerfile: 1.02kB done")
        elif "build context" in step:
            out.append(f"#{i} transferring context: 412.31kB 0.1s done")
        elif "apt-get" in step:
            out += [
                f"#{i} 0.412 Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]",
                f"#{i} 1.203 Fetched 9124 kB in 1s (8120 kB/s)",
                f"#{i} 1.980 Reading package lists...",
                f"#{i} 4.112 0 upgraded, 24 newly installed, 0 to remove and 0 not upgraded.",
                f"#{i} 19.23 Setting up build-essential (12.9) ...",
                f"#{i} 19.30 Processing triggers for libc-bin (2.36-9+deb12u4) ...",
            ]
        elif "pip install" in step:
            for name in (
                "fastapi==0.110.0",
                "uvicorn==0.27.1",
                "pydantic==2.6.3",
                "sqlalchemy==2.0.28",
            ):
                out.append(
                    f"#{i} {R.uniform(1, 9):.3f} Collecting {name} (from -r requirements.txt (line {R.randint(1, 9)}))"
                )
            out.append(
                f"#{i} 14.02 Successfully installed anyio-4.3.0 fastapi-0.110.0 h11-0.14.0 pydantic-2.6.3 sqlalchemy-2.0.28 uvicorn-0.27.1"
            )
        elif step == "exporting to image":
            out += [
                f"#{i} exporting layers 1.4s done",
                f"#{i} writing image sha256:{hexid(64)} done",
                f"#{i} naming to registry.internal/acme/api:1.4.2 done",
            ]
        if R.random() < 0.3 and "FROM" not in step:
            out.append(f"#{i} CACHED")
        else:
            out.append(f"#{i} DONE {R.uniform(0, 20):.1f}s")
    out += [
        "$ docker push registry.internal/acme/api:1.4.2",
        "The push refers to repository [registry.internal/acme/api]",
    ]
    for _ in range(7):
        out.append(
            f"{hexid(12)}: {pick(['Layer already exists', 'Pushed', 'Mounted from acme/base'])}"
        )
    out += [
        f"1.4.2: digest: sha256:{hexid(64)} size: 2419",
        "$ docker build -t acme/worker:latest .",
        "Sending build context to Docker daemon  1.183MB",
    ]
    for i, inst in enumerate(
        [
            "FROM node:20-alpine",
            "WORKDIR /app",
            "COPY package*.json ./",
            "RUN npm ci --omit=dev",
            "COPY . .",
            "USER node",
            'CMD ["node", "server.js"]',
        ],
        1,
    ):
        out.append(f"Step {i}/7 : {inst}")
        if inst.startswith("RUN"):
            out += [
                f" ---> Running in {hexid(12)}",
                "",
                "added 212 packages, and audited 213 packages in 6s",
                "found 0 vulnerabilities",
                f"Removing intermediate container {hexid(12)}",
            ]
        elif R.random() < 0.4:
            out.append(" ---> Using cache")
        out.append(f" ---> {hexid(12)}")
    out += [
        f"Successfully built {hexid(12)}",
        "Successfully tagged acme/worker:latest",
        "$ docker compose up -d --wait",
        "[+] Running 6/6",
        " \u2714 Network ledger_default       Created                                              0.1s",
        ' \u2714 Volume "ledger_pgdata"       Created                                              0.0s',
        " \u2714 Container ledger-db-1        Healthy                                              6.2s",
        " \u2714 Container ledger-redis-1     Healthy                                              2.1s",
        " \u2714 Container ledger-api-1       Healthy                                              9.4s",
        " \u2714 Container ledger-worker-1    Started                                              9.6s",
        "$ docker ps",
        "CONTAINER ID   IMAGE                   COMMAND                  CREATED          STATUS                    PORTS                    NAMES",
    ]
    for svc in ("api", "worker", "db", "redis"):
        out.append(
            f'{hexid(12)}   acme/{svc}:1.4.2          "docker-entrypoint.s…"   2 minutes ago    Up 2 minutes (healthy)    0.0.0.0:{R.randint(3000, 9000)}->8080/tcp   ledger-{svc}-1'
        )
    out += [
        "$ docker system df",
        "TYPE            TOTAL     ACTIVE    SIZE      RECLAIMABLE",
        "Images          14        4         5.112GB   3.201GB (62%)",
        "Containers      4         4         1.2MB     0B (0%)",
        "Local Volumes   3         2         812.4MB   0B (0%)",
        "Build Cache     112       0         2.31GB    2.31GB",
    ]
    return out


def terraform_cloud() -> list[str]:
    out = [
        "$ terraform init -input=false",
        "",
        "Initializing the backend...",
        "",
        'Successfully configured the backend "s3"! Terraform will automatically',
        "use this backend unless the backend configuration changes.",
        "",
        "Initializing provider plugins...",
        '- Finding hashicorp/aws versions matching "~> 5.40"...',
        "- Installing hashicorp/aws v5.40.0...",
        "- Installed hashicorp/aws v5.40.0 (signed by HashiCorp)",
        "",
        "Terraform has been successfully initialized!",
        "$ terraform plan -input=false -out=tfplan",
    ]
    resources = [
        f"aws_{kind}.{name}"
        for kind in (
            "s3_bucket",
            "iam_role",
            "security_group",
            "ecs_service",
            "lb_target_group",
            "cloudwatch_log_group",
        )
        for name in SERVICES[:5]
    ]
    for res in resources:
        out.append(f"{res}: Refreshing state... [id={res.split('.')[1]}-{hexid(8)}]")
    out += [
        "",
        "No changes. Your infrastructure matches the configuration.",
        "",
        "Terraform has compared your real infrastructure against your configuration and found no differences, so no changes are needed.",
        "$ terraform apply -input=false tfplan",
    ]
    for res in resources[:6]:
        out.append(f"{res}: Modifying... [id={res.split('.')[1]}-{hexid(8)}]")
        out.append(
            f"{res}: Modifications complete after {R.randint(1, 9)}s [id={res.split('.')[1]}-{hexid(8)}]"
        )
    out += [
        "",
        "Apply complete! Resources: 0 added, 6 changed, 0 destroyed.",
        "",
        "Outputs:",
        "",
        'api_url = "https://api.staging.example.org"',
        "error_count = 0",
    ]
    out += [
        "$ aws s3 sync ./dist s3://acme-web-assets/ --delete",
    ]
    for _ in range(40):
        name = f"assets/{pick(MODULES)}-{hexid(8)}.js"
        out.append(f"upload: dist/{name} to s3://acme-web-assets/{name}")
    out += [
        "$ aws sts get-caller-identity --query Arn --output text",
        "arn:aws:sts::123456789012:assumed-role/ci-deploy/gha-run-4821",
        "$ gcloud run deploy api --image europe-docker.pkg.dev/acme/app/api:1.4.2 --region europe-west1",
        "Deploying container to Cloud Run service [api] in project [acme-prod] region [europe-west1]",
        "OK Deploying... Done.",
        "  OK Creating Revision...",
        "  OK Routing traffic...",
        "Done.",
        "Service [api] revision [api-00042-xuz] has been deployed and is serving 100 percent of traffic.",
        "$ az deployment group create -g acme-rg -f main.bicep",
        ' "provisioningState": "Succeeded",',
    ]
    return out


def ci_logs() -> list[str]:
    out = []
    base = 10 * 3600
    t = base

    def ts() -> str:
        nonlocal t
        t += R.randint(0, 3)
        return f"2026-11-29T{t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d}.{R.randint(1000000, 9999999)}Z"

    for job in ("build", "test", "lint", "deploy"):
        out += [
            f"{ts()} Requested labels: ubuntu-latest",
            f"{ts()} Job defined at: acme/ledger/.github/workflows/ci.yml@refs/heads/main",
            f"{ts()} Waiting for a runner to pick up this job...",
            f"{ts()} Job is about to start running on the hosted runner: GitHub Actions {R.randint(2, 200)}",
            f"{ts()} ##[group]Runner Image Provisioner",
            f"{ts()} Hosted Compute Agent",
            f"{ts()} Version: 20240220.1",
            f"{ts()} ##[endgroup]",
            f"{ts()} ##[group]Operating System",
            f"{ts()} Ubuntu",
            f"{ts()} 22.04.4",
            f"{ts()} LTS",
            f"{ts()} ##[endgroup]",
            f"{ts()} ##[group]GITHUB_TOKEN Permissions",
            f"{ts()} Contents: read",
            f"{ts()} Metadata: read",
            f"{ts()} ##[endgroup]",
            f"{ts()} Prepare workflow directory",
            f"{ts()} Prepare all required actions",
            f"{ts()} Getting action download info",
            f"{ts()} Download action repository 'actions/checkout@v4' (SHA:b4ffde65f46336ab88eb53be808477a3936bae11)",
            f"{ts()} Download action repository 'actions/setup-python@v5' (SHA:0a5c61591373683505ea898e09a3ea4f39ef2b9c)",
            f"{ts()} Complete job name: {job}",
            f"{ts()} ##[group]Run actions/checkout@v4",
            f"{ts()} with:",
            f"{ts()}   repository: acme/ledger",
            f"{ts()}   fetch-depth: 1",
            f"{ts()} ##[endgroup]",
            f"{ts()} Syncing repository: acme/ledger",
            f"{ts()} ##[group]Getting Git version info",
            f"{ts()} Working directory is '/home/runner/work/ledger/ledger'",
            f"{ts()} [command]/usr/bin/git version",
            f"{ts()} git version 2.43.2",
            f"{ts()} ##[endgroup]",
            f"{ts()} Temporarily overriding HOME='/home/runner/work/_temp/{hexid(8)}-{hexid(4)}-{hexid(4)}-{hexid(4)}-{hexid(12)}' before making global git config changes",
            f"{ts()} [command]/usr/bin/git config --global --add safe.directory /home/runner/work/ledger/ledger",
            f"{ts()} Deleting the contents of '/home/runner/work/ledger/ledger'",
            f"{ts()} ##[group]Fetching the repository",
            f"{ts()} [command]/usr/bin/git -c protocol.version=2 fetch --no-tags --prune --no-recurse-submodules --depth=1 origin +{hexid(40)}:refs/remotes/origin/main",
            f"{ts()} remote: Enumerating objects: 812, done.",
            f"{ts()} remote: Counting objects: 100% (812/812), done.",
            f"{ts()} remote: Compressing objects: 100% (640/640), done.",
            f"{ts()} remote: Total 812 (delta 91), reused 512 (delta 40), pack-reused 0",
            f"{ts()} From https://github.com/acme/ledger",
            f"{ts()}  * [new ref]         {hexid(40)} -> origin/main",
            f"{ts()} ##[endgroup]",
            f"{ts()} ##[group]Run actions/setup-python@v5",
            f"{ts()} Successfully set up CPython (3.11.8)",
            f"{ts()} ##[endgroup]",
            f"{ts()} ##[group]Run make {job}",
            f"{ts()} \u001b[36;1mmake {job}\u001b[0m",
            f"{ts()} shell: /usr/bin/bash -e {{0}}",
            f"{ts()} ##[endgroup]",
        ]
        for _ in range(R.randint(40, 90)):
            out.append(
                f"{ts()} {pick(['ok', 'PASSED', 'compiled', 'done', 'cached'])}: {pick(MODULES)}/{pick(WORDS)} ({R.randint(1, 900)} ms)"
            )
        out += [
            f"{ts()} ##[group]Run actions/upload-artifact@v4",
            f"{ts()} With the provided path, there will be 14 files uploaded",
            f"{ts()} Artifact name is valid!",
            f"{ts()} Root directory input is valid!",
            f"{ts()} Beginning upload of artifact content to blob storage",
            f"{ts()} Uploaded bytes 412312",
            f"{ts()} Finished uploading artifact content to blob storage!",
            f"{ts()} Artifact {job}-report.zip successfully finalized. Artifact ID {R.randint(10**8, 10**9)}",
            f"{ts()} ##[endgroup]",
            f"{ts()} Post job cleanup.",
            f"{ts()} [command]/usr/bin/git version",
            f"{ts()} Cleaning up orphan processes",
        ]
    out += [
        "Running with gitlab-runner 16.9.1 (782c6ecb)",
        "  on docker-runner-3 xY9aB2cD, system ID: s_4f5e6d7c8b9a",
        'Preparing the "docker" executor',
        "Using Docker executor with image python:3.11-slim ...",
        "Pulling docker image python:3.11-slim ...",
        f"Using docker image sha256:{hexid(64)} for python:3.11-slim with digest python@sha256:{hexid(64)} ...",
        "Preparing environment",
        "Running on runner-xy9ab2cd-project-412-concurrent-0 via gitlab-runner-3...",
        "Getting source from Git repository",
        "Fetching changes with git depth set to 20...",
        "Reinitialized existing Git repository in /builds/acme/ledger/.git/",
        f"Checking out {hexid(8)} as detached HEAD (ref is main)...",
        "Removing .pytest_cache/",
        "Skipping Git submodules setup",
        "Restoring cache",
        "Checking cache for pip-main-protected...",
        "Downloading cache from https://storage.googleapis.com/gitlab-runner-cache/project/412/pip-main-protected",
        "Successfully extracted cache",
        'Executing "step_script" stage of the job script',
        "$ pip install -r requirements-test.txt",
        "Successfully installed ledger-0.9.2 pytest-8.0.2",
        "$ pytest -q --junitxml=report.xml",
        "........................................................................ [ 46%]",
        "........................................................................ [ 92%]",
        "............                                                             [100%]",
        "156 passed in 12.31s",
        "Saving cache for successful job",
        "Creating cache pip-main-protected...",
        "Created cache",
        "Uploading artifacts for successful job",
        "Uploading artifacts...",
        "report.xml: found 1 matching artifact files and directories",
        'Uploading artifacts as "junit" to coordinator... 201 Created  id=88412 responseStatus=201 Created token=glcbt-64',
        "Cleaning up project directory and file based variables",
        "Job succeeded",
        "Started by GitHub push by release-bot",
        "Obtained Jenkinsfile from git https://git.internal/acme/ledger.git",
        "[Pipeline] Start of Pipeline",
        "[Pipeline] node",
        "Running on build-agent-04 in /var/lib/jenkins/workspace/ledger_main",
        "[Pipeline] {",
        "[Pipeline] stage",
        "[Pipeline] { (Declarative: Checkout SCM)",
        "[Pipeline] checkout",
        "The recommended git tool is: NONE",
        "using credential git-deploy-key",
        "Cloning the remote Git repository",
        "Cloning repository https://git.internal/acme/ledger.git",
        " > git init /var/lib/jenkins/workspace/ledger_main # timeout=10",
        "Fetching upstream changes from https://git.internal/acme/ledger.git",
        " > git --version # timeout=10",
        " > git --version # 'git version 2.39.2'",
        " > git fetch --tags --force --progress -- https://git.internal/acme/ledger.git +refs/heads/*:refs/remotes/origin/* # timeout=10",
        f"Checking out Revision {hexid(40)} (refs/remotes/origin/main)",
        'Commit message: "Retry the ledger sync on timeout (errors: 0 in staging)"',
        "[Pipeline] }",
        "[Pipeline] // stage",
    ]
    for stage in ("Build", "Unit tests", "Integration tests", "Package", "Publish"):
        out += [
            "[Pipeline] stage",
            f"[Pipeline] {{ ({stage})",
            "[Pipeline] sh",
            f"+ make {stage.lower().replace(' ', '-')}",
            f"{stage} finished: 0 errors, 0 warnings",
            "[Pipeline] junit" if "tests" in stage else "[Pipeline] echo",
            "Recording test results" if "tests" in stage else f"{stage} done",
            "[Checks API] No suitable checks publisher found."
            if "tests" in stage
            else f"{stage}: exit code 0",
            "[Pipeline] }",
            "[Pipeline] // stage",
        ]
    out += [
        "[Pipeline] }",
        "[Pipeline] // node",
        "[Pipeline] End of Pipeline",
        "",
        "GitHub has been notified of this commit\u2019s build result",
        "",
        "Finished: SUCCESS",
        "$ circleci: Spin up environment",
        "Build-agent version 1.0.231010-4d2c6b3a (2026-11-20T10:11:12+0000)",
        "Creating a dedicated VM with ubuntu-2204:2024.01.1 image",
        "Success!",
        "$ buildkite-agent pipeline upload",
        "~~~ Running global pre-checkout hook",
        "--- :pytest: Running tests",
        "+++ :white_check_mark: 156 passed",
    ]
    return out


def databases() -> list[str]:
    out = []
    times = clock(9 * 3600, 1)
    t = lambda: f"2026-11-29T{next(times)}.{R.randint(100000, 999999)}Z"  # noqa: E731
    out += [
        f"{t()} 0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld 8.0.36) starting as process 1",
        f"{t()} 1 [System] [MY-013576] [InnoDB] InnoDB initialization has started.",
        f"{t()} 1 [System] [MY-013577] [InnoDB] InnoDB initialization has ended.",
        f"{t()} 0 [System] [MY-010229] [Server] Starting XA crash recovery...",
        f"{t()} 0 [System] [MY-010232] [Server] XA crash recovery finished.",
        f"{t()} 0 [Warning] [MY-010068] [Server] CA certificate ca.pem is self signed.",
        f"{t()} 0 [System] [MY-013602] [Server] Channel mysql_main configured to support TLS. Encrypted connections are now supported for this channel.",
        f"{t()} 0 [Warning] [MY-011810] [Server] Insecure configuration for --pid-file: Location '/var/run/mysqld' in the path is accessible to all OS users. Consider choosing a different directory.",
        f"{t()} 0 [System] [MY-011323] [Server] X Plugin ready for connections. Bind-address: '::' port: 33060, socket: /var/run/mysqld/mysqlx.sock",
        f"{t()} 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. Version: '8.0.36'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server - GPL.",
        "2026-11-29 09:00:02+00:00 [Note] [Entrypoint]: Entrypoint script for MySQL Server 8.0.36-1.el8 started.",
        "2026-11-29 09:00:02+00:00 [Note] [Entrypoint]: Switching to dedicated user 'mysql'",
        "2026-11-29 09:00:03+00:00 [Note] [Entrypoint]: Database files initialized",
        "2026-11-29 09:00:09+00:00 [Note] [Entrypoint]: MySQL init process done. Ready for start up.",
    ]
    for _ in range(60):
        out.append(
            f"# Query_time: {R.uniform(0, 0.05):.6f}  Lock_time: 0.000002 Rows_sent: {R.randint(0, 50)}  Rows_examined: {R.randint(0, 500)}"
        )
    out += [
        "1:C 29 Nov 2026 09:00:01.123 * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo",
        "1:C 29 Nov 2026 09:00:01.123 * Redis version=7.2.4, bits=64, commit=00000000, modified=0, pid=1, just started",
        "1:C 29 Nov 2026 09:00:01.123 * Configuration loaded",
        "1:M 29 Nov 2026 09:00:01.124 * monotonic clock: POSIX clock_gettime",
        "1:M 29 Nov 2026 09:00:01.125 * Running mode=standalone, port=6379.",
        "1:M 29 Nov 2026 09:00:01.125 * Server initialized",
        "1:M 29 Nov 2026 09:00:01.126 * Loading RDB produced by version 7.2.4",
        "1:M 29 Nov 2026 09:00:01.126 * RDB age 812 seconds",
        "1:M 29 Nov 2026 09:00:01.126 * RDB memory usage when created 12.41 Mb",
        "1:M 29 Nov 2026 09:00:01.201 * Done loading RDB, keys loaded: 41234, keys expired: 12.",
        "1:M 29 Nov 2026 09:00:01.201 * DB loaded from disk: 0.076 seconds",
        "1:M 29 Nov 2026 09:00:01.201 * Ready to accept connections tcp",
    ]
    for hour in range(10, 22):
        out += [
            f"1:M 29 Nov 2026 {hour}:00:01.001 * 100 changes in 300 seconds. Saving...",
            f"1:M 29 Nov 2026 {hour}:00:01.003 * Background saving started by pid {R.randint(20, 9000)}",
            f"{R.randint(20, 9000)}:C 29 Nov 2026 {hour}:00:01.210 * DB saved on disk",
            f"{R.randint(20, 9000)}:C 29 Nov 2026 {hour}:00:01.211 * Fork CoW for RDB: current 2 MB, peak 2 MB, average 1 MB",
            f"1:M 29 Nov 2026 {hour}:00:01.301 * Background saving terminated with success",
        ]
    out += [
        "1:S 29 Nov 2026 09:05:00.001 * Connecting to MASTER redis-0.redis:6379",
        "1:S 29 Nov 2026 09:05:00.002 * MASTER <-> REPLICA sync started",
        "1:S 29 Nov 2026 09:05:00.003 * Non blocking connect for SYNC fired the event.",
        "1:S 29 Nov 2026 09:05:00.004 * Master replied to PING, replication can continue...",
        "1:S 29 Nov 2026 09:05:00.110 * MASTER <-> REPLICA sync: Finished with success",
    ]
    mongo_msgs = [
        ("NETWORK", 23015, "listener", "Listening on", {"address": "0.0.0.0"}),
        ("NETWORK", 23016, "listener", "Waiting for connections", {"port": 27017, "ssl": "off"}),
        ("CONTROL", 20698, "-", "***** SERVER RESTARTED *****", None),
        (
            "STORAGE",
            22315,
            "initandlisten",
            "Opening WiredTiger",
            {"config": "create,cache_size=7680M"},
        ),
        (
            "REPL",
            21392,
            "ReplCoord-0",
            "New replica set config in use",
            {"config": {"_id": "rs0", "version": 3}},
        ),
        (
            "REPL",
            21358,
            "ReplCoord-0",
            "Replica set state transition",
            {"newState": "PRIMARY", "oldState": "SECONDARY"},
        ),
        (
            "INDEX",
            20345,
            "conn12",
            "Index build: done building",
            {"buildUUID": None, "namespace": "orders.items", "index": "sku_1"},
        ),
    ]
    for cat, mid, ctx, msg, attr in mongo_msgs:
        rec = {
            "t": {"$date": f"2026-11-29T{next(times)}.{R.randint(100, 999)}+00:00"},
            "s": "I",
            "c": cat,
            "id": mid,
            "ctx": ctx,
            "msg": msg,
        }
        if attr is not None:
            rec["attr"] = attr
        out.append(json.dumps(rec))
    for _ in range(200):
        conn = R.randint(10, 99999)
        kind = pick(["accepted", "metadata", "ended", "slow"])
        if kind == "accepted":
            rec = {
                "t": {"$date": f"2026-11-29T{next(times)}.{R.randint(100, 999)}+00:00"},
                "s": "I",
                "c": "NETWORK",
                "id": 22943,
                "ctx": "listener",
                "msg": "Connection accepted",
                "attr": {
                    "remote": f"10.0.2.{R.randint(2, 250)}:{R.randint(30000, 60000)}",
                    "uuid": f"{hexid(8)}-{hexid(4)}-{hexid(4)}-{hexid(4)}-{hexid(12)}",
                    "connectionId": conn,
                    "connectionCount": R.randint(5, 80),
                },
            }
        elif kind == "metadata":
            rec = {
                "t": {"$date": f"2026-11-29T{next(times)}.{R.randint(100, 999)}+00:00"},
                "s": "I",
                "c": "NETWORK",
                "id": 51800,
                "ctx": f"conn{conn}",
                "msg": "client metadata",
                "attr": {
                    "remote": f"10.0.2.{R.randint(2, 250)}:{R.randint(30000, 60000)}",
                    "client": f"conn{conn}",
                    "doc": {
                        "driver": {"name": "PyMongo", "version": "4.6.2"},
                        "os": {"type": "Linux"},
                    },
                },
            }
        elif kind == "ended":
            rec = {
                "t": {"$date": f"2026-11-29T{next(times)}.{R.randint(100, 999)}+00:00"},
                "s": "I",
                "c": "NETWORK",
                "id": 22944,
                "ctx": f"conn{conn}",
                "msg": "Connection ended",
                "attr": {
                    "remote": f"10.0.2.{R.randint(2, 250)}:{R.randint(30000, 60000)}",
                    "connectionId": conn,
                    "connectionCount": R.randint(5, 80),
                },
            }
        else:
            rec = {
                "t": {"$date": f"2026-11-29T{next(times)}.{R.randint(100, 999)}+00:00"},
                "s": "I",
                "c": "COMMAND",
                "id": 51803,
                "ctx": f"conn{conn}",
                "msg": "Slow query",
                "attr": {
                    "type": "command",
                    "ns": "orders.items",
                    "command": {"find": "items", "filter": {"errors": 0}},
                    "planSummary": "IXSCAN { sku: 1 }",
                    "keysExamined": R.randint(1, 400),
                    "docsExamined": R.randint(1, 400),
                    "nreturned": R.randint(1, 100),
                    "durationMillis": R.randint(100, 400),
                },
            }
        out.append(json.dumps(rec))
    out += [
        "PostgreSQL init process complete; ready for start up.",
        "2026-11-29 09:00:03.412 UTC [1] LOG:  starting PostgreSQL 16.2 (Debian 16.2-1.pgdg120+2) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit",
        '2026-11-29 09:00:03.412 UTC [1] LOG:  listening on IPv4 address "0.0.0.0", port 5432',
        '2026-11-29 09:00:03.412 UTC [1] LOG:  listening on IPv6 address "::", port 5432',
        '2026-11-29 09:00:03.420 UTC [1] LOG:  listening on Unix socket "/var/run/postgresql/.s.PGSQL.5432"',
        "2026-11-29 09:00:03.431 UTC [64] LOG:  database system was shut down at 2026-11-29 08:59:58 UTC",
        "2026-11-29 09:00:03.440 UTC [1] LOG:  database system is ready to accept connections",
    ]
    for _ in range(80):
        pid = R.randint(100, 9999)
        out.append(
            f'2026-11-29 {next(times)}.{R.randint(100, 999)} UTC [{pid}] LOG:  automatic vacuum of table "orders.public.{pick(MODULES)}": index scans: 1'
            if R.random() < 0.3
            else f"2026-11-29 {next(times)}.{R.randint(100, 999)} UTC [{pid}] LOG:  duration: {R.uniform(0.1, 90):.3f} ms  statement: SELECT id, status FROM orders WHERE error_count = 0 AND updated_at > now() - interval '30 seconds'"
        )
    out += [
        "sqlite> PRAGMA integrity_check;",
        "ok",
        "sqlite> .tables",
        "audit     items     orders    users",
        "sqlite> SELECT count(*) FROM orders WHERE errors = 0;",
        "41234",
        "Elasticsearch: [2026-11-29T09:00:12,412][INFO ][o.e.n.Node               ] [es-0] started {es-0}{Xy9aB2cDeF}{10.0.4.12}",
        '[2026-11-29T09:00:12,998][INFO ][o.e.c.r.a.AllocationService] [es-0] current.health="GREEN" message="Cluster health status changed from [YELLOW] to [GREEN] (reason: [shards started [[logs-2026.11.29][0]]])." previous.health="YELLOW" reason="shards started [[logs-2026.11.29][0]]"',
        "[2026-11-29 09:00:14,002] INFO [KafkaServer id=1] started (kafka.server.KafkaServer)",
        "[2026-11-29 09:00:14,120] INFO [GroupCoordinator 1]: Stabilized group ledger-consumers generation 42 (__consumer_offsets-12) with 3 members (kafka.coordinator.group.GroupCoordinator)",
    ]
    return out


def system_logs() -> list[str]:
    out = []
    times = clock(8 * 3600, 4)
    host = "build-01"
    units = [
        "nginx.service",
        "docker.service",
        "containerd.service",
        "ssh.service",
        "cron.service",
        "postgresql@15-main.service",
        "node-exporter.service",
        "logrotate.service",
        "apt-daily.service",
        "fstrim.service",
    ]
    for _ in range(900):
        unit = pick(units)
        name = unit.split(".")[0].split("@")[0]
        msg = pick(
            [
                f"systemd[1]: Starting {unit} - {name} daemon...",
                f"systemd[1]: Started {unit} - {name} daemon.",
                f"systemd[1]: {unit}: Deactivated successfully.",
                f"systemd[1]: Finished {unit}.",
                f"systemd[1]: Reloading {unit}...",
                f"systemd[1]: Reloaded {unit}.",
                f"systemd[1]: {unit}: Consumed {R.uniform(0.01, 9):.3f}s CPU time.",
                f"sshd[{R.randint(1000, 99999)}]: Accepted publickey for deploy from {pick(IPS)} port {R.randint(30000, 65000)} ssh2: ED25519 SHA256:{hexid(43)}",
                f"sshd[{R.randint(1000, 99999)}]: pam_unix(sshd:session): session opened for user deploy(uid=1001) by (uid=0)",
                f"sshd[{R.randint(1000, 99999)}]: pam_unix(sshd:session): session closed for user deploy",
                f"sshd[{R.randint(1000, 99999)}]: Disconnected from user deploy {pick(IPS)} port {R.randint(30000, 65000)}",
                f"systemd-logind[812]: New session {R.randint(100, 9999)} of user deploy.",
                f"systemd-logind[812]: Session {R.randint(100, 9999)} logged out. Waiting for processes to exit.",
                f"systemd-logind[812]: Removed session {R.randint(100, 9999)}.",
                f"CRON[{R.randint(1000, 99999)}]: (root) CMD (test -x /usr/sbin/anacron || {{ cd / && run-parts --report /etc/cron.daily; }})",
                f"CRON[{R.randint(1000, 99999)}]: pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)",
                f'containerd[901]: time="2026-11-29T{next(times)}.{R.randint(100000000, 999999999)}Z" level=info msg="loading plugin \\"io.containerd.snapshotter.v1.overlayfs\\"..." type=io.containerd.snapshotter.v1',
                f'dockerd[1042]: time="2026-11-29T{next(times)}.{R.randint(100000000, 999999999)}Z" level=info msg="ignoring event" container={hexid(64)} module=libcontainerd namespace=moby topic=/tasks/delete type="*events.TaskDelete"',
                f"kernel: docker0: port {R.randint(1, 9)}(veth{hexid(7)}) entered forwarding state",
                f"kernel: IPv6: ADDRCONF(NETDEV_CHANGE): veth{hexid(7)}: link becomes ready",
                "systemd-resolved[640]: Clock change detected. Flushing caches.",
                "systemd-timesyncd[641]: Initial synchronization to time server 192.0.2.123:123 (ntp.example.org).",
                f'kubelet[1201]: I1129 {next(times)}.{R.randint(100000, 999999)}    1201 kubelet.go:2432] "SyncLoop (PLEG): event for pod" pod="payments/api-{hexid(10)}-{hexid(5)}" event={{"ID":"{hexid(8)}","Type":"ContainerStarted"}}',
                f"node_exporter[733]: ts=2026-11-29T{next(times)}.{R.randint(100, 999)}Z caller=node_exporter.go:117 level=info collector=filesystem",
                'rsyslogd[610]: [origin software="rsyslogd" swVersion="8.2302.0" x-pid="610" x-info="https://www.rsyslog.com"] rsyslogd was HUPed',
                f"systemd[1]: Started session-{R.randint(100, 9999)}.scope - Session of User deploy.",
                f"systemd[{R.randint(1000, 9999)}]: Reached target default.target - Main User Target.",
                f"systemd[{R.randint(1000, 9999)}]: Startup finished in {R.randint(20, 200)}ms.",
                f"sudo[{R.randint(1000, 99999)}]:   deploy : TTY=pts/0 ; PWD=/home/deploy ; USER=root ; COMMAND=/usr/bin/systemctl restart nginx",
                f"systemd[1]: Listening on {name}.socket - {name} Activation Socket.",
            ]
        )
        out.append(f"Nov 29 {next(times)} {host} {msg}")
    uptime = 0.0
    for msg in [
        "Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)",
        "Command line: BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=UUID=4f5e6d7c-8b9a-4c3d-9e2f-1a2b3c4d5e6f ro quiet",
        "BIOS-provided physical RAM map:",
        "BIOS-e820: [mem 0x0000000000000000-0x000000000009fbff] usable",
        "NX (Execute Disable) protection: active",
        "SMBIOS 3.0.0 present.",
        "DMI: Supermicro SYS-4029GP-TRT/X11DPG-OT-CPU, BIOS 3.4 08/10/2021",
        "tsc: Detected 2100.000 MHz processor",
        "Memory: 527916820K/536737212K available (14336K kernel code, 2349K rwdata, 9392K rodata, 2848K init, 17672K bss, 8820132K reserved, 0K cma-reserved)",
        "SLUB: HWalign=64, Order=0-3, MinObjects=0, CPUs=96, Nodes=2",
        "rcu: Hierarchical RCU implementation.",
        "ACPI: Core revision 20220331",
        "smp: Brought up 2 nodes, 96 CPUs",
        "devtmpfs: initialized",
        "PCI: Using configuration type 1 for base access",
        "iommu: Default domain type: Translated",
        "NetLabel: Initializing",
        "clocksource: Switched to clocksource tsc",
        "NET: Registered PF_INET protocol family",
        "Freeing unused kernel image (initmem) memory: 2848K",
        "Write protecting the kernel read-only data: 26624k",
        "Run /init as init process",
        "nvme nvme0: pci function 0000:5e:00.0",
        "nvme nvme0: 64/0/0 default/read/poll queues",
        " nvme0n1: p1 p2 p3",
        "EXT4-fs (nvme0n1p2): mounted filesystem 4f5e6d7c-8b9a-4c3d-9e2f-1a2b3c4d5e6f with ordered data mode. Quota mode: none.",
        "systemd[1]: systemd 252.22-1~deb12u1 running in system mode (+PAM +AUDIT +SELINUX +APPARMOR +IMA +SMACK +SECCOMP +GCRYPT -GNUTLS +OPENSSL +ACL +BLKID +CURL +ELFUTILS +FIDO2 +IDN2 -IDN +IPTC +KMOD +LIBCRYPTSETUP +LIBFDISK +PCRE2 -PWQUALITY +P11KIT +QRENCODE +TPM2 +BZIP2 +LZ4 +XZ +ZLIB +ZSTD -BPF_FRAMEWORK -XKBCOMMON +UTMP +SYSVINIT default-hierarchy=unified)",
        "systemd[1]: Detected architecture x86-64.",
        "systemd[1]: Hostname set to <build-01>.",
        "i40e 0000:18:00.0 eno1: NIC Link is Up, 10 Gbps Full Duplex, Flow Control: None",
        "mlx5_core 0000:3b:00.0: firmware version: 20.39.1002",
        "mlx5_core 0000:3b:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 97656Mbps",
        "nvidia: module license 'NVIDIA' taints kernel.",
        "nvidia-nvlink: Nvlink Core is being initialized, major device number 240",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023",
        "nvidia-uvm: Loaded the UVM driver, major device number 238.",
        "bridge: filtering via arp/ip/ip6tables is no longer available by default. Update your scripts to load br_netfilter if you need this.",
        "Bridge firewalling registered",
        "overlayfs: idmapped layers are currently not supported",
        'audit: type=1400 audit(1764406801.412:12): apparmor="STATUS" operation="profile_load" profile="unconfined" name="docker-default" pid=1102 comm="apparmor_parser"',
        "systemd[1]: Set OOM score adjust for systemd-journald.service to -250",
    ]:
        uptime += R.uniform(0.0001, 0.8)
        out.append(f"[{uptime:12.6f}] {msg}")
    out += [
        "$ systemctl status nginx",
        "\u25cf nginx.service - A high performance web server and a reverse proxy server",
        "     Loaded: loaded (/lib/systemd/system/nginx.service; enabled; preset: enabled)",
        "     Active: active (running) since Sun 2026-11-29 08:00:12 UTC; 2h 12min ago",
        "       Docs: man:nginx(8)",
        "    Process: 741 ExecStartPre=/usr/sbin/nginx -t -q -g daemon on; master_process on; (code=exited, status=0/SUCCESS)",
        "    Process: 760 ExecStart=/usr/sbin/nginx -g daemon on; master_process on; (code=exited, status=0/SUCCESS)",
        "   Main PID: 762 (nginx)",
        "      Tasks: 9 (limit: 618412)",
        "     Memory: 12.4M",
        "        CPU: 3.212s",
        "     CGroup: /system.slice/nginx.service",
        '             \u251c\u2500762 "nginx: master process /usr/sbin/nginx -g daemon on; master_process on;"',
        '             \u2514\u2500763 "nginx: worker process"',
        "$ systemctl --failed",
        "  UNIT LOAD ACTIVE SUB DESCRIPTION",
        "0 loaded units listed.",
        "$ df -h /",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/nvme0n1p2  1.8T  612G  1.1T  36% /",
        "$ free -g",
        "               total        used        free      shared  buff/cache   available",
        "Mem:             503          61         301           2         141         438",
        "Swap:              7           0           7",
        "$ uptime",
        " 10:12:44 up 27 days,  2:12,  2 users,  load average: 3.41, 3.12, 2.98",
    ]
    return out


def chinese() -> list[str]:
    out = []
    times = clock(9 * 3600, 5)
    messages = [
        "服务启动成功，监听端口 {p}",
        "数据库连接已建立（连接池大小 {n}）",
        "训练第 {e} 轮，第 {s} 步，损失 {l}，准确率 {a}%",
        "构建成功，耗时 {t} 秒，0 个错误，0 个警告",
        "所有测试通过（共 {n} 个用例）",
        "重试中…成功（第 1 次重试）",
        "下载完成：模型权重 100%，校验通过",
        "正在安装依赖包…完成",
        "检查完成，没有发现错误",
        "内存使用率 {a}%，显存使用 {m} GiB / 80 GiB",
        "定时任务执行完毕，处理 {n} 条记录，失败 0 条",
        "健康检查通过：状态 200，耗时 {ms} 毫秒",
        "配置已重新加载，超时时间 30 秒",
        "缓存命中率 {a}%",
        "用户登录成功",
        "订单 {n} 已支付，状态更新为已完成",
        "同步完成：新增 {n} 条，更新 {s} 条，删除 0 条",
        "磁盘空间充足：已用 {a}%",
        "检查点已保存到 /data/ckpt/step_{s}",
        "评估完成：验证集损失 {l}，F1 {a}",
        "部署完成，版本 v1.{e}.{s}，副本数 3/3 就绪",
        "备份成功，文件大小 {m} GiB",
        "连接已关闭（正常退出，退出码 0）",
        "警告数：0；错误数：0",
    ]
    for _ in range(700):
        msg = pick(messages).format(
            p=pick([8080, 8443, 9000]),
            n=R.randint(1, 5000),
            e=R.randint(1, 20),
            s=R.randint(1, 9000),
            l=f"{R.uniform(0.1, 2):.4f}",
            a=f"{R.uniform(10, 99):.1f}",
            t=f"{R.uniform(1, 90):.1f}",
            m=f"{R.uniform(1, 79):.1f}",
            ms=R.randint(1, 300),
        )
        style = R.random()
        if style < 0.4:
            out.append(
                f"2026-11-29 {next(times)},{R.randint(100, 999)} [信息] {pick(SERVICES)} - {msg}"
            )
        elif style < 0.7:
            out.append(f"[2026-11-29 {next(times)}] INFO  {pick(MODULES)}.{pick(WORDS)}: {msg}")
        else:
            out.append(f"{next(times)} {msg}")
    out += [
        "[INFO] 构建成功",
        "[INFO] 总耗时: 01:12 分钟",
        "已复制         1 个文件。",
        "命令成功完成。",
        "正在 Ping example.org [192.0.2.10] 具有 32 字节的数据:",
        "来自 192.0.2.10 的回复: 字节=32 时间=12ms TTL=54",
        "    数据包: 已发送 = 4，已接收 = 4，丢失 = 0 (0% 丢失)，",
        "测试结果：通过 128，失败 0，跳过 2",
        "编译完成：0 个错误，2 个提示",
    ]
    return out


def near_misses() -> list[str]:
    """Lines with error-ish words that report success: the corpus's hardest cases."""
    out = []
    times = clock(11 * 3600, 3)
    templates = [
        "Build finished: 0 errors, 0 warnings",
        "Compilation finished with 0 errors and 3 warnings",
        "Found 0 errors. Watching for file changes.",
        "error_count=0 warning_count=2 duration=41s",
        "stats: errors: 0, retries: 1, timeouts: 0",
        "errors: 0",
        "Errors: 0, Failures: 0, Skipped: 2",
        "retrying... ok",
        "Retrying request to /api/v1/orders (attempt 2/5)... ok",
        "retry 1/3 succeeded after 250ms",
        "no errors found",
        "No errors found in 214 files.",
        "Lint: no errors found, 0 problems (0 errors, 0 warnings)",
        "Tests: 42 passed, Failed: 0, Skipped: 0",
        "Failed: 0",
        "fatal: 0",
        "summary: ok=18 changed=3 unreachable=0 failed=0 skipped=4 rescued=0 ignored=0",
        "WARNING: ignoring unknown option --legacy-mode in config",
        "WARNING: ignoring empty line 12 in requirements.txt",
        "timeout=30s",
        "http.client: read timeout=30s connect timeout=5s",
        "Set OOM score adjust to -900 for pid 4123",
        "oom_score_adj set to 0 for worker process",
        "HTTP/1.1 200 OK",
        "HTTP/1.1 301 Moved Permanently",
        "HTTP/2 304",
        "< HTTP/1.1 200 OK",
        "Connection established",
        "Connection established to db-primary.internal:5432 (TLS 1.3)",
        "Process finished with exit code 0",
        "exit code 0",
        "Command exited with code 0",
        "Exited with code 0",
        "child process exited with status 0",
        "task completed: exit_code=0 stderr_bytes=0",
        "0 failed, 128 passed, 2 skipped",
        "panic_on_oops=0 panic=0",
        "deadlock check: no deadlocks found",
        "error rate: 0.00% (0/41234)",
        "Errors in the last 24h: none",
        "ErrorDocument 404 /errors/404.html",
        "set -o errexit -o nounset -o pipefail",
        "NODE_OPTIONS=--max-old-space-size=8192",
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True",
        "memory: 12.3 GiB free of 64.0 GiB",
        "exception handling: enabled (on_error=retry)",
        "on_failure: notify #ci-alerts (not triggered)",
        "SIGTERM handler installed; graceful shutdown timeout=30s",
        "graceful shutdown complete (0 requests dropped)",
        "killed 0 stale processes",
        "Permission granted for user deploy on /srv/releases",
        "Access granted: role=reader",
        "disk usage ok: 41% used",
        "certificate valid until 2027-03-01 (96 days)",
        "TLS handshake completed (TLSv1.3, TLS_AES_256_GCM_SHA384)",
        "DNS lookup for api.internal resolved to 10.0.3.12 in 2ms",
        "health: status=UP db=UP redis=UP disk=UP",
        "All 16 ranks joined the rendezvous in 3.2s",
        "Recovered from checkpoint step_4000 (no missing keys, no unexpected keys)",
        "Loaded state dict: <All keys matched successfully>",
        "validation passed: 0 invalid rows, 0 null ids",
        "Schema migration 0042 applied (0 conflicts)",
        "git: Your branch is up to date with 'origin/main'.",
        "nothing to commit, working tree clean",
        "Already up to date.",
        "Everything up-to-date",
        "Fast-forward",
        "Successfully rebased and updated refs/heads/main.",
        "0 vulnerabilities found",
        "Scanned 812 dependencies: 0 critical, 0 high",
        "Warnings treated as errors: yes (0 warnings)",
        "-Werror enabled, build clean",
        "segments: 0 corrupted, 1204 verified",
        "fsck: clean, 412311/61054976 files, 101231234/244190208 blocks",
        "RAID status: [UU] clean",
        "SMART overall-health self-assessment test result: PASSED",
        "ping: 4 packets transmitted, 4 received, 0% packet loss, time 3004ms",
        "rsync: sent 412,311 bytes  received 1,234 bytes  total size 91,203,311 (speedup is 220.52)",
        "Done. 0 errors, 0 skipped, 1204 copied.",
        "Uploaded 14 files, 0 failures",
        "Job queue: pending=0 failed=0 done=1204",
        "circuit breaker state=closed failures=0",
        "retry budget: 10% used, 0 exhausted",
        "kill -0 4123: process is alive",
        "core dumps: disabled (ulimit -c 0)",
        "stack size: 8192 kB (ulimit -s)",
        "The operation completed successfully.",
        "Operation completed with 0 errors.",
        "Test run finished after 812 ms: 42 tests successful, 0 tests failed",
        "BUILD SUCCESSFUL",
        "** BUILD SUCCEEDED **",
        "Finished: SUCCESS",
        "Status: Downloaded newer image for python:3.11-slim",
        "Digest: sha256:" + hexid(64),
    ]
    for _ in range(3):
        for line in templates:
            style = R.random()
            if style < 0.3:
                out.append(line)
            elif style < 0.6:
                out.append(f"2026-11-29 {next(times)} INFO {pick(SERVICES)}: {line}")
            elif style < 0.8:
                out.append(f"[{next(times)}] {line}")
            else:
                out.append(
                    json.dumps({"level": "info", "time": f"2026-11-29T{next(times)}Z", "msg": line})
                )
    return out


def healthy_warnings() -> list[str]:
    """Warnings and notices that successful runs print; none of them is the failure."""
    lines = [
        "/opt/venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py:558: UserWarning: This DataLoader will create 16 worker processes in total. Our suggested max number of worker in current system is 8, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary.",
        "  warnings.warn(_create_warning_msg(",
        "/opt/venv/lib/python3.11/site-packages/huggingface_hub/file_download.py:1132: FutureWarning: `resume_download` is deprecated and will be removed in version 1.0.0. Downloads always resume when possible. If you want to force a new download, use `force_download=True`.",
        "Some weights of BertForSequenceClassification were not initialized from the model checkpoint at bert-base-uncased and are newly initialized: ['classifier.bias', 'classifier.weight']",
        "You should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.",
        "Special tokens have been added in the vocabulary, make sure the associated word embeddings are fine-tuned or trained.",
        "Detected kernel version 5.4.0, which is below the recommended minimum of 5.5.0; this can cause the process to hang. It is recommended to upgrade the kernel to the minimum version or higher.",
        "/opt/venv/lib/python3.11/site-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class.",
        "/opt/venv/lib/python3.11/site-packages/torch/nn/modules/conv.py:456: UserWarning: Applied workaround for CuDNN issue, install nvrtc.so (Triggered internally at ../aten/src/ATen/native/cudnn/Conv_v8.cpp:80.)",
        "2026-11-29 10:44:13.120034: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not find TensorRT",
        "2026-11-29 10:44:12.801234: I tensorflow/core/util/port.cc:113] oneDNN custom operations are on. You may see slightly different numerical results due to floating-point round-off errors from different computation orders. To turn them off, set the environment variable `TF_ENABLE_ONEDNN_OPTS=0`.",
        "WARNING: All log messages before absl::InitializeLog() is called are written to STDERR",
        "WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour with the system package manager. It is recommended to use a virtual environment instead: https://pip.pypa.io/warnings/venv",
        "DEPRECATION: Legacy editable install of ledger-tools==0.9.2 from file:///home/ci/src/ledger (setup.py develop) is deprecated. pip 25.0 will enforce this behaviour change.",
        "npm WARN ERESOLVE overriding peer dependency",
        "npm WARN While resolving: @acme/web@4.2.0",
        "npm WARN Found: react@18.2.0",
        "npm WARN node_modules/react",
        'npm WARN   react@"^18.2.0" from the root project',
        "npm WARN config production Use `--omit=dev` instead.",
        "npm notice New minor version of npm available! 10.2.4 -> 10.5.0",
        "npm notice Run npm install -g npm@10.5.0 to update!",
        "warning: in the working copy of 'README.md', LF will be replaced by CRLF the next time Git touches it",
        "hint: Using 'master' as the name for the initial branch. This default branch name",
        "hint: is subject to change. To configure the initial branch name to use in all",
        "hint: of your new repositories, which will suppress this warning, call:",
        "Switched to a new branch 'feature/retry-on-timeout'",
        "WARNING: The requested image's platform (linux/amd64) does not match the detected host platform (linux/arm64/v8) and no specific platform was requested",
        "Warning: resource deployments/api is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.",
        "##[warning]Node.js 16 actions are deprecated. Please update the following actions to use Node.js 20: actions/cache@v3.",
        "Picked up JAVA_TOOL_OPTIONS: -Xmx4g -XX:+UseG1GC",
        "OpenJDK 64-Bit Server VM warning: Sharing is only supported for boot loader classes because bootstrap classpath has been appended",
        '[WARNING] The requested profile "ci" could not be activated because it does not exist.',
        "warning: unused manifest key: package.edition2024",
        "warning: `ledger-core` (lib) generated 2 warnings (run `cargo fix --lib -p ledger-core` to apply 1 suggestion)",
        "ld: warning: -undefined dynamic_lookup may not work with chained fixups",
        "cc1: warning: command-line option '-Wno-error=deprecated' is valid for C++/ObjC++ but not for C",
        "systemd[1]: Condition check resulted in Load Kernel Module drm being skipped.",
        "systemd[1]: Early logging: no journald socket, log target is kmsg.",
        "Warning: Permanently added 'github.com' (ED25519) to the list of known hosts.",
        "I1129 10:12:04.412345       1 leaderelection.go:250] attempting to acquire leader lease kube-system/ledger-controller...",
        "I1129 10:12:04.512345       1 leaderelection.go:260] successfully acquired lease kube-system/ledger-controller",
        "[2026-11-29 10:00:01,200] torch.distributed.elastic.multiprocessing.redirects: [WARNING] NOTE: Redirects are currently not supported in Windows or MacOs.",
        "wandb: Tracking run with wandb version 0.16.4",
        "wandb: Run data is saved locally in /home/ci/runs/wandb/run-20261129_100001-4f5e6d7c",
        "wandb: Syncing run lively-sun-42",
        "wandb: \u2b50\ufe0f View project at https://wandb.ai/acme/ledger-llm",
        "wandb: Waiting for W&B process to finish... (success).",
        "Downloading shards: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 2/2 [00:41<00:00, 20.51s/it]",
        "Loading checkpoint shards: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 2/2 [00:03<00:00,  1.52s/it]",
        "Map (num_proc=8): 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 120000/120000 [00:12<00:00, 9412.31 examples/s]",
        "Generating train split: 120000 examples [00:02, 51234.12 examples/s]",
        "Token indices sequence length is longer than the specified maximum sequence length for this model (612 > 512). Running this sequence through the model will result in indexing errors",
        "`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.",
        "max_steps is given, it will override any value given in num_train_epochs",
        "Using the `WANDB_DISABLED` environment variable is deprecated and will be removed in v5. Use the --report_to flag to control the integrations used for logging result (for instance --report_to none).",
        "gpu-node-07:48213:48390 [0] NCCL INFO [Service thread] Connection closed by localRank 0",
        "gpu-node-07:48213:48213 [0] NCCL INFO comm 0x55d0c8e0a2b0 rank 0 nranks 16 cudaDev 0 busId 7000 - Destroy COMPLETE",
        "INFO:torch.distributed.elastic.agent.server.api:[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
        "INFO:torch.distributed.elastic.agent.server.api:Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish",
        "INFO:torch.distributed.elastic.agent.server.api:Done waiting for other agents. Elapsed: 0.0012 seconds",
        "Fetching 12 files: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 12/12 [00:00<00:00, 412.31it/s]",
        "1:M 29 Nov 2026 09:00:01.125 # WARNING Memory overcommit must be enabled! Without it, a background save or replication may fail under low memory condition. Being disabled, it can also cause failures without low memory condition, see https://github.com/jemalloc/jemalloc/issues/1328. To fix this issue add 'vm.overcommit_memory = 1' to /etc/sysctl.conf and then reboot or run the command 'sysctl vm.overcommit_memory=1' for this to take effect.",
        '{"t":{"$date":"2026-11-29T09:00:02.120+00:00"},"s":"W",  "c":"CONTROL",  "id":22120,   "ctx":"initandlisten","msg":"Access control is not enabled for the database. Read and write access to data and configuration is unrestricted","tags":["startupWarnings"]}',
        "\u2577",
        "\u2502 Warning: Argument is deprecated",
        "\u2502 ",
        "\u2502   with aws_s3_bucket.logs,",
        '\u2502   on main.tf line 12, in resource "aws_s3_bucket" "logs":',
        '\u2502   12:   acl    = "private"',
        "\u2502 ",
        "\u2502 Use the aws_s3_bucket_acl resource instead",
        "\u2575",
        "##[notice]Cache restored successfully from key: pip-Linux-3f1b2c4d",
        "Login Succeeded",
        "3f4e5d6c7b8a: Pulling fs layer",
        "3f4e5d6c7b8a: Download complete",
        "3f4e5d6c7b8a: Pull complete",
        "Status: Image is up to date for registry.internal/acme/api:1.4.2",
        "pod/api-7d9f8b6c5d-x2x9k condition met",
        "job.batch/migrate condition met",
        "To github.com:acme/ledger.git",
        "   1a2b3c4..5d6e7f8  main -> main",
        " * [new branch]      feature/retry-on-timeout -> feature/retry-on-timeout",
        "branch 'feature/retry-on-timeout' set up to track 'origin/feature/retry-on-timeout'.",
        "Your branch is ahead of 'origin/main' by 1 commit.",
        "[0.011s][info][gc] Using G1",
        "[4.212s][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 512M->128M(2048M) 4.123ms",
        "[9.870s][info][gc] GC(7) Pause Young (Concurrent Start) (G1 Humongous Allocation) 900M->410M(2048M) 8.512ms",
    ]
    times = clock(10 * 3600, 30)
    out = []
    for _ in range(4):
        for line in lines:
            out.append(line if R.random() < 0.5 else f"[{next(times)}] {line}")
    return out


FILES: dict[str, Callable[[], list[str]]] = {
    "build-c-cpp.log": build_c_cpp,
    "build-rust-go.log": build_rust_go,
    "build-jvm.log": build_jvm,
    "build-js-ts.log": build_js,
    "tests-python.log": tests_python,
    "training-ml.log": training,
    "server-access.log": access_logs,
    "package-installs.log": installs,
    "kubernetes.log": kubernetes,
    "docker.log": docker,
    "terraform-cloud.log": terraform_cloud,
    "ci-runners.log": ci_logs,
    "database-servers.log": databases,
    "system-journal.log": system_logs,
    "chinese.log": chinese,
    "near-misses.log": near_misses,
    "healthy-warnings.log": healthy_warnings,
}


def main() -> None:
    total = 0
    for name, make in FILES.items():
        lines = make()
        text = "\n".join(lines) + "\n"
        (HERE / name).write_text(text, encoding="utf-8")
        total += text.count("\n")
        print(f"{name:<24} {text.count(chr(10)):6d} lines")
    print(f"{'total':<24} {total:6d} lines")


if __name__ == "__main__":
    main()

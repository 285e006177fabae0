"""Produce JavaScript/TypeScript ecosystem errors for real and check that one scan of everything
the tools printed ranks the matching catalogue entry first.

The tools are the pinned releases in scripts/repro/js/package-lock.json (React, Next.js, Vue,
Angular, Vite, Jest, ESLint, TypeScript), installed into .repro/js by scripts/repro/js.sh
(`make repro-tools`). Each fixture project lives in `tmp_path` with a `node_modules` link to that
install. React and Vue run in node (server rendering, and jsdom for the client renderer); the
others run their command-line programs. Each test batches its cases into one `triage-app scan`.
"""

from __future__ import annotations

import http.server
import json
import socket
import threading
from pathlib import Path

import pytest

from .reproduce import check_batch, require_repro_tool, require_tool, run_tool

# ---------------------------------------------------------------------------------------- helpers


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def modules() -> Path:
    """The node_modules folder that scripts/repro/js.sh installed."""
    return require_repro_tool("js", "node_modules/.bin/tsc").parents[1]


def project(root: Path, modules: Path, files: dict[str, str]) -> Path:
    """A fixture project: the files, a package.json unless given, and node_modules linked in."""
    root.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        write(root / name, text)
    if "package.json" not in files:
        write(root / "package.json", json.dumps({"name": root.name, "private": True}))
    (root / "node_modules").symlink_to(modules, target_is_directory=True)
    return root


def node(script: Path, cwd: Path, timeout: float = 120) -> str:
    return run_tool(["node", str(script)], cwd, timeout=timeout)


# ---------------------------------------------------------------------------- React and Vue

JSDOM_GLOBALS = """
const { JSDOM } = require('jsdom');
const dom = new JSDOM('<!DOCTYPE html><div id="root"></div>' + (globalThis.SSR_HTML || ''));
for (const k of ['window', 'document', 'navigator', 'Element', 'SVGElement', 'Node',
  'HTMLElement', 'MathMLElement']) globalThis[k] = k === 'window' ? dom.window : dom.window[k];
"""

REACT_SERVER = """
const React = require('react');
const { renderToString } = require('react-dom/server');
const h = React.createElement;
function run(el) {
  try { renderToString(el); } catch (e) { console.error(String(e.stack || e).split('\\n')[0]); }
}
run(h(function Loop() { const [n, set] = React.useState(0); set(n + 1); return h('p', null, n); }));
run(h(undefined));
run(h('div', null, { id: 1, name: 'x' }));
try { React.useState(0); } catch (e) { console.error(String(e)); }
run(h('div', null, function Foo() {}));
run(h('ul', null, [1, 2].map((i) => h('li', null, i))));
run(h('div', { isActive: true }));
const never = new Promise(() => {});
run(h(function Sus() { React.use(never); return null; }));
"""

REACT_CLIENT = (
    'globalThis.SSR_HTML = \'<div id="ssr"><p>server</p></div><div id="attr">'
    '<p class="a">x</p></div>\';\n'
    + JSDOM_GLOBALS
    + """
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
const React = require('react');
const { createRoot, hydrateRoot } = require('react-dom/client');
const h = React.createElement;
const onUncaughtError = (e) => console.error('Uncaught ' + String(e).split('\\n')[0]);
function render(el) {
  const c = document.createElement('div');
  document.body.appendChild(c);
  try { React.act(() => createRoot(c, { onUncaughtError }).render(el)); }
  catch (e) { console.error(String(e).split('\\n')[0]); }
}
function More() {
  const [n, set] = React.useState(0);
  React.useEffect(() => { if (n === 0) set(1); }, [n]);
  if (n > 0) { React.useState(1); }
  return h('p', null, n);
}
function Fewer() {
  const [n, set] = React.useState(0);
  React.useEffect(() => { if (n === 0) set(1); }, [n]);
  if (n > 0) return null;
  React.useState(1);
  return h('p', null, n);
}
function Ctl() {
  const [v, set] = React.useState(undefined);
  React.useEffect(() => set('x'), []);
  return h('input', { value: v, onChange() {} });
}
function Depth() {
  const [n, set] = React.useState(0);
  React.useLayoutEffect(() => set(n + 1));
  return h('p', null, n);
}
function Child({ setP }) { setP(1); return null; }
function Parent() { const [, setP] = React.useState(0); return h(Child, { setP }); }
render(h(More));
render(h(Fewer));
render(h('ul', null, [1, 1].map((i) => h('li', { key: i }, i))));
render(h('p', null, h('div', null, 'x')));
render(h(Ctl));
render(h(Depth));
render(h(Parent));
render(h('div', { active: true }));
render(h('div', { class: 'x' }));
render(h('blink', null));
render(h('button', { onClick: 'go()' }));
render(h(function Only() { return React.Children.only([h('a', { key: 1 }), h('b', { key: 2 })]); }));
render(h('input', { value: 'x' }));
render(h('div', { style: 'color: red' }));
render(h('div', { dangerouslySetInnerHTML: { __html: 'x' } }, 'child'));
let setOutside;
function Outside() { const [v, set] = React.useState(0); setOutside = set; return h('p', null, v); }
render(h(Outside));
setOutside(1);
try { createRoot(null); } catch (e) { console.error(String(e).split('\\n')[0]); }
const onRecoverableError = (e) => console.error(String(e).split('\\n')[0]);
React.act(() => hydrateRoot(document.getElementById('ssr'), h('p', null, 'client'),
  { onRecoverableError }));
React.act(() => hydrateRoot(document.getElementById('attr'), h('p', { className: 'b' }, 'x')));
render(h(async function AsyncComp() { return h('p'); }));
"""
)

VUE_SERVER = """
const { createSSRApp, h, inject, defineComponent, resolveComponent } = require('vue');
const { renderToString } = require('@vue/server-renderer');
async function run(comp) { await renderToString(createSSRApp(comp)); }
(async () => {
  await run({ render() { return h(resolveComponent('MyWidget')); } });
  inject('x');
  const Fragment = { render() { return [h('a'), h('b')]; } };
  await run({ render() { return h(Fragment, { class: 'x' }); } });
  const Count = { props: { count: Number }, render() { return h('p'); } };
  await run({ render() { return h(Count, { count: 'NaN' }); } });
  const Title = { props: { title: { type: String, required: true } }, render() { return h('p'); } };
  await run({ render() { return h(Title); } });
  await run({ render() { return h({ name: 'Home' }); } });
  await run({ render() { return h({ render() { return h('p', this.notDefined); } }); } });
})();
"""

VUE_CLIENT = (
    'globalThis.SSR_HTML = \'<div id="ssr"><span>x</span></div><div id="text"><p>server</p>'
    '</div><div id="cls"><p class="a">x</p></div>\';\n'
    + JSDOM_GLOBALS
    + """
const { h, ref, computed, readonly, watch, onMounted, createApp, createSSRApp, defineComponent } =
  require('vue');
createSSRApp({ render: () => h('div', 'x') }).mount('#ssr');
createSSRApp({ render: () => h('p', 'client') }).mount('#text');
createSSRApp({ render: () => h('p', { class: 'b' }, 'x') }).mount('#cls');
onMounted(() => {});
createApp({ render: () => h('p') }).mount('#nope');
const total = computed(() => 1);
createApp({
  setup() {
    total.value = 2;
    const settings = readonly({ a: 1 });
    settings.a = 2;
    watch(1, () => {});
    return () => h('p');
  },
}).mount(document.createElement('div'));
const sfc = require('@vue/compiler-sfc');
for (const source of ['<template><div></template>', '']) {
  for (const e of sfc.parse(source, { filename: 'App.vue' }).errors) console.error(String(e));
}
const vm = require('vm');
const fs = require('fs');
const runtimeOnly = require.resolve('vue/dist/vue.runtime.global.js');
vm.runInThisContext(fs.readFileSync(runtimeOnly, 'utf8') + ';globalThis.VueRuntime = Vue;');
VueRuntime.createApp({ template: '<p>hi</p>' }).mount(document.createElement('div'));
const Todo = defineComponent({
  name: 'TodoList',
  setup() {
    const n = ref(0);
    watch(n, () => { n.value++; });
    n.value++;
    return () => h('p', n.value);
  },
});
try {
  createApp({ setup() { throw new Error('setup failed'); } }).mount(document.createElement('div'));
} catch (e) { console.error(String(e)); }
createApp(Todo).mount('#root');
"""
)


REACT_VUE_CASES: list[tuple[str, str]] = [
    ("react/too-many-re-renders", "Too many re-renders"),
    ("react/element-type-invalid", "Element type is invalid"),
    ("react/objects-not-valid-as-child", "Objects are not valid as a React child"),
    ("react/invalid-hook-call", "Invalid hook call"),
    ("react/functions-not-valid-as-child", "Functions are not valid as a React child"),
    ("react/unique-key-prop", 'Each child in a list should have a unique "key"'),
    ("react/unknown-dom-prop", "React does not recognize the `isActive` prop"),
    ("react/rendered-more-hooks", "Rendered more hooks than"),
    ("react/rendered-fewer-hooks", "Rendered fewer hooks than expected"),
    ("react/duplicate-key", "Encountered two children with the same key"),
    ("react/dom-nesting-hydration", "cannot be a descendant of <p>"),
    ("react/uncontrolled-to-controlled", "changing an uncontrolled input"),
    ("react/maximum-update-depth-exceeded", "Maximum update depth exceeded"),
    ("react/cannot-update-while-rendering", "Cannot update a component (`Parent`)"),
    ("react/target-container-not-dom", "Target container is not a DOM element"),
    ("nextjs/hydration-failed", "Hydration failed because"),
    ("nextjs/hydration-attribute-mismatch", "A tree hydrated but some attributes"),
    ("vue/failed-to-resolve-component", "Failed to resolve component: MyWidget"),
    ("vue/api-called-outside-setup", "inject() can only be used inside setup()"),
    ("vue/extraneous-non-props-attributes", "Extraneous non-props attributes"),
    ("vue/invalid-prop-type", 'type check failed for prop "count"'),
    ("vue/missing-required-prop", 'Missing required prop: "title"'),
    ("vue/missing-template-or-render", "Component Home is missing template"),
    ("vue/property-accessed-not-defined", 'Property "notDefined" was accessed'),
    ("vue/hydration-mismatch", "Hydration node mismatch"),
    ("vue/runtime-compilation-not-supported", "runtime compilation is not supported"),
    ("vue/maximum-recursive-updates", "Maximum recursive updates exceeded"),
    ("react/hooks-order-changed", "React has detected a change in the order of Hooks"),
    ("react/value-without-onchange", "You provided a `value` prop to a form field"),
    ("react/non-boolean-attribute", "for a non-boolean attribute `active`"),
    ("react/invalid-dom-property", "Invalid DOM property `class`"),
    ("react/tag-unrecognized", "The tag <blink> is unrecognized"),
    ("react/listener-not-a-function", "Expected `onClick` listener to be a function"),
    ("react/children-only-single-child", "React.Children.only expected"),
    ("react/not-wrapped-in-act", "inside a test was not wrapped in act"),
    ("react/suspended-during-sync-input", "A component suspended while responding"),
    ("react/style-prop-not-object", "The `style` prop expects a mapping"),
    ("react/children-and-dangerously-set-html", "Can only set one of `children`"),
    ("react/async-client-component", "<AsyncComp> is an async Client Component"),
    ("react/cannot-read-usestate-of-null", "(reading 'useState')"),
    ("vue/mount-target-not-found", 'mount target selector "#nope" returned null'),
    ("vue/computed-readonly", "Write operation failed: computed value is readonly"),
    ("vue/set-on-readonly-target", 'Set operation on key "a" failed'),
    ("vue/invalid-watch-source", "Invalid watch source"),
    ("vue/sfc-element-missing-end-tag", "Element is missing end tag"),
    ("vue/sfc-no-template-or-script", "At least one <template> or <script>"),
    ("vue/unhandled-error-during-execution", "Unhandled error during execution of setup"),
]


def test_react_and_vue_errors(modules: Path, tmp_path: Path) -> None:
    work = project(
        tmp_path / "rv",
        modules,
        {
            "react-server.js": REACT_SERVER,
            "react-client.js": REACT_CLIENT,
            "vue-server.js": VUE_SERVER,
            "vue-client.js": VUE_CLIENT,
        },
    )
    sections = [node(work / name, work) for name in ("react-server.js", "react-client.js")]
    sections += [node(work / name, work) for name in ("vue-server.js", "vue-client.js")]
    check_batch(
        sections,
        REACT_VUE_CASES,
        tmp_path,
    )


# ------------------------------------------------------------- Angular, Jest, TypeScript, ESLint

ANGULAR_APP = """import { Component } from '@angular/core';
import { NgIf } from '@angular/common';

@Component({
  selector: 'app-root',
  standalone: true,
  template: '<app-user-card></app-user-card><input [ngModel]="name">',
})
export class AppComponent {
  name = 'x';
}

@Component({
  selector: 'app-form',
  standalone: true,
  imports: [NgIf],
  template: '<p>{{ name | uppercase }}</p><form #f="ngForm"></form>',
})
export class FormComponent {
  name = 'y';
}
"""

ANGULAR_RUNTIME = """
import '@angular/compiler';
import { Injector, inject, NgZone } from '@angular/core';
class HttpClient {}
class A {}
class B {}
const attempts = [
  () => Injector.create({ providers: [] }).get(HttpClient),
  () => inject(HttpClient),
  () => Injector.create({ providers: [
    { provide: A, useFactory: () => inject(B) },
    { provide: B, useFactory: () => inject(A) },
  ] }).get(A),
  () => new NgZone({}),
];
for (const attempt of attempts) {
  try { attempt(); } catch (e) { console.error(String(e)); }
}
"""

JEST_FILES = {
    "t/esm.test.js": "import fs from 'fs';\ntest('a', () => expect(fs).toBeTruthy());\n",
    "t/req.test.js": "const m = require('nope-module');\ntest('a', () => {});\n",
    "t/empty.test.js": "// no test here\n",
    "t/slow.test.js": "test('slow', () => new Promise(() => {}), 300);\n",
    "t/dom.test.js": "test('dom', () => { document.createElement('div'); });\n",
    "t/jsx.test.js": "const el = <div />;\ntest('a', () => {});\n",
    "late/log.test.js": "test('log', () => { setTimeout(() => console.log('late'), 300); });\n",
    "late/require.test.js": (
        "test('late', () => { setTimeout(() => { require('./helper'); }, 200); });\n"
    ),
    "late/helper.js": "module.exports = 1;\n",
    "open/open.test.js": (
        "test('open', () => {\n"
        "  const t = setInterval(() => {}, 100);\n"
        "  setTimeout(() => clearInterval(t), 2500);\n"
        "});\n"
    ),
}

TS_FILES = {
    "tsconfig.json": json.dumps(
        {
            "compilerOptions": {
                "strict": True,
                "module": "nodenext",
                "target": "es2022",
                "lib": ["es2022"],
                "noEmit": True,
                "types": [],
            },
            "include": ["src"],
        }
    ),
    "src/a.ts": """interface User { name: string }
function f(n: number) { return n; }
const u: User = { name: 'x' };
const x: number = 'str';
f('str');
import nothere from 'lodash-nothere';
void [notDefinedAnywhere, u.email, x, nothere];
const arr: string[] = [];
const first = arr.find(() => true);
void first.length;
import React from 'react';
void React;
export {};
""",
}

TS_MORE_FILES = {
    "package.json": json.dumps({"name": "ts2", "private": True, "type": "module"}),
    "tsconfig.json": json.dumps(
        {
            "compilerOptions": {
                "strict": True,
                "module": "nodenext",
                "target": "es2022",
                "lib": ["es2022"],
                "noEmit": True,
                "types": [],
                "noUnusedLocals": True,
            },
            "include": ["src"],
        }
    ),
    "src/b.ts": "export const b = 1;\n",
    "src/c.tsx": "const j = <div />;\nexport { j };\n",
    "src/a.ts": """import { b } from './b';
console.log(b);
const fs = require('fs');
process.exit(fs);
const obj = { a: 1 };
obj = { a: 2 };
let undefinedVar3 = 1;
void undefinedVar;
interface P { a: string; b: number; c: boolean }
const p: P = {};
const el: { x: number } | null = null as any;
void el.x;
let unused = 1;
const n = 5; n();
function dup() {}
function dup() {}
'abc'.replace(1, 2);
void [p, undefinedVar3];
export {};
""",
    "syntax/s.ts": "const s = ;\n",
    "empty/tsconfig.json": json.dumps({"compilerOptions": {"strict": True}, "include": ["src"]}),
    "unknown/tsconfig.json": json.dumps({"compilerOptions": {"typo": 1}, "files": ["x.ts"]}),
    "unknown/x.ts": "export {};\n",
    "old/tsconfig.json": json.dumps(
        {
            "compilerOptions": {
                "moduleResolution": "node",
                "baseUrl": ".",
                "outFile": "out.js",
                "target": "es5",
            },
            "include": ["src"],
        }
    ),
    "old/src/x.ts": "export {};\n",
    "interop/tsconfig.json": json.dumps(
        {
            "compilerOptions": {
                "strict": True,
                "noEmit": True,
                "module": "commonjs",
                "esModuleInterop": False,
                "allowSyntheticDefaultImports": False,
                "ignoreDeprecations": "6.0",
                "types": [],
            },
            "include": ["src"],
        }
    ),
    "interop/src/types.d.ts": 'declare module "cjs-lib" { function f(): void; export = f; }\n',
    "interop/src/b.ts": 'import f from "cjs-lib";\nf();\n',
}

ESLINT_FILES = {
    "eslint.config.js": "module.exports = [{ rules: { 'no-undef': 'error' } }];\n",
    "a.js": "// eslint-disable-next-line react-hooks/exhaustive-deps\nconst x = 1;\nvoid x;\n",
}


ESLINT_BAD_CONFIGS = {
    "plugins": "module.exports = [{ plugins: ['react'] }];\n",
    "rule": "module.exports = [{ rules: { semi: 'errorx' } }];\n",
    "ignored": "module.exports = [{ ignores: ['dist/**'] }];\n",
    "unused": (
        "module.exports = [{ linterOptions: { reportUnusedDisableDirectives: 'error' } }];\n"
    ),
}


def angular_jest_ts_eslint_sections(modules: Path, tmp_path: Path) -> list[str]:
    bin_ = modules / ".bin"
    sections = []
    ng = project(
        tmp_path / "ng",
        modules,
        {
            "src/app.ts": ANGULAR_APP,
            "runtime.mjs": ANGULAR_RUNTIME,
            "tsconfig.json": json.dumps(
                {
                    "compilerOptions": {
                        "strict": True,
                        "target": "es2022",
                        "module": "es2022",
                        "moduleResolution": "bundler",
                        "outDir": "out",
                        "rootDir": "src",
                        "lib": ["es2022", "dom"],
                        "skipLibCheck": True,
                    },
                    "files": ["src/app.ts"],
                    "angularCompilerOptions": {"strictTemplates": True},
                }
            ),
        },
    )
    sections.append(run_tool([str(bin_ / "ngc"), "-p", "tsconfig.json"], ng, timeout=300))
    sections.append(node(ng / "runtime.mjs", ng))

    jt = project(tmp_path / "jt", modules, JEST_FILES)
    jest = str(bin_ / "jest")
    sections.append(run_tool([jest, "--ci", "t"], jt, timeout=300))
    sections.append(run_tool([jest, "--ci", "-i", "open"], jt, timeout=120))
    sections.append(run_tool([jest, "--ci", "nomatch"], jt, timeout=120))
    sections.append(run_tool([jest, "--ci", "-i", "late/log"], jt, timeout=120))
    sections.append(run_tool([jest, "--ci", "-i", "late/require"], jt, timeout=120))
    for config in (
        {"testEnviroment": "node"},
        {"preset": "ts-jest"},
        {"transform": {"^.+\\.tsx?$": "ts-jest"}},
    ):
        write(jt / "jest.config.json", json.dumps(config))
        args = [jest, "--ci", "-c", "jest.config.json", "late/log"]
        sections.append(run_tool(args, jt, timeout=120))
    sections.append(
        run_tool([jest, "--ci", "--testEnvironment", "jest-environment-nope", "t"], jt, timeout=120)
    )

    ts = project(tmp_path / "ts", modules, TS_FILES)
    tsc = str(bin_ / "tsc")
    sections.append(run_tool([tsc, "-p", "."], ts, timeout=300))
    more = project(tmp_path / "ts2", modules, TS_MORE_FILES)
    sections.append(run_tool([tsc, "-p", "."], more, timeout=300))
    sections.append(run_tool([tsc, "--noEmit", "syntax/s.ts"], more, timeout=300))
    args = [tsc, "--noEmit", "--ignoreConfig", "syntax/s.ts"]
    sections.append(run_tool(args, more, timeout=300))
    for folder in ("empty", "unknown", "old", "interop"):
        sections.append(run_tool([tsc, "-p", folder], more, timeout=300))

    es = project(tmp_path / "es", modules, ESLINT_FILES)
    eslint = str(bin_ / "eslint")
    sections.append(run_tool([eslint, "a.js"], es, timeout=120))
    for name, config in ESLINT_BAD_CONFIGS.items():
        write(es / name / "eslint.config.js", config)
        write(es / name / "dist" / "x.js", "var a = 1;\n")
        write(es / name / "b.js", "// eslint-disable-next-line no-console\nvar b = 1;\nvoid b;\n")
        args = [eslint, "dist/**" if name == "ignored" else "b.js"]
        sections.append(run_tool(args, es / name, timeout=120))
    sections.append(run_tool([eslint, "dist/x.js"], es / "ignored", timeout=120))
    return sections


ANGULAR_JEST_TS_ESLINT_CASES: list[tuple[str, str]] = [
    ("angular/not-a-known-element", "NG8001"),
    ("angular/cant-bind-unknown-property", "NG8002"),
    ("angular/null-injector-no-provider", "NG0201: No provider found"),
    ("angular/inject-outside-injection-context", "NG0203: The `HttpClient` token"),
    ("angular/circular-dependency-di", "NG0200: Circular dependency"),
    ("angular/requires-zonejs", "NG0908"),
    ("jest/must-use-import-to-load-esm", "Must use import to load ES Module"),
    ("jest/cannot-find-module-from", "Cannot find module 'nope-module' from"),
    ("jest/wrong-test-environment", 'Consider using the "jsdom" test environment'),
    ("jest/exceeded-timeout", "Exceeded timeout of 300 ms"),
    ("jest/suite-must-contain-test", "Your test suite must contain at least one test"),
    ("jest/encountered-unexpected-token", "Jest encountered an unexpected token"),
    ("jest/did-not-exit", "Jest did not exit one second"),
    ("jest/no-tests-found", "No tests found, exiting with code 1"),
    ("jest/test-environment-not-found", "jest-environment-nope cannot be found"),
    ("typescript/type-not-assignable", "error TS2322"),
    ("typescript/argument-not-assignable", "error TS2345"),
    ("typescript/cannot-find-module", "error TS2307"),
    ("typescript/cannot-find-name", "error TS2304"),
    ("typescript/property-does-not-exist", "error TS2339"),
    ("typescript/possibly-undefined", "error TS18048"),
    ("typescript/no-declaration-file", "error TS7016"),
    ("eslint/definition-for-rule-not-found", "Definition for rule 'react-hooks"),
    ("angular/no-directive-exportas", "NG8003"),
    ("angular/no-pipe-found", "NG8004"),
    ("angular/unused-standalone-imports", "NG8113"),
    ("jest/cannot-log-after-tests-done", "Cannot log after tests are done"),
    ("jest/environment-torn-down", "after the Jest environment has been torn down"),
    ("jest/unknown-config-option", 'Unknown option "testEnviroment"'),
    ("jest/preset-not-found", "Preset ts-jest not found"),
    ("jest/module-in-option-not-found", "Module ts-jest in the transform option was not found"),
    ("typescript/relative-import-needs-extension", "error TS2835"),
    ("typescript/cannot-find-name-change-lib", "error TS2584"),
    ("typescript/cannot-find-name-install-types-node", "error TS2591"),
    ("typescript/declared-but-never-read", "error TS6133"),
    ("typescript/cannot-assign-to-constant", "error TS2588"),
    ("typescript/cannot-find-name-did-you-mean", "error TS2552"),
    ("typescript/missing-properties-from-type", "error TS2739"),
    ("typescript/possibly-null", "error TS18047"),
    ("typescript/expression-not-callable", "error TS2349"),
    ("typescript/duplicate-function-implementation", "error TS2393"),
    ("typescript/no-overload-matches", "error TS2769"),
    ("typescript/jsx-flag-not-provided", "error TS17004"),
    ("typescript/jsx-intrinsic-elements-missing", "error TS7026"),
    ("typescript/syntax-expected", "error TS1109"),
    ("typescript/tsconfig-ignored-with-files", "error TS5112"),
    ("typescript/es-module-interop", "error TS1259"),
    ("typescript/no-inputs-found", "error TS18003"),
    ("typescript/unknown-compiler-option", "error TS5023"),
    ("typescript/option-deprecated-ts7", "error TS5107"),
    ("typescript/common-source-directory-rootdir", "error TS5011"),
    ("eslint/plugins-array-of-strings", 'has a "plugins" key defined as an array of strings'),
    ("eslint/rule-configuration-invalid", 'Configuration for rule "semi" is invalid'),
    ("eslint/all-files-ignored", "are ignored."),
    ("eslint/file-ignored-warning", "File ignored because of a matching ignore pattern"),
    ("eslint/unused-disable-directive", "Unused eslint-disable directive"),
    ("eslint/something-went-wrong", "Oops! Something went wrong!"),
]


def test_angular_jest_typescript_eslint_errors(modules: Path, tmp_path: Path) -> None:
    check_batch(
        angular_jest_ts_eslint_sections(modules, tmp_path),
        ANGULAR_JEST_TS_ESLINT_CASES,
        tmp_path,
    )


# ------------------------------------------------------------------------------ npm registry


class FakeRegistry(http.server.BaseHTTPRequestHandler):
    """A registry on the loopback address: one package with one version, a package that needs
    a password, and 404 for everything else, so npm prints its own E401/E404/ETARGET errors."""

    def do_GET(self) -> None:
        if self.path.startswith("/private-pkg"):
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="Artifactory Realm"')
            self.end_headers()
            return
        status, doc = 404, {"error": "Not found"}
        if self.path.startswith("/react"):
            tarball = "http://127.0.0.1:9/react-19.3.1.tgz"
            version = {"name": "react", "version": "19.3.1", "dist": {"tarball": tarball}}
            status = 200
            doc = {
                "name": "react",
                "dist-tags": {"latest": "19.3.1"},
                "versions": {"19.3.1": version},
            }
        body = json.dumps(doc).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


NPM_CASES: list[tuple[str, str]] = [
    ("npm/e404-not-found", "404 Not Found - GET"),
    ("npm/etarget-no-matching-version", "No matching version found for react@^19.5.0"),
    ("npm/e401-unable-to-authenticate", "Incorrect or missing password"),
]


def test_npm_registry_errors(tmp_path: Path) -> None:
    npm = require_tool("npm")
    server = http.server.HTTPServer(("127.0.0.1", 0), FakeRegistry)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        work = tmp_path / "npm"
        write(work / "package.json", json.dumps({"name": "x", "version": "1.0.0"}))
        registry = f"http://127.0.0.1:{server.server_address[1]}/"
        env = {
            "npm_config_registry": registry,
            "npm_config_cache": str(tmp_path / "cache"),
            "npm_config_fetch_retries": "0",
            "npm_config_audit": "false",
            "npm_config_fund": "false",
            "npm_config_update_notifier": "false",
        }
        sections = [
            run_tool([npm, "install", spec], work, env=env, timeout=120)
            for spec in ("@mycompany/ui-kit", "react@^19.5.0", "private-pkg")
        ]
    finally:
        server.shutdown()
        server.server_close()
    check_batch(sections, NPM_CASES, tmp_path)


# ------------------------------------------------------------------------- Vite and Next.js

VITE_DEV = """
import { createServer } from 'vite';
const proxy = { '/api': 'http://127.0.0.1:9' };
const server = await createServer({ server: { port: 0, host: '127.0.0.1', proxy } });
await server.listen();
const base = 'http://127.0.0.1:' + server.httpServer.address().port;
for (const path of ['/src/main.js', '/api/users']) await (await fetch(base + path)).text();
await server.close();
"""

VITE_FILES = {
    "package.json": json.dumps({"name": "vt", "private": True, "type": "module"}),
    "index.html": '<script type="module" src="/src/main.js"></script>\n',
    "src/main.js": 'import x from "not-a-real-pkg";\nconsole.log(x);\n',
    "dev.mjs": VITE_DEV,
}

NEXT_LAYOUT = (
    "export default function RootLayout({ children }) {\n"
    "  return <html><body>{children}</body></html>;\n}\n"
)

NEXT_COMPILE = {
    "app/layout.js": NEXT_LAYOUT,
    "app/page.js": (
        "import { useState } from 'react';\n"
        "export default function Page() { const [n] = useState(0); return <p>{n}</p>; }\n"
    ),
    "app/x/page.js": (
        "import pad from 'left-pad-nope';\nexport default function X() { return <p>{pad}</p>; }\n"
    ),
    "app/m/page.js": (
        "'use client';\n"
        "export const metadata = { title: 'x' };\n"
        "export default function M() { return <p>m</p>; }\n"
    ),
    "app/h/page.js": (
        "'use client';\n"
        "import { cookies } from 'next/headers';\n"
        "export default function H() { return <p>{String(cookies)}</p>; }\n"
    ),
    "next.config.js": "module.exports = { experimental: { notAnOption: true }, imagess: {} };\n",
}

NEXT_PRERENDER = {
    "app/layout.js": NEXT_LAYOUT,
    "app/page.js": "export default function Page() { return <p>home</p>; }\n",
    "app/search/page.js": (
        "'use client';\n"
        "import { useSearchParams } from 'next/navigation';\n"
        "export default function Search() {\n"
        "  const q = useSearchParams();\n"
        "  return <p>{q.get('q')}</p>;\n}\n"
    ),
}


def next_build(modules: Path, root: Path, files: dict[str, str]) -> str:
    app = project(root, modules, files)
    env = {"NEXT_TELEMETRY_DISABLED": "1"}
    # webpack mode: Turbopack refuses a node_modules that links outside the project root.
    return run_tool(
        [str(modules / ".bin" / "next"), "build", "--webpack"], app, env=env, timeout=600
    )


VITE_WEBPACK_CASES: list[tuple[str, str]] = [
    ("vite/build-failed-to-resolve-import", "Rolldown failed to resolve import"),
    ("vite/port-already-in-use", "is already in use"),
    ("vite/dependencies-could-not-be-resolved", "imported but could not be resolved"),
    ("vite/failed-to-resolve-import", 'Failed to resolve import "not-a-real-pkg"'),
    ("vite/http-proxy-error", "http proxy error: /api/users"),
    ("vite/error-when-starting-dev-server", "error when starting dev server"),
    ("vite/build-failed-with-errors", "Build failed with 1 error"),
    ("vite/unresolved-entry-index-html", "Cannot resolve entry module index.html"),
    ("vite/rolldown-parse-error", "[PARSE_ERROR] Unexpected token"),
    ("webpack/critical-dependency-expression", "Critical dependency: the request"),
    ("webpack/export-not-found", "export 'nope' (imported as 'nope') was not found"),
    ("webpack/mode-not-set", "The 'mode' option has not been set"),
    ("webpack/cli-failed-to-load-config", "Failed to load 'nope.config.js' config"),
]


def vite_sections(modules: Path, tmp_path: Path) -> list[str]:
    vite = str(modules / ".bin" / "vite")
    vt = project(tmp_path / "vt", modules, VITE_FILES)
    sections = [run_tool([vite, "build"], vt, timeout=300), node(vt / "dev.mjs", vt)]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        args = [vite, "--host", "127.0.0.1", "--port", port, "--strictPort"]
        sections.append(run_tool(args, vt, timeout=120))
    package = {"package.json": json.dumps({"name": "v", "private": True, "type": "module"})}
    html = {"index.html": '<script type="module" src="/src/main.js"></script>\n'}
    builds = {
        "noentry": package,
        "syntax": {**package, **html, "src/main.js": "const a = ;\n"},
    }
    for name, files in builds.items():
        sections.append(run_tool([vite, "build"], project(tmp_path / name, modules, files)))
    return sections


WEBPACK_FILES = {
    "src/a.js": "export const a = 1;\n",
    "src/locale/x.js": "module.exports = 1;\n",
    "src/index.js": (
        "import { nope } from './a';\n"
        "const name = 'x'; require('./locale/' + name);\n"
        "function load(m) { return require(m); }\n"
        "console.log(nope, load);\n"
    ),
}


def webpack_sections(modules: Path, tmp_path: Path) -> list[str]:
    cli = str(modules / ".bin" / "webpack")
    wp = project(tmp_path / "wp", modules, WEBPACK_FILES)
    return [
        run_tool([cli, "--entry", "./src/index.js"], wp, timeout=300),
        run_tool([cli, "--config", "nope.config.js"], wp, timeout=120),
    ]


def test_vite_and_webpack_errors(modules: Path, tmp_path: Path) -> None:
    sections = vite_sections(modules, tmp_path) + webpack_sections(modules, tmp_path)
    check_batch(
        sections,
        VITE_WEBPACK_CASES,
        tmp_path,
    )


NEXTJS_CASES: list[tuple[str, str]] = [
    ("nextjs/no-pages-or-app-dir", "Couldn't find any `pages` or `app` directory"),
    ("nextjs/no-production-build", "Could not find a production build"),
    ("nextjs/client-hook-in-server-component", "depends on `useState`"),
    ("nextjs/module-not-found", "Can't resolve 'left-pad-nope'"),
    ("nextjs/missing-suspense-csr-bailout", "should be wrapped in a suspense boundary"),
    ("nextjs/prerender-error", 'Error occurred prerendering page "/search"'),
    ("nextjs/export-encountered-errors", "Export encountered an error on /search"),
    ("nextjs/server-only-api-in-client-component", 'depends on "next/headers"'),
    ("nextjs/metadata-export-in-client-component", 'export "metadata" from a component'),
    ("nextjs/invalid-next-config", "Invalid next.config.js options detected"),
    ("nextjs/build-failed-because-of-webpack-errors", "Build failed because of webpack errors"),
    ("nextjs/build-worker-exited", "Next.js build worker exited with code: 1"),
]


@pytest.mark.slow
def test_nextjs_build_errors(modules: Path, tmp_path: Path) -> None:
    next_bin = str(modules / ".bin" / "next")
    env = {"NEXT_TELEMETRY_DISABLED": "1"}
    empty = project(tmp_path / "empty", modules, {})
    sections = [
        run_tool([next_bin, "build", "--webpack"], empty, env=env, timeout=300),
        run_tool([next_bin, "start", "-p", "0"], empty, env=env, timeout=300),
        next_build(modules, tmp_path / "compile", NEXT_COMPILE),
        next_build(modules, tmp_path / "prerender", NEXT_PRERENDER),
    ]
    check_batch(
        sections,
        NEXTJS_CASES,
        tmp_path,
    )


# Every entry a case above produces, for the catalogue quality suite.
REPRODUCED_IDS = sorted(
    {
        entry_id
        for cases in (
            REACT_VUE_CASES,
            ANGULAR_JEST_TS_ESLINT_CASES,
            NPM_CASES,
            VITE_WEBPACK_CASES,
            NEXTJS_CASES,
        )
        for entry_id, _ in cases
    }
)

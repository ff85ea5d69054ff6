import { describe, expect, it } from "vitest";
import fc from "fast-check";
import stripAnsi from "strip-ansi";
import { compressLog } from "../../../src/compressors/log.js";
import { isFrameNamingError, Outline, outlineKind, passingGroup } from "../../../src/compressors/log/outline.js";
import { isShown } from "../../../src/cli/visible-form.js";
import { openCorpus } from "../../support/corpus.js";
import { compressorInput } from "../../support/compressor-input.js";

const own = new Map((await openCorpus("own").load()).map((c) => [c.id, c]));

function compress(text: string): string {
  const result = compressLog(compressorInput(stripAnsi(text), { type: "log" }));
  return result === null ? text : result.output;
}

describe("log outline: diagnostics and test names", () => {
  it.each([
    ["tsc plain", "express/lib/request.js(122,26): error TS8029: JSDoc '@param' tag has name 'type'."],
    ["tsc --pretty", "express/lib/view.js:79:26 - error TS2339: Property 'root' does not exist on type 'View'."],
    ["gcc", "lazy_object_proxy/cext.c:35:20: warning: unused parameter ‘self’ [-Wunused-parameter]"],
    ["gcc note", "/usr/include/python3.11/object.h:134:14: note: ‘am_send’ declared here"],
    ["gcc scope", "markupsafe/_speedups.c: In function ‘escape_unicode_kind1’:"],
    ["mypy", 'docutils/io.py:380: error: No overload variant of "write" of "IO" matches  [call-overload]'],
    ["flake8", "docutils/parsers/rst/states.py:130:29: E701 multiple statements on one line (colon)"],
    ["pylint", "docutils/parsers/rst/states.py:1701:9: W0511: TODO: Parse with (fixme)"],
    ["ruff concise", "docutils/nodes.py:2699:35: SIM905 [*] Consider using a list literal instead of `str.split`"],
    ["ruff full", "B007 Loop control variable `event` not used within loop body"],
    ["rustc pointer", "  --> src/bin/e0381.rs:3:13"],
    ["biome", "body-parser/lib/read.js:77:9 lint/complexity/noExtraBooleanCast  FIXABLE  ━━━━━━"],
  ])("reads a %s head as a diagnostic", (_, line) => {
    expect(outlineKind(line)).toBe(Outline.Diagnostic);
  });

  it.each([
    "2026-12-01 20:28:49 upgrade tree:amd64 2.1.0-1 2.1.0-1",
    "src/a.ts:12:    const error = new Error('x');",
    "  at Object.<anonymous> (/home/dev/undici/index.js:179:25)",
    "# /home/dev/undici/lib/web/cache/cachestorage.js:20",
    "    # Subtest: should return false for 0x09 HTAB character",
    "npm http fetch GET 200 https://registry.npmjs.org/lodash 12ms",
  ])("leaves a routine line out of the outline: %s", (line) => {
    expect(outlineKind(line)).toBe(Outline.None);
  });

  it("reads tape's test-name comments and a spec reporter's top-level outcomes as test names", () => {
    expect(outlineKind("# HTTP Equals")).toBe(Outline.TestName);
    expect(outlineKind("✔ /work/node_modules/fast-uri/test/parse.test.js (41.2ms)")).toBe(Outline.TestName);
    expect(outlineKind("  ✔ nested passing test (0.1ms)")).toBe(Outline.None);
  });

  it("keeps a code-frame line or a TAP assertion that quotes an error word", () => {
    expect(isFrameNamingError("  > 135 │     if (error) {")).toBe(true);
    expect(isFrameNamingError("ok 1949 error")).toBe(true);
    expect(isFrameNamingError("  > 135 │     if (done) {")).toBe(false);
  });

  // Real outputs of seven tools: each distinct diagnostic (place, code and message) stays, none behind a marker.
  it.each([
    "log-docutils-flake8-rst",
    "log-docutils-ruff-concise",
    "log-docutils-ruff-full",
    "log-docutils-pylint-states",
    "log-docutils-mypy-plain",
    "log-docutils-mypy-pretty",
    "log-express-biome-lint-pretty",
    "log-express-tsc-checkjs-plain",
    "log-express-tsc-checkjs-pretty",
    "log-lazy-object-proxy-gcc-werror",
    "log-lazy-object-proxy-gxx-as-cxx",
    "log-markupsafe-gcc-color",
    "log-rust-error-index-cargo-build",
  ])("keeps every must_keep diagnostic of %s", (id) => {
    const c = own.get(id)!;
    const out = compress(c.text);
    for (const s of c.must_keep) expect(isShown(out, s, "log"), s).toBe(true);
  });

  it("keeps tape's test names (the outline of a passing run)", () => {
    const c = own.get("log-fast-uri-tape-pass")!;
    const out = compress(c.text);
    for (const s of c.must_keep.filter((k) => k.startsWith("# "))) expect(out, s).toContain(s);
  });

  it("keeps every file-level outcome of a node:test spec run", () => {
    const c = own.get("log-fast-uri-node-test-spec")!;
    const out = compress(c.text);
    for (const s of c.must_keep.filter((k) => k.startsWith("✔ "))) expect(out, s).toContain(s);
  });

  it("classifies any line without throwing, the same way every time", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        expect(outlineKind(s)).toBe(outlineKind(s));
        expect(typeof isFrameNamingError(s)).toBe("boolean");
      }),
    );
  });

  it("stays linear on a long adversarial place-like line", () => {
    const line = `${"a".repeat(1000)}:${"1:".repeat(400)}`;
    const started = performance.now();
    for (let i = 0; i < 200; i++) outlineKind(line);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("log events: records first, distinct events kept", () => {
  it("shows the records of a debug log before the lines of the config object it dumps (vite --debug)", () => {
    const c = own.get("log-vite-dev-server-debug")!;
    const out = compress(c.text);
    for (const s of [
      "vite:deps Scan completed in 503.02ms: no dependencies found",
      "vite:deps dependencies optimized",
    ]) {
      expect(out, s).toContain(s);
    }
  });

  it("keeps a record seen once whose template another line already shows", () => {
    const lines: string[] = [];
    for (let i = 0; i < 60; i++)
      lines.push(
        `2026-12-01 20:${String(10 + (i % 50)).padStart(2, "0")}:00 sshd[${800 + i}]: session opened for user app from 10.0.0.${i} port ${5000 + i}`,
      );
    lines.splice(30, 0, "2026-12-01 20:40:00 sshd[999]: session opened for user deploy from 10.0.0.99 port 5999");
    lines.push("2026-12-01 20:59:00 sshd[1000]: session closed for user app from 10.0.0.1 port 5001");
    const out = compress(`${lines.join("\n")}\n`);
    expect(out).toContain("session opened for user deploy");
    expect(out).toContain("session closed for user app");
  });
});

describe("log groups: repeated errors shown once, with their count, first and last copies", () => {
  it("groups 224 ECONNRESET failures under named markers, keeping the first, the last and the distinct ECONNREFUSED", () => {
    const c = own.get("log-node-job-worker-econnreset")!;
    const out = compress(c.text);
    for (const s of c.must_keep) expect(out, s).toContain(s);
    const markers = out.split("\n").filter((l) => l.startsWith("[[pithy:"));
    // Groups, not floods: a handful of markers, each naming what it hides.
    expect(markers.length).toBeLessThanOrEqual(8);
    const named = markers.filter((m) =>
      m.includes("repeated errors like `<ts> ERROR worker Failed to process job <n>: ECONN"),
    );
    expect(named.length).toBeGreaterThanOrEqual(3);
    const counted = named.reduce((sum, m) => sum + Number(/; (\d+) repeated errors/.exec(m)![1]), 0);
    expect(counted).toBe(224 - 4); // three first copies and the last stay in the output
  });

  it('keeps errors that differ only in a name with digits apart (cargo\'s bin "e0069" and "e0026")', () => {
    const lines: string[] = [];
    for (const bin of ["e0026", "e0063", "e0069", "e0599", "e0614"]) {
      lines.push(`error: could not compile \`error-index-examples\` (bin "${bin}") due to 1 previous error`);
      for (let k = 0; k < 6; k++) lines.push(`   Compiling step ${k} of ${bin}`);
    }
    const out = compress(`${lines.join("\n")}\n`);
    for (const bin of ["e0026", "e0063", "e0069", "e0599", "e0614"]) expect(out).toContain(`(bin "${bin}")`);
  });
});

describe("log: coloured test runs keep their assertion diffs, frames and passing names", () => {
  it("keeps node:test's + actual / - expected lines and the test file's frame (spec reporter, colour)", () => {
    const c = own.get("log-fast-uri-node-test-spec-fail-color")!;
    const out = compress(c.text);
    for (const s of c.must_keep) expect(out, s).toContain(s);
  });

  it("keeps vitest's frame into the test file and the first and last passing test of each file (verbose)", () => {
    const c = own.get("log-pithy-vitest-fail-verbose")!;
    const out = compress(c.text);
    expect(out).toContain("❯ test/compressors/markdown/noise.test.ts:74:18");
    expect(out).toContain("✓ |node| test/ccr/key.test.ts > computeKey > gives the published SHA-256 prefix");
    expect(out).toContain(
      "✓ |node| test/compressors/markdown/bm25.test.ts > bm25Scores > gives the same scores on every call",
    );
  });

  it("keeps vitest's line per test file", () => {
    expect(outlineKind(" ✓  node  test/compressors/markdown/bm25.test.ts (5 tests) 4ms")).toBe(Outline.TestName);
  });

  it("groups a mocha-style run of passing tests: its first and last stay, the middle is counted", () => {
    const lines = ["  parser"];
    for (let k = 0; k < 30; k++) lines.push(`    ✔ parses case ${k} (${k % 5}ms)`);
    lines.push("", "  30 passing (41ms)");
    const out = compress(`${lines.join("\n")}\n`);
    expect(out).toContain("✔ parses case 0 (0ms)");
    expect(out).toContain("✔ parses case 29 (4ms)");
    expect(out).toContain("30 passing (41ms)");
    expect(out).toMatch(/\[\[pithy:\S+ L3-\d+ \d+ lines like `✔ parses case <n> \(<n>ms\)`\]\]/);
  });
});

describe("log: the compiler's reason a warning failed the build", () => {
  it("keeps gcc's 'some warnings being treated as errors' among routine build lines", () => {
    const gcc = own.get("log-lazy-object-proxy-gcc-werror")!.text;
    expect(gcc).toContain("cc1: some warnings being treated as errors");
    const make: string[] = [];
    for (let k = 0; k < 120; k++)
      make.push(`make[2]: Entering directory '/tmp/build/obj${k}'`, `  CC       obj${k}/unit${k}.o`);
    const out = compress(`${make.join("\n")}\n${gcc}${make.join("\n")}\n`);
    expect(out).toContain("cc1: some warnings being treated as errors");
    expect(outlineKind("cc1plus: all warnings being treated as errors")).toBe(Outline.Diagnostic);
  });
});

describe("log: compiler diagnostics are a log whose every head stays visible", () => {
  it.each([
    ["log-express-tsc-checkjs-pretty", /^[^ ]+:\d+:\d+ - error TS\d+/],
    ["log-express-tsc-checkjs-plain", /^[^ ]+\(\d+,\d+\): error TS\d+/],
    ["log-docutils-mypy-pretty", /^[^ ]+:\d+: (?:error|note):/],
  ])("keeps every diagnostic head of %s", (id, head) => {
    const text = stripAnsi(own.get(id)!.text);
    const heads = text.split("\n").filter((l) => head.test(l));
    expect(heads.length).toBeGreaterThan(100);
    // Shown as it stands, or as a place listed under its message (a repeat: diagnostic-groups.ts).
    const out = compress(text);
    expect(heads.filter((h) => !isShown(out, h, "log"))).toEqual([]);
  });
});

describe("log: passing runs of unittest and TAP, distinct anomalies", () => {
  it("keeps the first and last passing test of each unittest class", () => {
    expect(passingGroup("testSendmsg (test.test_socket.SendmsgUDP6Test.testSendmsg) ... ok")).toBe(
      "unittest:test.test_socket.SendmsgUDP6Test",
    );
    const c = own.get("log-cpython-test-socket-verbose")!;
    const out = compress(c.text);
    expect(out).toContain("testSendmsg (test.test_socket.SendmsgUDP6Test.testSendmsg) ... ok");
  });

  it("keeps the first and last assertion of each tape test, through its name comments", () => {
    const c = own.get("log-fast-uri-tape-pass")!;
    const out = compress(c.text);
    for (const s of c.must_keep) expect(out, s).toContain(s);
  });

  it("reads node:test's nested TAP (assertions between YAML blocks) as one run per level", () => {
    const lines = ["TAP version 13", "# Subtest: suite"];
    for (let k = 1; k <= 20; k++)
      lines.push(
        `    # Subtest: case ${k}`,
        `    ok ${k} - case ${k}`,
        "      ---",
        `      duration_ms: 0.${k}`,
        "      ...",
      );
    lines.push("    1..20", "ok 1 - suite", "# pass 20");
    const out = compress(`${lines.join("\n")}\n`);
    expect(out).toContain("    ok 1 - case 1");
    expect(out).toContain("    ok 20 - case 20");
    expect(out).not.toContain("    ok 10 - case 10");
  });

  it("keeps anomalies that differ in a word as two events (apt's 'denied execution of restart' and '… of start')", () => {
    const c = own.get("log-apt-term-log-cr")!;
    const pithyView = c.text.replace(/[^\n]*\r(?!\n)/g, "");
    const out = compress(pithyView);
    expect(out).toContain("invoke-rc.d: policy-rc.d denied execution of restart.");
    expect(out).toContain("invoke-rc.d: policy-rc.d denied execution of start.");
  });
});

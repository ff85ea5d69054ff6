import { readFileSync } from "node:fs";
import stripAnsi from "strip-ansi";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { codeFrames, FrameRole, isGutterLine, messageKind } from "../../../src/compressors/log/code-frames.js";
import { diagnosticParts } from "../../../src/compressors/log/diagnostic-groups.js";
import { Outline, outlineKind } from "../../../src/compressors/log/outline.js";
import { sameDiagnostics } from "../../../src/compressors/log/same-diagnostics.js";
import { missingSalient, salientLines } from "../../../src/fidelity/salient.js";
import { openCorpus } from "../../support/corpus.js";
import { compressorInput } from "../../support/compressor-input.js";

// Real compiler runs with a code frame under each diagnostic (fixtures/, captured for this test):
// - gcc-zlib-examples-wconversion.txt: `cd /usr/share/doc/zlib1g-dev/examples && gcc -fsyntax-only
//   -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow gun.c enough.c gzjoin.c zran.c gzappend.c 2>&1`
//   (gcc 12.2.0, zlib 1.2.13's examples from Debian's zlib1g-dev);
// - gxx-wrapt-wrappers.txt: `cd /root/.pyenv/versions/3.11.7/lib/python3.11/site-packages && g++
//   -fsyntax-only -x c++ -Wall -Wextra -I/root/.pyenv/versions/3.11.7/include/python3.11
//   wrapt/_wrappers.c 2>&1` (g++ 12.2.0; the same `missing initializer` warning printed nine times
//   at one place, and the same note under several warnings);
// - tsc-pretty-body-parser-color.txt: `cd node_modules && npx tsc --noEmit --allowJs --checkJs --pretty
//   --skipLibCheck --strict --target es2022 --module commonjs --types node body-parser/lib/*.js
//   body-parser/lib/types/*.js bytes/index.js 2>&1` (TypeScript 5.9.3, 103 errors, coloured);
// - mypy-pretty-strict-backcall.txt: `cd /tmp/hl3/mp && mypy --no-incremental --ignore-missing-imports
//   --strict --pretty backcall` (mypy 2.4.0 from /opt/pypi/files in a venv, over a copy of
//   backcall 0.2.0 from pyenv 3.11.7's site-packages; 82 errors, messages wrapped at the margin);
// and from test/corpus, gcc, tsc --pretty and mypy --pretty runs over other code.
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const own = new Map((await openCorpus("own").load()).map((c) => [c.id, c]));
const runs: Record<string, string> = {
  "gcc zlib examples": fixture("gcc-zlib-examples-wconversion.txt"),
  "g++ wrapt": fixture("gxx-wrapt-wrappers.txt"),
  "tsc --pretty body-parser": stripAnsi(fixture("tsc-pretty-body-parser-color.txt")),
  "gcc lazy-object-proxy": own.get("log-lazy-object-proxy-gcc-werror")!.text,
  "g++ lazy-object-proxy": own.get("log-lazy-object-proxy-gxx-as-cxx")!.text,
  "tsc --pretty express": stripAnsi(own.get("log-express-tsc-checkjs-pretty")!.text),
  "mypy --pretty backcall": fixture("mypy-pretty-strict-backcall.txt"),
  "mypy --pretty docutils": own.get("log-docutils-mypy-pretty")!.text,
};

function compress(text: string): string {
  const result = compressLog(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

function frameRoles(text: string): { lines: string[]; roles: Uint8Array } {
  const lines = text.split("\n");
  return { lines, roles: codeFrames(lines, (i) => outlineKind(lines[i]) === Outline.Diagnostic) };
}

describe("code frames of a diagnostic list", () => {
  it.each(Object.keys(runs))("keep every diagnostic head of the %s run and hide nothing salient", (name) => {
    const text = runs[name];
    const out = compress(text);
    for (const line of text.split("\n")) if (diagnosticParts(line) !== null) expect(out).toContain(line);
    expect(missingSalient(salientLines(text, false), out)).toEqual([]);
    // (The docutils run's second pass drops more with or without frames: its wrapped messages regroup.)
    if (name !== "mypy --pretty docutils") expect(compress(out)).toBe(out);
  });

  it.each(["gcc zlib examples", "g++ wrapt", "tsc --pretty body-parser", "mypy --pretty backcall"])(
    "hide the frames of the %s run's diagnostics but the first of each kind, saving a quarter at least",
    (name) => {
      const text = runs[name];
      const { lines, roles } = frameRoles(text);
      expect(roles.filter((r) => r === FrameRole.Hidden).length).toBeGreaterThanOrEqual(20);
      const out = compress(text);
      // A line of a hidden frame that the input has nowhere else is not in the output.
      const seen = new Map<string, number>();
      for (const line of lines) seen.set(line, (seen.get(line) ?? 0) + 1);
      const outLines = new Set(out.split("\n"));
      let hidden = 0;
      for (let i = 0; i < lines.length; i++) {
        if (roles[i] !== FrameRole.Hidden || seen.get(lines[i]) !== 1) continue;
        expect(outLines.has(lines[i]), lines[i]).toBe(false);
        hidden++;
      }
      expect(hidden).toBeGreaterThanOrEqual(10);
      expect(out.length).toBeLessThan(text.length * 0.75);
      expect(out).toMatch(/ code-frame lines?\b/);
    },
  );

  it("reads gcc's gutter, tsc's numbered source and their underlines as frame lines", () => {
    const { lines, roles } = frameRoles(runs["gcc zlib examples"]);
    const heads = lines.filter((l) => diagnosticParts(l) !== null).length;
    const framed = lines.filter((_, i) => roles[i] !== FrameRole.None);
    expect(framed.length).toBeGreaterThanOrEqual(heads * 2 - 4);
    for (const line of framed) expect(isGutterLine(line), line).toBe(true);
    const tsc = frameRoles(runs["tsc --pretty body-parser"]);
    expect(tsc.lines.filter((_, i) => tsc.roles[i] !== FrameRole.None)).toContain(
      "14 const createError = require('http-errors')",
    );
    // mypy's message wraps at the margin: those lines are the message, the frame is the quoted line and its carets.
    const mypy = frameRoles(runs["mypy --pretty docutils"]);
    const at = mypy.lines.indexOf('("type[tuple[_T_co, ...]]" and "object")  [operator]');
    expect(Array.from(mypy.roles.slice(at - 1, at + 3))).toEqual([0, 0, 1, 1]);
    expect(mypy.lines.filter((_, i) => mypy.roles[i] === FrameRole.Hidden).length).toBeGreaterThan(200);
  });

  it("keeps a frame that quotes an error word (a reader looking for errors looks there)", () => {
    const text = runs["tsc --pretty express"];
    expect(text).toContain("315       this.error(404, error)");
    expect(compress(text)).toContain("315       this.error(404, error)");
  });

  it("hides no frame of a short list", () => {
    const text = [
      "a.c:1:5: warning: unused variable ‘x’ [-Wunused-variable]",
      "    1 | int x;",
      "      |     ^",
      "a.c:2:5: warning: unused variable ‘y’ [-Wunused-variable]",
      "    2 | int y;",
      "      |     ^",
    ];
    expect(Array.from(codeFrames(text, (i) => diagnosticParts(text[i]) !== null))).toEqual([0, 1, 1, 0, 1, 1]);
  });

  it("tells gutter lines from other indented lines", () => {
    for (const line of [" 1907 |   PyObject *args)", "      |   ~~~~^~~", "      |", "  +++ |+#include <stdio.h>"]) {
      expect(isGutterLine(line), line).toBe(true);
    }
    for (const line of ["1907 | x", "  12 x | y", "    at f (a.js:1:2)", "  |x", ""]) {
      expect(isGutterLine(line), line).toBe(false);
    }
    // Python's exception-group box has the shape too: it is a frame only right under a place-led head.
    const group = ["  + Exception Group Traceback (most recent call last):", '  |   File "a.py", line 1', "  | E: x"];
    expect(Array.from(codeFrames(group, () => false))).toEqual([0, 0, 0]);
  });

  it("names a kind by its message without what it quotes", () => {
    expect(messageKind("warning: unused parameter ‘args’ [-Wunused-parameter]")).toBe(
      messageKind("warning: unused parameter ‘kwds’ [-Wunused-parameter]"),
    );
    expect(messageKind("error TS2339: Property 'body' does not exist on type 'Object'.")).toBe(
      "error TS: Property … does not exist on type ….",
    );
    expect(messageKind("warning: unused variable ‘x’ [-Wunused-variable]")).not.toBe(
      messageKind("warning: unused parameter ‘x’ [-Wunused-parameter]"),
    );
  });
});

describe("diagnostics printed again byte for byte", () => {
  it("show once: g++ printing one `missing initializer` nine times at one place", () => {
    const text = runs["g++ wrapt"];
    const head =
      "wrapt/_wrappers.c:3546:1: warning: missing initializer for member ‘PyGetSetDef::closure’ [-Wmissing-field-initializers]";
    expect(text.split("\n").filter((l) => l === head).length).toBe(9);
    const out = compress(text);
    expect(out.split("\n").filter((l) => l === head).length).toBe(1);
    expect(out).toMatch(/\d+ copies of diagnostics shown above/);
  });

  it("are copies only when the lines under them say the same", () => {
    const lines = [
      "a.ts:1:1 - error TS2769: No overload matches this call.",
      "  Overload 1 of 2, gave the following error.",
      "a.ts:1:1 - error TS2769: No overload matches this call.",
      "  Overload 2 of 2, gave the following error.",
      "a.ts:1:1 - error TS2769: No overload matches this call.",
      "  Overload 1 of 2, gave the following error.",
      "",
      "1 f(x)",
      "  ~",
    ];
    const same = sameDiagnostics(lines, (i) => diagnosticParts(lines[i]) !== null);
    expect(Array.from(same)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1]);
  });

  it("keep the first copy of each of the g++ lazy-object-proxy run's repeated heads", () => {
    const text = runs["g++ lazy-object-proxy"];
    const out = compress(text);
    const heads = new Set(text.split("\n").filter((l) => diagnosticParts(l) !== null));
    for (const head of heads) expect(out).toContain(head);
  });
});

import { describe, expect, it } from "vitest";
import stripAnsi from "strip-ansi";
import { compressLog } from "../../../src/compressors/log.js";
import { diagnosticParts, groupDiagnostics, groupLine } from "../../../src/compressors/log/diagnostic-groups.js";
import { Outline, outlineKind } from "../../../src/compressors/log/outline.js";
import { missingSalient, salientLines } from "../../../src/fidelity/salient.js";
import { openCorpus } from "../../support/corpus.js";
import { compressorInput } from "../../support/compressor-input.js";

const own = new Map((await openCorpus("own").load()).map((c) => [c.id, c]));

/** Compresses `text` as a log, under the aggressive profile (which lists repeats' places) unless `scale` says otherwise. */
function compress(text: string, scale = 0.5): string {
  const result = compressLog(compressorInput(text, { type: "log", scale }));
  return result === null ? text : result.output;
}

function groups(lines: string[], listPlaces = true) {
  return groupDiagnostics(lines, (i) => outlineKind(lines[i]) === Outline.Diagnostic, listPlaces);
}

describe("diagnosticParts", () => {
  it("splits a tsc, a gcc and a ruff head into file, position and message", () => {
    expect(diagnosticParts("lib/a.js(66,8): error TS2339: Property 'x'.")).toEqual({
      file: "lib/a.js",
      position: "(66,8)",
      message: "error TS2339: Property 'x'.",
    });
    expect(diagnosticParts("f.c:3:4: warning: unused [-Wunused]")?.position).toBe(":3:4");
    expect(diagnosticParts("docutils/io.py:68:26: UP007 Use `X | Y`")?.message).toBe("UP007 Use `X | Y`");
  });

  it("reads no message from a line that is not a place-led head", () => {
    expect(diagnosticParts("f.c: In function ‘g’:")).toBeNull();
    expect(diagnosticParts("src/a.ts:12:    const error = 1;")).toBeNull();
  });
});

describe("groupDiagnostics", () => {
  it("groups a repeated message under its first instance, in log order", () => {
    const g = groups([
      "a.py:1: error: X  [x]",
      "a.py:2: error: Y  [y]",
      "a.py:3: error: X  [x]",
      "a.py:4: error: X  [x]",
      "a.py:5: error: X  [x]",
      "b.py:6: error: X  [x]",
    ]);
    // a.py:5 is the message's last place in a.py and b.py:6 its only one in b.py: both stay as written.
    expect(Array.from(g.firstOf)).toEqual([-1, -1, 0, 0, -1, -1]);
    expect(g.repeats.get(0)).toEqual([2, 3]);
  });

  it("shows the first and last place of a message in each file as written", () => {
    const g = groups(["a.py:1: error: X", "b.py:2: error: X", "a.py:3: error: X", "b.py:4: error: X"]);
    expect(Array.from(g.firstOf)).toEqual([-1, -1, -1, -1]);
  });

  it("takes a repeat's code frame with it, but leaves the blank line before the next head", () => {
    const lines = [
      "a.ts:1:1 - error TS1: X",
      "",
      "1 foo()",
      "  ~~~",
      "",
      "a.ts:2:1 - error TS1: X",
      "",
      "2 bar()",
      "  ~~~",
      "",
      "a.ts:3:1 - error TS1: X",
      "",
      "a.ts:4:1 - error TS2: Y",
    ];
    expect(Array.from(groups(lines).firstOf)).toEqual([-1, -1, -1, -1, -1, 0, 0, 0, 0, -1, -1, -1, -1]);
  });

  it("by default groups only a repeat's frame: every head stays as written", () => {
    const lines = [
      "a.ts:1:1 - error TS1: X",
      "1 foo()",
      "a.ts:2:1 - error TS1: X",
      "2 bar()",
      "a.ts:3:1 - error TS1: X",
    ];
    const g = groups(lines, false);
    expect(Array.from(g.firstOf)).toEqual([-1, -1, -1, 0, -1]);
    expect(Array.from(g.listed)).toEqual([0, 0, 0, 0, 0]);
    expect(g.repeats.size).toBe(0);
  });

  it("leaves a repeat whose next line is neither a frame nor a head (a wrapped message)", () => {
    const lines = [
      "a.py:1: error: Unsupported operand",
      '("int" and "str")  [operator]',
      "a.py:9: error: Unsupported operand",
      '("int" and "None")  [operator]',
      "a.py:10: error: Z",
    ];
    expect(Array.from(groups(lines).firstOf)).toEqual([-1, -1, -1, -1, -1]);
  });

  it("names each file once in a run of places", () => {
    const line = groupLine([
      { file: "a.py", position: ":4", message: "" },
      { file: "a.py", position: ":9", message: "" },
      { file: "b.py", position: ":1", message: "" },
    ]);
    expect(line).toBe("  ↳ same at: a.py:4, :9; b.py:1");
  });
});

describe("log compressor: repeated diagnostics", () => {
  it.each(["log-express-tsc-checkjs-pretty", "log-lazy-object-proxy-gcc-werror", "log-docutils-ruff-concise"])(
    "keeps every diagnostic head of %s as written under the default profile",
    (id) => {
      const text = stripAnsi(own.get(id)!.text);
      const out = compress(text, 1);
      for (const line of text.split("\n")) if (diagnosticParts(line) !== null) expect(out).toContain(line);
      expect(compress(out, 1)).toBe(out);
    },
  );

  it.each([
    "log-express-tsc-checkjs-plain",
    "log-docutils-mypy-plain",
    "log-docutils-ruff-concise",
    "log-docutils-pylint-states",
    "log-express-tsc-checkjs-pretty",
  ])("keeps every distinct diagnostic and every place of %s, and saves", (id) => {
    const text = stripAnsi(own.get(id)!.text);
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length * 0.8);
    expect(missingSalient(salientLines(text), out)).toEqual([]);
    // Every distinct message is shown in full.
    const messages = new Set(
      text
        .split("\n")
        .map((l) => diagnosticParts(l)?.message)
        .filter((m) => m !== undefined),
    );
    for (const m of messages) expect(out).toContain(m);
  });

  it("shows a tsc message at its ends in a file with the places between under it, and compressing again changes nothing", () => {
    const text = own.get("log-express-tsc-checkjs-plain")!.text;
    const out = compress(text);
    expect(out).toContain("express/lib/application.js(95,8): error TS2339: Property 'set' does not exist");
    expect(out).toMatch(/↳ same at: express\/lib\/application\.js\(96,8\), \(97,8\)/);
    // Each head of the message is either shown as written or its place is listed: no place is lost.
    const message = "error TS2339: Property 'set' does not exist on type 'defaultConfiguration'.";
    const heads = text.split("\n").filter((l) => l.endsWith(message));
    const shown = heads.filter((l) => out.includes(l));
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown.length).toBeLessThan(heads.length);
    expect(compress(out)).toBe(out);
  });
});

import { describe, expect, it } from "vitest";
import { diagnosticKey, showsKey } from "../../src/fidelity/diagnostic-key.js";
import { missingSalient, salientLines, squeezed } from "../../src/fidelity/salient.js";

const TSC = "express/lib/application.js(95,8): error TS2339: Property 'set' does not exist on type 'x'.";
const MYPY = "docutils/nodes.py:1571: error: Missing return statement  [return]";

function shows(line: string, output: string): boolean {
  const key = diagnosticKey(line);
  if (key === null) throw new Error(`no key for ${line}`);
  return showsKey(key, output, squeezed(output));
}

describe("diagnosticKey", () => {
  it.each([
    [TSC, "express/lib/application.js", "(95,8)", "error TS2339: Property 'set' does not exist on type 'x'."],
    [MYPY, "docutils/nodes.py", ":1571", "error: Missing return statement  [return]"],
    ["f.c:3:4: warning: unused [-Wunused]", "f.c", ":3:4", "warning: unused [-Wunused]"],
    ["lib/view.js:79:26 - error TS2339: Property 'root'", "lib/view.js", ":79:26", "error TS2339: Property 'root'"],
  ])("splits %s into file, position and message", (line, file, position, message) => {
    expect(diagnosticKey(line)).toEqual({ file, position, message });
  });

  it("has no key for a line that is not led by a place", () => {
    expect(diagnosticKey("error[E0308]: mismatched types")).toBeNull();
  });
});

describe("showsKey", () => {
  const message = "error TS2339: Property 'set' does not exist on type 'x'.";
  it("finds a place listed after its file with the message shown", () => {
    const output = `a.js(1,1): ${message}\n  ↳ same at: express/lib/application.js(94,8), (95,8); b.js(3,3)\n`;
    expect(shows(TSC, output)).toBe(true);
  });

  it("misses the place when only a longer position or another file lists it", () => {
    expect(shows(TSC, `a.js(1,1): ${message}\n  ↳ same at: express/lib/application.js(95,80)\n`)).toBe(false);
    expect(shows(TSC, `a.js(1,1): ${message}\n  ↳ same at: a.js(3,3); b.js(95,8)\n`)).toBe(false);
    expect(shows(TSC, `a.js(1,1): ${message}\n  ↳ same at: myexpress/lib/application.js(95,8)\n`)).toBe(false);
  });

  it("misses the diagnostic when its message is not shown", () => {
    expect(shows(TSC, "a.js(1,1): error TS2339: other\n  ↳ same at: express/lib/application.js(95,8)\n")).toBe(false);
  });

  it("does not read a place across lines or past a file's list", () => {
    expect(shows(MYPY, `x.py:1: ${MYPY.slice(24)}\n  ↳ same at: docutils/nodes.py:3\n:1571\n`)).toBe(false);
    expect(shows(MYPY, `x.py:1: ${MYPY.slice(24)}\n  ↳ same at: docutils/nodes.py:3; a.py:1, :1571\n`)).toBe(false);
  });
});

describe("missingSalient with grouped diagnostics", () => {
  it("counts a diagnostic visible when its message and place are, and missing when its place is not", () => {
    const input = [
      "a.py:1: error: Missing return statement  [return]",
      MYPY,
      "b.py:9: error: Missing return statement  [return]",
      "",
    ].join("\n");
    const salient = salientLines(input);
    expect(salient.map((s) => s.kind)).toEqual(["diagnostic", "diagnostic", "diagnostic"]);
    const grouped = "a.py:1: error: Missing return statement  [return]\n  ↳ same at: docutils/nodes.py:1571; b.py:9\n";
    expect(missingSalient(salient, grouped)).toEqual([]);
    const short = "a.py:1: error: Missing return statement  [return]\n  ↳ same at: docutils/nodes.py:1571\n";
    expect(missingSalient(salient, short).map((s) => s.text)).toEqual([
      "b.py:9: error: Missing return statement  [return]",
    ]);
  });
});

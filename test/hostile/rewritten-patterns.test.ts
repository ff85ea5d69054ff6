// Issue #15: three patterns measured quadratic (or linear at 2 047 steps per
// character) on main were rewritten as scans. Each scan must say what its
// pattern said on every short string (where the pattern is cheap), and stay
// cheap on the input that broke the pattern.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { endsLikeCode } from "../../src/compressors/markdown/segment.js";
import { isEmptyComment } from "../../src/compressors/code/comments.js";
import { hasBlob } from "../../src/gate.js";
import { matchAtNameStarts } from "../../src/compressors/code/headers.js";
import { createPithy } from "../../src/index.js";

// The patterns as they were, for the differential tests only (short inputs).
const OLD_CODE_END_RE = /(?:[;{]|^[}\])]+[;,)]*)\s*$/;
const OLD_COMMENT_CLOSE_RE = /\*+\/$/;
const OLD_COMMENT_OPEN_RE = /^(?:\/\*+!?|\/\/[/!]?|#+:?|\*+)/;
const OLD_BLOB_RE = /[A-Za-z0-9+/=_-]{2048}/;

function oldIsEmptyComment(line: string): boolean {
  let s = line.trim();
  const open = OLD_COMMENT_OPEN_RE.exec(s);
  if (open !== null) s = s.slice(open[0].length);
  return s.replace(OLD_COMMENT_CLOSE_RE, "").trim() === "";
}

const from = (chars: string, maxLength = 24) =>
  fc.array(fc.constantFrom(...chars), { maxLength }).map((a) => a.join(""));

describe("Markdown's code-end test", () => {
  it("agrees with the pattern it replaces", () => {
    fc.assert(
      fc.property(from(";{}])(,x \t\u00a0"), (line) => {
        expect(endsLikeCode(line)).toBe(OLD_CODE_END_RE.test(line));
      }),
      { numRuns: 3000 },
    );
  });

  it("answers on a megabyte line of `)`", () => {
    expect(endsLikeCode(`${")".repeat(1 << 20)}x`)).toBe(false);
    expect(endsLikeCode(")".repeat(1 << 20))).toBe(true);
  });

  it("compresses a Markdown read holding a 100 KB line of `)`", async () => {
    // On main this call blocked the CPU for 80 s.
    const pithy = await createPithy();
    const text = `# Title\n\nSome prose that is long enough to matter here, words and words.\n\n${")".repeat(100_000)}x\n`;
    const r = await pithy.compress(text, { tool: "Read", filename: "notes.md" });
    expect(r.output.length).toBeLessThanOrEqual(text.length);
  });
});

describe("empty-comment test", () => {
  it("agrees with the patterns it replaces", () => {
    fc.assert(
      fc.property(from("/*!# x\t"), (line) => {
        expect(isEmptyComment(line)).toBe(oldIsEmptyComment(line));
      }),
      { numRuns: 3000 },
    );
  });

  it("answers on a `/* *****…x` line of a megabyte", () => {
    expect(isEmptyComment(`/* ${"*".repeat(1 << 20)}x`)).toBe(false);
    expect(isEmptyComment(`/* ${"*".repeat(1 << 20)}/`)).toBe(true);
  });
});

describe("the gate's blob test", () => {
  it("agrees with the pattern it replaces around the 2 048-character threshold", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ run: fc.integer({ min: 0, max: 2100 }), sep: fc.constantFrom(" ", "\n", ".", "é") }), {
          maxLength: 4,
        }),
        (parts) => {
          const text = parts.map((p) => "aZ9+/=_-".repeat(300).slice(0, p.run) + p.sep).join("");
          expect(hasBlob(text)).toBe(OLD_BLOB_RE.test(text));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("says no to 8 MB of 2 047-character lines in one pass", () => {
    const text = `${"a".repeat(2047)}\n`.repeat(4096);
    expect(hasBlob(text)).toBe(false);
    expect(hasBlob(`${text}${"b".repeat(2048)}`)).toBe(true);
  });
});

describe("patterns rewritten where the analyser found them quadratic", () => {
  const OLD_LHS_RE = /([A-Za-z_$][\w$]*)\s*(?::[^=]{0,120})?(?::=|=)(?!=)/;
  const OLD_CALLEE_RE = /([A-Za-z_$][\w$.]*)\s*\(/;
  const OLD_PY_IMPORT_FROM = /^from \.*[\w.]* import [\w*(]/;
  const NEW_PY_IMPORT_FROM = /^from [\w.]* import [\w*(]/;
  const LHS_Y = new RegExp(OLD_LHS_RE.source, "y");
  const CALLEE_Y = new RegExp(OLD_CALLEE_RE.source, "y");

  it("finds the same assigned name and callee as the unanchored patterns", () => {
    fc.assert(
      fc.property(from("ab1_$.:= ( =>x", 20), (h) => {
        expect(matchAtNameStarts(LHS_Y, h, false)?.[1] ?? null).toBe(OLD_LHS_RE.exec(h)?.[1] ?? null);
        expect(matchAtNameStarts(CALLEE_Y, h, true)?.[1] ?? null).toBe(OLD_CALLEE_RE.exec(h)?.[1] ?? null);
      }),
      { numRuns: 3000 },
    );
  });

  it("reads a Python from-import the same without the overlapping dot run", () => {
    fc.assert(
      fc.property(from("from .ab_*( import", 30), (line) => {
        expect(NEW_PY_IMPORT_FROM.test(line)).toBe(OLD_PY_IMPORT_FROM.test(line));
      }),
      { numRuns: 2000 },
    );
  });

  it("names a callback in a long header line without reading its name run from every character", async () => {
    const pithy = await createPithy();
    const name = "a".repeat(200_000);
    const text = `const x = 1;\n${name} => {\n  return 1;\n}\n`.repeat(2);
    const r = await pithy.compress(text, { tool: "Read", filename: "x.ts", compressCode: true });
    expect(r.output.length).toBeLessThanOrEqual(text.length);
  });
});

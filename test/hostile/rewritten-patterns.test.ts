// Issue #15: three patterns measured quadratic (or linear at 2 047 steps per
// character) on main were rewritten as scans. Each scan must say what its
// pattern said on every short string (where the pattern is cheap), and stay
// cheap on the input that broke the pattern.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { endsLikeCode } from "../../src/compressors/markdown/segment.js";
import { isEmptyComment } from "../../src/compressors/code/comments.js";
import { hasBlob } from "../../src/gate.js";
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
  it("agrees with the pattern it replaces around the 2 048-character threshold", () => {
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
      { numRuns: 500 },
    );
  });

  it("says no to 8 MB of 2 047-character lines in one pass", () => {
    const text = `${"a".repeat(2047)}\n`.repeat(4096);
    expect(hasBlob(text)).toBe(false);
    expect(hasBlob(`${text}${"b".repeat(2048)}`)).toBe(true);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sideBySideGutter } from "../../../src/compressors/diff/side-by-side.js";

/** The gutter search as written before its tab pre-check: every row's columns walked. */
function oracleGutter(lines: readonly string[]): number {
  const isMark = (c: number) => c === 124 || c === 60 || c === 62;
  const isBlank = (c: number) => c === 32 || c === 9;
  const markColumn = (line: string): number => {
    let col = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      const next = i + 1 < line.length ? line.charCodeAt(i + 1) : -1;
      if (
        isMark(c) &&
        i > 0 &&
        isBlank(line.charCodeAt(i - 1)) &&
        (c === 60 ? next === -1 || next === 9 : next === 9)
      ) {
        return col;
      }
      col = c === 9 ? col + 8 - (col % 8) : col + 1;
    }
    return -1;
  };
  const fits = (line: string, gutter: number): boolean => {
    let col = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      const next = c === 9 ? col + 8 - (col % 8) : col + 1;
      if (next > gutter - 1 && col <= gutter) {
        if (col === gutter && isMark(c)) return true;
        if (!isBlank(c)) return false;
      }
      if (col > gutter) return true;
      col = next;
    }
    return true;
  };
  const votes = new Map<number, number>();
  for (let i = 0; i < Math.min(lines.length, 400); i++) {
    const col = markColumn(lines[i]);
    if (col >= 16) votes.set(col, (votes.get(col) ?? 0) + 1);
  }
  let gutter = -1;
  let best = 0;
  for (const [col, n] of votes) {
    if (n > best || (n === best && col < gutter)) {
      gutter = col;
      best = n;
    }
  }
  if (best < 2) return -1;
  let text = 0;
  for (const line of lines) {
    if (line.length === 0) continue;
    if (!fits(line, gutter)) return -1;
    text++;
  }
  return text > best ? gutter : -1;
}

describe("sideBySideGutter", () => {
  it("finds the gutter the full column walk finds, on rows with and without tabs and marks", () => {
    const piece = fc.constantFrom(
      "a",
      "word",
      "  ",
      " ",
      "\t",
      "\t\t",
      "|",
      "<",
      ">",
      " |\t",
      " <",
      " >\t",
      "x".repeat(20),
    );
    const loose = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));
    // `diff -y`'s own rows: a left side padded with tabs to the gutter, a mark or none, a right side.
    const padded = fc
      .tuple(fc.nat(30), fc.integer({ min: 1, max: 4 }), fc.constantFrom("|\t", "<", ">\t", "", " \t"), loose)
      .map(
        ([left, tabs, mark, right]) =>
          `${"x".repeat(left)}${"\t".repeat(tabs)}${mark === "" ? "" : ` ${mark}`}${right}`,
      );
    // A left-only row padded with spaces: its `<` ends the line, with no tab anywhere.
    const leftOnly = fc
      .tuple(fc.integer({ min: 14, max: 20 }), fc.nat(3))
      .map(([left, pad]) => `${"x".repeat(left)}${" ".repeat(pad)} <`);
    const row = fc.oneof(loose, padded, padded, leftOnly);
    let found = 0;
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const gutter = oracleGutter(rows);
        if (gutter >= 0) found++;
        expect(sideBySideGutter((i) => rows[i], rows.length)).toBe(gutter);
      }),
      { numRuns: 3000, seed: 13 },
    );
    // The property also met texts that are side-by-side diffs.
    expect(found).toBeGreaterThan(0);
  });
});

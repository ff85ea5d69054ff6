import { describe, expect, it } from "vitest";
import { DiffContent, mayHoldHunks } from "../../src/fidelity/diff-content.js";
import { salientLines } from "../../src/fidelity/salient.js";

/** Line numbers (0-based) of `text` that DiffContent calls content, asked in order. */
function contentLines(text: string): number[] {
  const diff = new DiffContent(text);
  const lines = text.split("\n");
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) if (diff.isContent(i)) out.push(i);
  return out;
}

// Shaped as `git log -p` prints it (git 2.39): header fields, a blank, the indented message, the patch.
const gitLog = [
  "commit 0123456789abcdef0123456789abcdef01234567", // 0
  "Author: A U Thor <a@example.org>", // 1
  "Date:   Mon Nov 30 11:50:03 2026 +0000", // 2
  "", // 3
  "    Fix the error on empty input", // 4
  "", // 5
  "    Failed runs now say why.", // 6
  "", // 7
  "diff --git a/src/read.ts b/src/read.ts", // 8
  "index 1111111..2222222 100644", // 9
  "--- a/src/read.ts", // 10
  "+++ b/src/read.ts", // 11
  "@@ -1,3 +1,4 @@ export function read(text: string) {", // 12
  "   if (text === '') {", // 13
  '-    return "";', // 14
  '+    throw new Error("empty input");', // 15
  "+    // fatal: nothing to read", // 16
  "   }", // 17
  "\\ No newline at end of file", // 18
  "error: could not apply 0123456... Fix the error on empty input", // 19
  "",
].join("\n");

describe("DiffContent", () => {
  it("calls a hunk's header and body lines content, by the header's counts, and nothing after them", () => {
    expect(contentLines(gitLog)).toEqual([4, 6, 12, 13, 14, 15, 16, 17, 18]);
  });

  it("reads a header without counts as one line on each side", () => {
    const text = ["--- a/x", "+++ b/x", "@@ -3 +3 @@", "-error: old", "+error: new", "error: after the hunk", ""].join(
      "\n",
    );
    expect(contentLines(text)).toEqual([2, 3, 4]);
  });

  it("counts a blank line inside a hunk as context whose trailing space was stripped", () => {
    const text = ["@@ -1,3 +1,3 @@", " a", "", "-Error: b", "+Error: c", "Error: outside", ""].join("\n");
    expect(contentLines(text)).toEqual([0, 1, 2, 3, 4]);
  });

  it("ends a hunk at a line that cannot belong to one, whatever its counts say", () => {
    const text = ["@@ -1,9 +1,9 @@", "+a", "diff --git a/y b/y", "+b", ""].join("\n");
    expect(contentLines(text)).toEqual([0, 1]);
  });

  it("answers the same when only some lines are asked, in increasing order", () => {
    const diff = new DiffContent(gitLog);
    expect([15, 16, 19].map((i) => diff.isContent(i))).toEqual([true, true, false]);
  });

  it("is asked for only when the text holds a hunk header", () => {
    expect(mayHoldHunks(gitLog)).toBe(true);
    expect(mayHoldHunks("@@ -1 +1 @@\n-a\n+b\n")).toBe(true);
    expect(mayHoldHunks("ERROR something failed\nan email @@ -1 in prose\n")).toBe(false);
  });
});

describe("salientLines in a diff", () => {
  it("marks error-looking lines of hunks and commit messages soft, and the rest not", () => {
    const soft = salientLines(gitLog).map((s) => [s.text, s.isSoft === true]);
    expect(soft).toEqual([
      ["commit 0123456789abcdef0123456789abcdef01234567", false],
      ["Failed runs now say why.", true],
      ["diff --git a/src/read.ts b/src/read.ts", false],
      ["+    // fatal: nothing to read", true],
      ["error: could not apply 0123456... Fix the error on empty input", false],
    ]);
  });

  it("leaves the same lines hard outside a diff", () => {
    const text = 'throw new Error("empty input");\nFailed runs now say why.\n';
    expect(salientLines(text).every((s) => s.isSoft === undefined)).toBe(true);
  });
});

describe("salientLines in rg --json output", () => {
  // Shaped as ripgrep 14 prints `rg --json`: a begin event, match events, an end event.
  const events = [
    '{"type":"begin","data":{"path":{"text":"src/raw.rs"}}}',
    '{"type":"match","data":{"path":{"text":"src/raw.rs"},"lines":{"text":"    eprintln!(\\"[error] cannot read {}\\", path);\\n"},"line_number":474,"absolute_offset":13041,"submatches":[]}}',
    '{"type":"end","data":{"path":{"text":"src/raw.rs"},"binary_offset":null,"stats":{"matches":1}}}',
    "error: ripgrep could not read src/locked.rs",
    "",
  ].join("\n");

  it("reads a match event as soft: the search compressor shows it as N:text, never as the raw event", () => {
    const found = salientLines(events).map((s) => [s.line, s.isSoft === true]);
    expect(found).toEqual([
      [1, true],
      [3, false],
    ]);
  });

  it("reads the same event as hard when the text is no rg --json output", () => {
    const alone = events.split("\n").slice(1).join("\n");
    expect(salientLines(alone).every((s) => s.isSoft === undefined)).toBe(true);
  });
});

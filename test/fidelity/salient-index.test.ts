import { describe, expect, it } from "vitest";
import { DiffContent, mayHoldHunks } from "../../src/fidelity/diff-content.js";
import { salientLines } from "../../src/fidelity/salient.js";
import { stripAnsi } from "../../src/kernels/ansi.js";
import { LineIndex } from "../../src/kernels/lines.js";
import { CORPUS_NAMES, openCorpus } from "../support/corpus.js";

/** Each case's text and, when it has escapes, its copy without them (what the check reads then). */
async function corpusTexts(): Promise<{ id: string; text: string }[]> {
  const texts: { id: string; text: string }[] = [];
  for (const name of CORPUS_NAMES) {
    for (const c of await openCorpus(name).load()) {
      texts.push({ id: c.id, text: c.text });
      const plain = stripAnsi(c.text);
      if (plain !== c.text) texts.push({ id: `${c.id} (stripped)`, text: plain });
    }
  }
  return texts;
}

/** Whether each line of `text` is diff content, lines 0 to one past the last asked in order. */
function contentFlags(text: string, index?: LineIndex): boolean[] {
  const diff = new DiffContent(text, index);
  const count = text.split("\n").length;
  const flags: boolean[] = [];
  for (let i = 0; i <= count; i++) flags.push(diff.isContent(i));
  return flags;
}

describe("salientLines read through a line index", () => {
  it("finds the same lines as without one, in every case of both corpora", { timeout: 60_000 }, async () => {
    let found = 0;
    for (const { id, text } of await corpusTexts()) {
      const alone = salientLines(text, false);
      expect(salientLines(text, false, LineIndex.of(text)), id).toEqual(alone);
      found += alone.length;
    }
    expect(found).toBeGreaterThan(100);
  });

  it("ignores an index of another text", () => {
    const text = "ok\nError: disk full\nok\n";
    const other = LineIndex.of("a\nb\nc\nd\ne\nf\n");
    expect(salientLines(text, false, other)).toEqual(salientLines(text, false));
    expect(salientLines(text, false, other).map((s) => s.line)).toEqual([1]);
  });

  it("reads the last line of a text without a final line break, and an underlined heading on line 0", () => {
    for (const text of ["Title\n=====\nbody\nFAILED: x", "Title\n=====", "\nError: a\n\nError: a\r\n"]) {
      expect(salientLines(text, false, LineIndex.of(text)), JSON.stringify(text)).toEqual(salientLines(text, false));
    }
  });
});

describe("DiffContent read through a line index", () => {
  it("calls the same lines content as without one, in every diff-like case", { timeout: 60_000 }, async () => {
    let diffs = 0;
    for (const { id, text } of await corpusTexts()) {
      if (!mayHoldHunks(text)) continue;
      diffs++;
      expect(contentFlags(text, LineIndex.of(text)), id).toEqual(contentFlags(text));
    }
    expect(diffs).toBeGreaterThan(5);
  });

  it("goes on past the index's last line as the search does", () => {
    for (const text of ["@@ -1,2 +1,2 @@\n a\n-b\n+c\n", "@@ -1 +1 @@\n-a\n+b", "@@ -1,3 +1,3 @@\n a\n"]) {
      expect(contentFlags(text, LineIndex.of(text)), JSON.stringify(text)).toEqual(contentFlags(text));
    }
  });
});

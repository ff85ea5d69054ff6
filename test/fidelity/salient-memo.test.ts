import { afterEach, describe, expect, it } from "vitest";
import {
  forgetSalientKinds,
  rememberSalientKinds,
  salientKind,
  salientKindOf,
  salientLines,
} from "../../src/fidelity/salient.js";
import { CORPUS_NAMES, openCorpus } from "../support/corpus.js";

/** Every line of `text` asked through the memo, as the search compressor asks its rows. */
function askEveryLine(text: string, shift: number): void {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const indented = line.length > 0 && (line[0] === " " || line[0] === "\t");
    expect(salientKindOf(line.trim(), indented, i + shift)).toBe(salientKind(line.trim(), undefined, indented));
  }
}

describe("salientLines with the per-call memo of line kinds", () => {
  afterEach(() => forgetSalientKinds());

  it("finds the same lines, whether the memo holds each line or another", { timeout: 60_000 }, async () => {
    let lines = 0;
    for (const name of CORPUS_NAMES) {
      for (const c of await openCorpus(name).load()) {
        const plain = salientLines(c.text);
        rememberSalientKinds();
        // Right line numbers: the memo answers (an underline still makes a heading).
        askEveryLine(c.text, 0);
        expect(salientLines(c.text), c.id).toEqual(plain);
        // Shifted by one: every entry is another line's, and must not answer.
        askEveryLine(c.text, 1);
        expect(salientLines(c.text), c.id).toEqual(plain);
        forgetSalientKinds();
        lines += plain.length;
      }
    }
    expect(lines).toBeGreaterThan(100);
  });

  it("reads a line over an underline as a heading, as salientKind does, when its kind is remembered", () => {
    rememberSalientKinds();
    const text = "Build failed: error in step\n==========================\nok\n";
    expect(salientKindOf("Build failed: error in step", false, 0)).toBe("error");
    expect(salientLines(text).map((s) => s.kind)).toEqual(["heading"]);
  });

  it("remembers nothing while no call runs", () => {
    expect(salientKindOf("error: x", false, 0)).toBe("error");
    rememberSalientKinds();
    forgetSalientKinds();
    expect(salientLines("nothing here\n")).toEqual([]);
  });
});

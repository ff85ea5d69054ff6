import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadWasm } from "../../src/kernels/wasm.js";
import { nextWord, wordFinder, WordTables, type WordList } from "../../src/kernels/word-scan.js";
import { CORPUS_NAMES, openCorpus } from "../support/corpus.js";

/** A word list with every kind of ending, and the regex it stands for. */
const WORDS: WordList = [
  ["error"],
  ["err!"],
  ["fail"],
  ["segfault"],
  ["segmentation"],
  ["severe"],
  ["could not"],
  ["note", "boundary"],
  ["problem", "plural"],
  ["ran ", "digit"],
  ["commit ", "hex"],
];
const REFERENCE = /error|err!|fail|segfault|segmentation|severe|could not|note\b|problems?\b|ran \d|commit [0-9a-f]/gi;
const TABLES = new WordTables(WORDS);

function referenceWord(text: string, from: number): number {
  REFERENCE.lastIndex = from;
  return REFERENCE.exec(text)?.index ?? -1;
}

/** The regex, the TS scan and the kernel (forced on however short the text) agree from `from` on, at each word found. */
function expectSameWords(text: string, from = 0): void {
  const viaKernel = wordFinder(text, TABLES, 0);
  for (let at = from; at <= text.length; ) {
    const expected = referenceWord(text, at);
    expect(nextWord(text, at, TABLES), `from ${at}`).toBe(expected);
    expect(viaKernel(at), `kernel, from ${at}`).toBe(expected);
    if (expected === -1) break;
    at = expected + 1;
  }
}

beforeAll(async () => {
  expect(await loadWasm()).not.toBeNull();
});

describe("word scan", () => {
  it("finds what the regex alternation finds in every case of both corpora", async () => {
    for (const name of CORPUS_NAMES) {
      for (const c of await openCorpus(name).load()) expectSameWords(c.text);
    }
  });

  it("finds what the regex alternation finds in texts made of its words, their near misses and any characters", () => {
    const piece = fc.oneof(
      fc.constantFrom(
        ..."error ERROR Err err! fail FAIL segfault Segmentation severe note Notes note_ problem problems problemsx".split(
          " ",
        ),
        ..."ran ran3 commit commit_ could couldnot ı ſ \u212a x s _ 0 7 a f".split(" "),
        " ",
        "\n",
        "could not",
        "ran 4",
        "commit F",
        "commit g",
      ),
      fc.string({ unit: "binary", maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), fc.nat(), (pieces, start) => {
        const text = pieces.join("");
        expectSameWords(text, start % (text.length + 1));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses a word that does not open with three letters, which the tables could not fold", () => {
    expect(() => new WordTables([["e-mail"]])).toThrow(/3 lowercase letters/);
  });
});

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Candidate, candidateFinder, nextCandidate } from "../../src/fidelity/candidates.js";
import { loadWasm } from "../../src/kernels/wasm.js";
import { CORPUS_NAMES, openCorpus } from "../support/corpus.js";

/** The reference the scanner replaced: one case-insensitive alternation over the whole text. */
const REFERENCE =
  /error|err!|fatal|panic|fail|exception|traceback|abort|critical|cannot|could not|unable to|severe|emerg|segmentation|expected|received|assert|warning|note\b|tests?:|test result|test files|passed|ran \d|found \d|line \d|problems?\b|commit [0-9a-f]|diff --git|^from [0-9a-f]|-->|^[ \t]*#{1,6} |✗|×|✖|not ok|^[ \t]*(?:={3,}|-{3,}|~{3,}|\^{3,}|\*{3,}|\+{3,})[ \t\r]*$|\d\) \S|^[ \t]*E\s{2}|^[ \t]*ok \(|undefined reference to|multiple definition of/gim;
const UNDERLINE_RE = /^(?:={3,}|-{3,}|~{3,}|\^{3,}|\*{3,}|\+{3,})$/;

/** What salientLines reads of a candidate: where it starts, whether it is an underline, where the scan goes on. */
function reading(text: string, c: Candidate | null): [number, boolean, number] | null {
  if (c === null) return null;
  const nl = text.indexOf("\n", c.at);
  const nextLine = nl === -1 ? text.length : nl + 1;
  return [c.at, c.underline, Math.max(c.end, nextLine)];
}

function referenceCandidate(text: string, from: number): Candidate | null {
  REFERENCE.lastIndex = from;
  const m = REFERENCE.exec(text);
  if (m === null) return null;
  return { at: m.index, end: m.index + m[0].length, underline: UNDERLINE_RE.test(m[0].trim()) };
}

/**
 * The reference and the TS scan (and the WASM kernel's finder, forced on
 * however short the text, whole and in windows of a line and of a few
 * units) from `from`, then from just past each candidate, to the end of
 * `text`. The finders share the kernel's memory: each runs its own pass.
 */
function expectSameCandidates(text: string, from = 0): void {
  const expected: Array<[number, ReturnType<typeof reading>]> = [];
  for (let at = from; at <= text.length; ) {
    const found = reading(text, referenceCandidate(text, at));
    expect(reading(text, nextCandidate(text, at)), `from ${at}`).toEqual(found);
    expected.push([at, found]);
    if (found === null) break;
    at = found[0] + 1;
  }
  for (const [label, window] of [
    ["kernel", undefined],
    ["kernel in line windows", 1],
    ["kernel in small windows", 16],
  ] as const) {
    const finder = candidateFinder(text, 0, window);
    for (const [at, found] of expected) expect(reading(text, finder(at)), `${label}, from ${at}`).toEqual(found);
  }
}

beforeAll(async () => {
  expect(await loadWasm()).not.toBeNull();
});

describe("nextCandidate", () => {
  // Both corpora (10 MB) through two finders: seconds on a loaded machine, so a generous bound.
  it("finds what the regex found in every case of both corpora", { timeout: 60_000 }, async () => {
    for (const name of CORPUS_NAMES) {
      for (const c of await openCorpus(name).load()) expectSameCandidates(c.text);
    }
  });

  it("finds what the regex found in texts made of the words, shapes and line ends it reads", () => {
    const piece = fc.constantFrom(
      ..."error ERR! Err fatal fail Failed panic exception Traceback abort critical cannot".split(" "),
      ..."severe emerg segmentation expected Received assert warning passed PASSED".split(" "),
      ..."note notes note_ NOTE: problem problems problemsx Problem_ test: tests: Tests test".split(" "),
      "could not",
      "unable to",
      "test result",
      "TEST FILES",
      "ran 3",
      "ran x",
      "found 1",
      "commit a",
      "commit G",
      "from f",
      "From F",
      "diff --git",
      "not ok",
      "ok (",
      "OK (",
      "1) x",
      "1) ",
      "1)\u00a0",
      ..."-- --> ---> --- === == ~~~ ^^^ *** +++ # ## ####### E e o".split(" "),
      ..."× ✗ ✖ x a _ 0 ı ſ \u212a \ud800 \u00a0 \u2003 \ufeff".split(" "),
      " ",
      "  ",
      "\t",
      "\n",
      "\r",
      "\r\n",
      "\u2028",
      "\u2029",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), fc.nat(), (pieces, start) => {
        const text = pieces.join("");
        expectSameCandidates(text, start % (text.length + 1));
      }),
      { numRuns: 3000 },
    );
  });

  it("finds every shape and word wherever it falls in the kernel's 16-unit blocks, non-ASCII units after it included", () => {
    // The kernel reads a block's first three units of each position through a filter: a shape
    // whose later units lie past the block (a pytest `E` then U+00A0 at lanes 14 to 17) must stop it.
    const shapes = [
      "\nE\u00a0\u00a0z",
      "\nE\u3000 z",
      "\n  # T",
      "\n1) a",
      "\n-->",
      "\n×",
      "error",
      "Err!",
      "\u2028E  x",
    ];
    for (const shape of shapes) {
      for (let pad = 0; pad < 40; pad++) expectSameCandidates(`${"x".repeat(pad)}${shape}${"y".repeat(40)}`);
    }
  });

  it("finds what the regex found in any UTF-16 text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (text) => expectSameCandidates(text)),
      { numRuns: 1000 },
    );
  });

  it("finds the same in windows when asked out of order, going back included", () => {
    const text = "ok\nE\n  x\n--> a.rs\nTitle\n=====\nerror: boom\n".repeat(3);
    const order = [40, 3, 0, 70, 12, 12, 5, text.length, 1];
    const whole = candidateFinder(text, 0, text.length + 1);
    const expected = order.map((at) => whole(at));
    const windowed = candidateFinder(text, 0, 8);
    for (const [i, at] of order.entries()) expect(windowed(at), `from ${at}`).toEqual(expected[i]);
  });

  it("crosses into WASM in windows, keeping the arena small however long the text", async () => {
    const host = (await loadWasm())!;
    const text = "2024-05-01 INFO request served in 12ms\n".repeat(150_000);
    const before = host.memory.buffer.byteLength;
    expect(candidateFinder(text)(0)).toBeNull();
    // 6 MB of text would take 12 MB of arena in one piece; a window takes 512 KB.
    expect(host.memory.buffer.byteLength - before).toBeLessThan(2 * 1024 * 1024);
  });

  it("goes on into the next line after a pytest `E` whose white space runs there", () => {
    expect(nextCandidate("x\nE\n  more", 0)).toEqual({ at: 2, end: 5, underline: false });
  });

  it("says an underline is one, so that the line above it is read too", () => {
    expect(nextCandidate("Title\n=====\n", 0)).toEqual({ at: 6, end: 7, underline: true });
  });
});

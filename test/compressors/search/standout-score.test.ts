import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isScoredStandout, isStandout, queryTerms, scoreText } from "../../../src/compressors/search/priority.js";
import { corpusLinesWhere } from "../../support/corpus.js";

/** Words and level words both rules read, in their cases, and what surrounds them. */
const PIECE = fc.constantFrom(
  "ERROR",
  "ERR!",
  "FATAL",
  "PANIC",
  "FAILED",
  "FAILURE",
  "CRITICAL",
  "SEVERE",
  "EMERG",
  "error",
  "Error",
  "TypeError",
  "onerror",
  "fatal",
  "panic",
  "failed",
  "Failure",
  "exception",
  "Traceback",
  "denied",
  "Refused",
  "aborted",
  "abort",
  "critical",
  "x",
  " ",
  ":",
  "(",
  "_",
  "1",
);
const ROW = fc.array(PIECE, { maxLength: 6 }).map((parts) => parts.join(""));

describe("isScoredStandout", () => {
  it("tells what isStandout tells, given the row's score, on generated rows", () => {
    fc.assert(
      fc.property(ROW, fc.constantFrom("", "error", "critical timeout"), (row, query) => {
        const score = scoreText(row, queryTerms(query));
        expect(isScoredStandout(row, score)).toBe(isStandout(row));
      }),
      { numRuns: 5000 },
    );
  });

  it("tells what isStandout tells on every line of both corpora", { timeout: 60_000 }, async () => {
    const { compared, mismatches } = await corpusLinesWhere(
      (line) => isScoredStandout(line, scoreText(line, [])) !== isStandout(line),
    );
    expect(compared).toBeGreaterThan(10_000);
    expect(mismatches).toEqual([]);
  });
});

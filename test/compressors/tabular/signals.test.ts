import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ERROR_HINT_RE, isErrorValue } from "../../../src/compressors/json/array-crush.js";
import { parseDelimited } from "../../../src/compressors/tabular/csv.js";
import { errorRows, queryRows } from "../../../src/compressors/tabular/signals.js";
import { rowRecords, type Table } from "../../../src/compressors/tabular/table.js";

function table(lines: string[]): Table {
  const parsed = parseDelimited(lines.join("\n") + "\n");
  if (parsed === null) throw new Error("not a table");
  return parsed;
}

const levels = (bad: number, word: string) =>
  table([
    "time,level,message",
    ...Array.from(
      { length: 40 },
      (_, k) => `10:${String(k).padStart(2, "0")},${k === bad ? word : "INFO"},served request ${k}`,
    ),
  ]);

describe("errorRows", () => {
  it("finds the row whose level cell is ERR", () => {
    const t = levels(12, "ERR");
    expect(errorRows(t, rowRecords(t))).toEqual([12]);
  });

  it("finds an error word inside a prose cell", () => {
    const t = levels(30, '"upstream connection refused"');
    expect(errorRows(t, rowRecords(t))).toEqual([30]);
  });

  it("ignores error words inside identifier-shaped cells and longer words", () => {
    const t = table([
      "name,path",
      ...Array.from(
        { length: 20 },
        (_, k) => `${k === 3 ? "es-errors" : `pkg${k}`},${k === 5 ? "/src/panics.rs" : `/src/m${k}.rs`}`,
      ),
    ]);
    expect(errorRows(t, rowRecords(t))).toEqual([]);
  });

  it("finds nothing when most rows carry an error word", () => {
    const t = table(["id,status", ...Array.from({ length: 20 }, (_, k) => `${k},${k % 4 === 0 ? "ok" : "failed"}`)]);
    expect(errorRows(t, rowRecords(t))).toEqual([]);
  });

  it("finds the same rows on a second scan", () => {
    const t = levels(7, "fatal");
    expect(errorRows(t, rowRecords(t))).toEqual(errorRows(t, rowRecords(t)));
  });
});

describe("queryRows", () => {
  it("finds rows holding a query term in any case", () => {
    const t = levels(-1, "INFO");
    expect(queryRows(t, rowRecords(t), ["request 17"])).toEqual([17]);
  });
});

describe("ERROR_HINT_RE", () => {
  const word = fc.constantFrom(
    "error",
    "Errors",
    "exception",
    "failed",
    "FAILURE",
    "failing",
    "fatal",
    "panicked",
    "timeout",
    "timed out",
    "timed_out",
    "denied",
    "rejected",
    "refused",
    "crashed",
    "aborted",
    "critical",
    "unauthorised",
    "Forbidden",
    "err",
    "KO",
    "TypeError",
    "IOException",
    "AssertionFailure",
    "ok",
    "served",
    "request",
    "no-panic",
    "stderr",
    "kosher",
    "/var/log/error.log",
  );
  const text = fc
    .array(word, { minLength: 1, maxLength: 4 })
    .chain((words) => fc.constantFrom(words.join(" "), words.join(""), words.join("-")));

  it("matches every value the crusher counts as an error, so the table scan misses none", () => {
    fc.assert(
      fc.property(text, (t) => {
        if (isErrorValue(t)) expect(ERROR_HINT_RE.test(t)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("reads a description that mentions an error noun as no failure, and a failure verb as one", () => {
    const described = levels(30, '"AddressSanitizer -- a fast memory error detector"');
    expect(errorRows(described, rowRecords(described))).toEqual([]);
    const failed = levels(30, '"2 tests failed"');
    expect(errorRows(failed, rowRecords(failed))).toEqual([30]);
    const opening = levels(30, '"Error: disk full"');
    expect(errorRows(opening, rowRecords(opening))).toEqual([30]);
  });
});

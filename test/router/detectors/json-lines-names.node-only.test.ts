import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { JSON_LINES_MIN_RECORDS as COMPRESSOR_MIN_RECORDS } from "../../../src/compressors/json/json-lines.js";
import { createPithy } from "../../../src/pipeline.js";
import { detect } from "../../../src/router/detect.js";
import { JSON_LINES_MIN_RECORDS } from "../../../src/router/detectors/json.js";

/**
 * A `.jsonl` / `.ndjson` name is read by its content: every line a JSON
 * record routes as JSON (the JSON compressor keeps one valid record per
 * line, each record's location, code and level), anything else as a log.
 * Real JSON Lines (test/compressors/json/fixtures/):
 *
 * - ruff-json-lines-click.jsonl: `ruff check --no-cache --select
 *   E,W,F,B,UP,SIM --output-format json-lines click` (ruff 0.16.9, click 8.5.0
 *   installed from a local wheel): 23 diagnostics, nested `fix` edits.
 * - ruff-json-lines-flask.jsonl: the same command over flask 3.1.3: 22
 *   diagnostics. A ruff record's place is a nested `"location":{"column":9,
 *   "row":75}` (after its `end_location`): a record left out as a stub keeps it.
 * - mypy-output-json-werkzeug-routing.jsonl: `mypy -O json --no-incremental
 *   --ignore-missing-imports --follow-imports=silent --strict
 *   --disallow-any-expr werkzeug/routing/{converters,matcher,exceptions}.py`
 *   (mypy 2.4.0, werkzeug 3.1.9): 56 errors, mostly the same two messages.
 * - cargo-build-message-format-json.jsonl (cargo 1.95.0), from the JSON Lines test.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`../../compressors/json/fixtures/${name}`, import.meta.url), "utf8");

type Located = { file: string; line: number; code: string | null; severity: string };
/** A ruff or mypy record's location, code and level, in the form the record writes them. */
function locatedOf(record: Record<string, unknown> | string): Located | null {
  // A marker line is a JSON string.
  if (typeof record === "string") return null;
  if (typeof record.filename === "string") {
    const at = record.location as { row: number } | undefined;
    if (at === undefined) return null;
    return { file: record.filename, line: at.row, code: record.code as string, severity: record.severity as string };
  }
  return {
    file: record.file as string,
    line: record.line as number,
    code: record.code as string | null,
    severity: record.severity as string,
  };
}

const LINTS = ["ruff-json-lines-click.jsonl", "ruff-json-lines-flask.jsonl", "mypy-output-json-werkzeug-routing.jsonl"];

describe("JSON Lines file names", () => {
  for (const file of LINTS) {
    for (const name of ["report.jsonl", "out/events.NDJSON"]) {
      it(`routes ${file} named ${name} as json, keeping every record's location, code and level`, async () => {
        const text = fixture(file);
        expect(detect(text, { filename: name })).toMatchObject({ type: "json", by: "content" });
        const pithy = await createPithy({ minTokens: 0 });
        const r = await pithy.compress(text, { tool: "Bash", filename: name });
        expect(r.type).toBe("json");
        expect(r.action).toBe("compressed");
        expect(r.tokensOut).toBeLessThan(r.tokensIn);
        const shown = r.output.split("\n").map((line) => JSON.stringify(JSON.parse(line)));
        const missing: string[] = [];
        for (const line of text.split("\n")) {
          if (line.trim() === "") continue;
          const want = locatedOf(JSON.parse(line) as Record<string, unknown>)!;
          const found = shown.some((s) => {
            const got = locatedOf(JSON.parse(s) as Record<string, unknown>);
            // A stub "as [k]" shares its code with record k, which is shown.
            return (
              got !== null && got.file === want.file && got.line === want.line && (got.code ?? want.code) === want.code
            );
          });
          if (!found) missing.push(`${want.file}:${want.line} ${want.code}`);
        }
        expect(missing).toEqual([]);
        // The level stays: on every record shown whole, and in the marker of the rows left out.
        expect(r.output).toMatch(/"severity": ?"error"/);
      });
    }
  }

  it("routes rg --json saved as .jsonl as search", () => {
    const rg = readFileSync(
      new URL("../../corpus/cases/search/pithy-rg-json-pithyconfigerror.jsonl", import.meta.url),
      "utf8",
    );
    expect(detect(rg, { filename: "matches.jsonl" }).type).toBe("search");
  });

  it("routes a .jsonl or .ndjson file whose lines are not all JSON records as a log", () => {
    const lines = fixture("mypy-output-json-werkzeug-routing.jsonl").split("\n");
    const mixed = [...lines.slice(0, 5), "Found 56 errors in 3 files (checked 3 source files)", ...lines.slice(5)].join(
      "\n",
    );
    expect(detect(mixed, { filename: "mypy.jsonl" })).toMatchObject({ type: "log", by: "hint" });
    expect(
      detect("2026-12-07 19:51:21 INFO started\n2026-12-07 19:51:22 ERROR failed\n", { filename: "a.ndjson" }).type,
    ).toBe("log");
    // Two records are neither one document nor JSON Lines to the compressor.
    expect(detect('{"a":1}\n{"a":2}\n', { filename: "a.jsonl" }).type).toBe("log");
    expect(detect('{"a":1}\n', { filename: "a.jsonl" }).type).toBe("json");
  });

  it("takes JSON Lines from as many records as the JSON compressor does", () => {
    expect(JSON_LINES_MIN_RECORDS).toBe(COMPRESSOR_MIN_RECORDS);
  });
});

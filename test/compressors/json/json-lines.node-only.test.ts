import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseJsonLines, recordLines } from "../../../src/compressors/json/json-lines.js";
import { detect } from "../../../src/router/detect.js";
import { createPithy } from "../../../src/pipeline.js";

/**
 * Real JSON Lines from the Rust toolchain (rustc 1.95.0, cargo 1.95.0), over
 * the "Erroneous code example" blocks of `rustc --explain` that
 * test/corpus/drivers/rust-error-index-crate.sh turns into a package:
 *
 * - cargo-build-message-format-json.jsonl: `cargo build --offline --keep-going
 *   --message-format=json` with E0023 E0061 E0107 E0308 E0425 (stdout): one
 *   `compiler-message` object per diagnostic, then `build-finished`.
 * - rustc-error-format-json.jsonl: `rustc --edition 2021 --error-format=json
 *   --emit=metadata` of five other examples (stderr): one bare diagnostic per line.
 *
 * Nearly every record is an error, so no error sets a record apart and the
 * crusher samples; a dropped diagnostic must still show its level and message.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

type Diagnostic = { level: string; message: string; code: { code: string } | null };
const diagnosticOf = (record: Record<string, unknown>): Diagnostic | null => {
  const m = (record.reason === undefined ? record : record.message) as Diagnostic | undefined;
  return m !== undefined && typeof m.message === "string" ? m : null;
};

describe("JSON Lines", () => {
  for (const file of ["cargo-build-message-format-json.jsonl", "rustc-error-format-json.jsonl"]) {
    it(`routes ${file} as json and keeps every diagnostic's level and message, one valid record per line`, async () => {
      const text = fixture(file);
      expect(detect(text).type).toBe("json");
      const pithy = await createPithy({ minTokens: 0 });
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.type).toBe("json");
      expect(r.action).toBe("compressed");
      expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.6);
      const lines = r.output.split("\n");
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      const missing: string[] = [];
      for (const line of text.split("\n")) {
        if (line === "") continue;
        const d = diagnosticOf(JSON.parse(line) as Record<string, unknown>);
        if (d === null) continue;
        if (!r.output.includes(JSON.stringify(d.message))) missing.push(`${d.level}: ${d.message}`);
        if (d.code !== null && !r.output.includes(`"code":${JSON.stringify(d.code.code)}`)) missing.push(d.code.code);
      }
      expect(missing).toEqual([]);
      // Markers name the original's lines (a JSON path cannot select in JSON Lines) or the whole of it.
      expect(r.output).not.toMatch(/\[\[pithy:[0-9a-f]+ \$/);
    });
  }

  it("is not JSON Lines when one line is not JSON", () => {
    expect(parseJsonLines('{"a":1}\n{"a":2}\nnot json\n{"a":3}\n')).toBeNull();
    expect(parseJsonLines('{"a":1}\n{"a":2}\n')).toBeNull();
    expect(parseJsonLines('{"a":1}\n\n{"a":2}\r\n[3]\n')?.lineOf).toEqual([0, 2, 3]);
  });

  it("turns a record path into the lines of its records", () => {
    const lineOf = [0, 2, 3, 7];
    expect(recordLines("$[1]", lineOf)).toEqual([2, 3]);
    expect(recordLines("$[1].message.spans", lineOf)).toEqual([2, 3]);
    expect(recordLines("$[1:4]", lineOf)).toEqual([2, 8]);
    expect(recordLines("$", lineOf)).toBeNull();
    expect(recordLines("$[9]", lineOf)).toBeNull();
    expect(recordLines("$.a", lineOf)).toBeNull();
  });
});

// `top -b -n1`: the summary lines, the process table's header and its first
// rows (top sorts by what matters: %CPU, or %MEM with -o) stay, and so does
// every busy process; idle ones go behind markers. Real snapshots of this
// machine: by %CPU at 200 columns, and by %MEM.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tabularCompressor } from "../../../src/compressors/tabular.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const SNAPSHOTS = ["top-b-n1-cpu.txt", "top-b-n1-o-mem.txt"];

describe("top -b snapshots", () => {
  for (const name of SNAPSHOTS) {
    it(`routes ${name} as a table and keeps its summary, header, first rows and busy processes`, () => {
      const text = fixture(name);
      expect(detect(text)).toMatchObject({ type: "tabular" });
      const out = tabularCompressor.compress(compressorInput(text, { type: "tabular" }));
      expect(out).not.toBeNull();
      const output = out?.output ?? "";
      expect(output.length).toBeLessThan(text.length * 0.5);
      const lines = text.split("\n");
      const header = lines.findIndex((l) => l.trimStart().startsWith("PID "));
      // The summary lines and the header.
      for (const line of lines.slice(0, header + 1)) expect(output).toContain(line);
      // The first three rows, in top's own order.
      for (const line of lines.slice(header + 1, header + 4)) expect(output).toContain(`${line}\n`);
      // Every process using CPU (column 9).
      for (const line of lines.slice(header + 1)) {
        const cpu = Number(line.trim().split(/\s+/)[8]);
        if (cpu > 0) expect(output, line).toContain(line);
      }
    });
  }
});

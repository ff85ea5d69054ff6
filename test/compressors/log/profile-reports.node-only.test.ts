import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real callgrind_annotate reports (zlib's minigzip compressing a file; a four-thread counter
// program, with its source annotated) and two real `python3 -X importtime` runs (asyncio, email,
// http.client, json, sqlite3, unittest…; argparse, csv, decimal, logging.handlers, xml, zipfile,
// tomllib, pathlib).
const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const callgrind = [fixture("callgrind-annotate-minigzip.txt"), fixture("callgrind-annotate-counter.txt")];
const importtime = [fixture("python-X-importtime-asyncio.txt"), fixture("python-X-importtime-stdlib.txt")];

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

const ROW_RE = /^ *[\d,]+ \( ?(\d+\.\d+)%\) +\S/;

describe("callgrind_annotate", () => {
  it("routes as a log", () => {
    for (const text of callgrind) expect(detect(text).type).toBe("log");
  });

  it("keeps the totals and every function-table row of at least 5 % of them", () => {
    for (const text of callgrind) {
      const out = compress(text);
      expect(out.length).toBeLessThan(text.length * 0.6);
      const lines = text.split("\n");
      expect(out).toContain(lines.find((l) => l.endsWith("PROGRAM TOTALS")));
      const table = lines.findIndex((l) => /file:function\s*$/.test(l));
      let hot = 0;
      for (let k = table + 2; k < lines.length && ROW_RE.test(lines[k]); k++) {
        if (Number(ROW_RE.exec(lines[k])?.[1]) < 5) continue;
        expect(out).toContain(lines[k]);
        hot++;
      }
      expect(hot).toBeGreaterThan(10);
    }
  });
});

describe("python -X importtime", () => {
  it("routes as a log", () => {
    for (const text of importtime) expect(detect(text).type).toBe("log");
  });

  it("keeps the header, every top-level import and the costliest ones", () => {
    for (const text of importtime) {
      const out = compress(text);
      expect(out.length).toBeLessThan(text.length * 0.5);
      const rows = text
        .split("\n")
        .map((l) => /^import time: +(\d+) \| +(\d+) \| ( *)\S/.exec(l))
        .filter((m) => m !== null);
      expect(out).toContain("import time: self [us] | cumulative | imported package");
      for (const m of rows) if (m[3] === "") expect(out).toContain(m.input);
      const bySelf = [...rows].sort((a, b) => Number(b[1]) - Number(a[1]));
      const byCumulative = [...rows].sort((a, b) => Number(b[2]) - Number(a[2]));
      for (const m of [...bySelf.slice(0, 5), ...byCumulative.slice(0, 5)]) expect(out).toContain(m.input);
    }
  });
});

// Two real -ftime-report tables: gcc -O2 on zlib's gzappend.c, g++ -O2 on a C++ file using <regex>.
const timeReports = [fixture("gcc-ftime-report-gzappend.txt"), fixture("gxx-ftime-report-regex.txt")];
const TIME_ROW_RE = /^ \|?[A-Za-z][^:]*: +[\d.]+ \( *\d+%\) +[\d.]+ \( *\d+%\) +[\d.]+ \( *(\d+)%\)/;

describe("gcc -ftime-report", () => {
  it("routes as a log", () => {
    for (const text of timeReports) expect(detect(text).type).toBe("log");
  });

  it("keeps the header, the phases, every pass of at least 5 % of the wall time and the total", () => {
    for (const text of timeReports) {
      const out = compress(text);
      const lines = text.split("\n");
      expect(out).toContain(lines.find((l) => l.startsWith("Time variable")));
      expect(out).toContain(lines.find((l) => l.startsWith(" TOTAL ")));
      let hot = 0;
      for (const line of lines) {
        const m = TIME_ROW_RE.exec(line);
        if (m === null || (!line.startsWith(" phase ") && Number(m[1]) < 5)) continue;
        expect(out).toContain(line);
        hot++;
      }
      expect(hot).toBeGreaterThan(4);
    }
  });
});

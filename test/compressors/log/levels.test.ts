import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  isAnomaly,
  scanSeverity,
  severityOf,
  severityOfHinted,
  Severity,
} from "../../../src/compressors/log/levels.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import {
  LINE_MAY_HAVE_LEVEL,
  LINE_MAY_NAME_ANOMALY,
  lineHintsTwin,
  lineHintsWasm,
} from "../../../src/compressors/log/line-hints.js";
import { loadWasm, type WasmHost } from "../../../src/kernels/wasm.js";
import { loadCorpus } from "../../support/corpus.js";

/** Words and glue that make level words, class names and tool prefixes likely. */
const fragment = fc.constantFrom(
  "ERROR",
  "error",
  "Error",
  "eRRor",
  "err",
  "ERR!",
  "WARN",
  "warning",
  "Warning:",
  "info",
  "INFO",
  "debug",
  "trace",
  "fatal",
  "FATAL",
  "panic",
  "Panic",
  "critical",
  "crit",
  "CRIT",
  "severe",
  "emerg",
  "alert",
  "failure",
  "notice",
  "verbose",
  "silly",
  "fine",
  "finer",
  "finest",
  "http",
  "HTTP",
  "npm",
  "yarn",
  "pnpm",
  "gyp",
  "TypeError",
  "IOException",
  "DeprecationWarning",
  "level",
  "lvl",
  "severity",
  "=",
  ":",
  '"',
  "[",
  "]",
  "<",
  ">",
  "!",
  "|",
  ".",
  "_",
  "-",
  "1",
  "42",
  " ",
  "  ",
  "\t",
  "log",
  "errors",
  "informal",
  "E0102",
  "W1231",
  "E   ",
  " TS2339",
  '"GET /x HTTP/1.1" 404 12',
);
const line = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(""));

describe("severityOf", () => {
  it("answers as the plain word loop does on random level-ish lines", () => {
    fc.assert(
      fc.property(line, (text) => {
        expect(severityOf(text)).toEqual(scanSeverity(text, false));
      }),
      { numRuns: 3000 },
    );
  });

  it("answers as the plain word loop does on every corpus line", async () => {
    for (const c of await loadCorpus()) {
      for (const text of c.text.split("\n")) expect(severityOf(text), text).toEqual(scanSeverity(text, false));
    }
  });

  it("reads a class name glued to a digit or an underscore", () => {
    for (const text of [" TS2339Panic:", "E0102Panic: x", "a_Panic:", "x1TypeError: y"]) {
      expect(severityOf(text), text).toEqual(scanSeverity(text, false));
    }
    expect(severityOf("E0102Panic: x").severity).toBe(Severity.Error);
  });

  it("reads levels, class names and access-log statuses", () => {
    expect(severityOf("2024-01-01 ERROR db down")).toMatchObject({ severity: Severity.Error, word: "ERROR" });
    expect(severityOf("npm http fetch GET 200 https://x 5ms")).toMatchObject({ severity: Severity.None, word: "" });
    expect(severityOf("TypeError: x is not a function").severity).toBe(Severity.Error);
    expect(severityOf('1.2.3.4 - - [1/Jan/2024:00:00:00 +0000] "GET /x HTTP/1.1" 503 12').severity).toBe(
      Severity.Error,
    );
    expect(severityOf("all good here, nothing to see").severity).toBe(Severity.None);
  });
});

let host: WasmHost;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
});

/** Both paths of the line hints kernel, so the levels contract holds whichever one runs. */
const hintPaths: Array<[string, (lines: LineIndex) => Uint8Array]> = [
  ["twin", (lines) => lineHintsTwin(lines)],
  ["wasm", (lines) => lineHintsWasm(host, lines)],
];

describe("severityOfHinted", () => {
  const text = fc
    .array(fc.tuple(line, fc.constantFrom("\n", "\r\n")), { maxLength: 20 })
    .map((rows) => rows.map(([l, eol]) => l + eol).join(""));

  it.each(hintPaths)("answers as severityOf given each line's level hint (%s)", (_, hintsOf) => {
    fc.assert(
      fc.property(text, (t) => {
        const lines = LineIndex.of(t);
        const hints = hintsOf(lines);
        for (let i = 0; i < lines.count; i++) {
          const l = lines.line(i);
          expect(severityOfHinted(l, (hints[i] & LINE_MAY_HAVE_LEVEL) !== 0), l).toEqual(severityOf(l));
        }
      }),
      { numRuns: 500 },
    );
  });

  it.each(hintPaths)("answers as severityOf on every corpus line given its level hint (%s)", async (_, hintsOf) => {
    for (const c of await loadCorpus()) {
      const lines = LineIndex.of(c.text);
      const hints = hintsOf(lines);
      for (let i = 0; i < lines.count; i++) {
        const l = lines.line(i);
        expect(severityOfHinted(l, (hints[i] & LINE_MAY_HAVE_LEVEL) !== 0), `${c.id}:${i}`).toEqual(severityOf(l));
      }
    }
  });

  it("runs the word loop whatever the line when told it may have a level", () => {
    expect(severityOfHinted("2024-01-01 ERROR db down", true)).toEqual(severityOf("2024-01-01 ERROR db down"));
    expect(severityOfHinted("all good here", true)).toEqual(scanSeverity("all good here", false));
  });
});

describe("line hints' anomaly bit", () => {
  const words = fc.constantFrom(
    "quota exceeded",
    "Exceeded",
    "denied",
    "timed out",
    "unable to",
    "couldn't",
    "Cannot",
    "failed",
    "failures",
    "not found",
    "corrupt",
    "corrupted",
    "corrupts",
    "Killed",
    "overflow",
    "ok",
    " ",
    "x",
    "_",
    "-",
    "\n",
    "\r\n",
    "é",
  );
  const text = fc
    .tuple(fc.array(words, { maxLength: 60 }), fc.nat(300))
    .map(([parts, pad]) => parts.map((p, i) => (i % 7 === 3 ? "a".repeat(pad) : "") + p).join(""));

  it.each(hintPaths)("is set on every line isAnomaly accepts, long lines and CRLF included (%s)", (_, hintsOf) => {
    fc.assert(
      fc.property(text, (t) => {
        const lines = LineIndex.of(t);
        const hints = hintsOf(lines);
        for (let i = 0; i < lines.count; i++) {
          if (isAnomaly(lines.line(i)))
            expect(hints[i] & LINE_MAY_NAME_ANOMALY, lines.line(i)).toBe(LINE_MAY_NAME_ANOMALY);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it.each(hintPaths)("is set on every anomalous line of the corpus (%s)", async (_, hintsOf) => {
    for (const c of await loadCorpus()) {
      const lines = LineIndex.of(c.text);
      const hints = hintsOf(lines);
      for (let i = 0; i < lines.count; i++) {
        if (isAnomaly(lines.line(i)))
          expect(hints[i] & LINE_MAY_NAME_ANOMALY, `${c.id}:${i}`).toBe(LINE_MAY_NAME_ANOMALY);
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { anomalyCandidates, isAnomaly, scanSeverity, severityOf, Severity } from "../../../src/compressors/log/levels.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { loadCorpus } from "../../support/corpus.js";

/** Words and glue that make level words, class names and tool prefixes likely. */
const fragment = fc.constantFrom(
  "ERROR", "error", "Error", "eRRor", "err", "ERR!", "WARN", "warning", "Warning:", "info", "INFO", "debug", "trace",
  "fatal", "FATAL", "panic", "Panic", "critical", "crit", "CRIT", "severe", "emerg", "alert", "failure", "notice",
  "verbose", "silly", "fine", "finer", "finest", "http", "HTTP", "npm", "yarn", "pnpm", "gyp", "TypeError", "IOException",
  "DeprecationWarning", "level", "lvl", "severity", "=", ":", "\"", "[", "]", "<", ">", "!", "|", ".", "_", "-", "1", "42",
  " ", "  ", "\t", "log", "errors", "informal", "E0102", "W1231", "E   ", " TS2339", "\"GET /x HTTP/1.1\" 404 12",
);
const line = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(""));

describe("severityOf", () => {
  it("answers as the plain word loop does on random level-ish lines", () => {
    fc.assert(fc.property(line, (text) => {
      expect(severityOf(text)).toEqual(scanSeverity(text, false));
    }), { numRuns: 3000 });
  });

  it("answers as the plain word loop does on every corpus line", async () => {
    for (const c of await loadCorpus()) {
      for (const text of c.text.split("\n")) expect(severityOf(text), text).toEqual(scanSeverity(text, false));
    }
  });

  it("reads levels, class names and access-log statuses", () => {
    expect(severityOf("2024-01-01 ERROR db down")).toMatchObject({ severity: Severity.Error, word: "ERROR" });
    expect(severityOf("npm http fetch GET 200 https://x 5ms")).toMatchObject({ severity: Severity.None, word: "" });
    expect(severityOf("TypeError: x is not a function").severity).toBe(Severity.Error);
    expect(severityOf('1.2.3.4 - - [1/Jan/2024:00:00:00 +0000] "GET /x HTTP/1.1" 503 12').severity).toBe(Severity.Error);
    expect(severityOf("all good here, nothing to see").severity).toBe(Severity.None);
  });
});

describe("anomalyCandidates", () => {
  const words = fc.constantFrom("quota exceeded", "Exceeded", "denied", "timed out", "unable to", "couldn't", "Cannot", "failed",
    "failures", "not found", "corrupt", "corrupted", "corrupts", "Killed", "overflow", "ok", " ", "x", "_", "-", "\n", "\r\n", "é");
  const text = fc.tuple(fc.array(words, { maxLength: 60 }), fc.nat(300))
    .map(([parts, pad]) => parts.map((p, i) => (i % 7 === 3 ? "a".repeat(pad) : "") + p).join(""));

  it("flags every line isAnomaly accepts, long lines and CRLF included", () => {
    fc.assert(fc.property(text, (t) => {
      const lines = LineIndex.of(t);
      const flags = anomalyCandidates(lines);
      for (let i = 0; i < lines.count; i++) if (isAnomaly(lines.line(i))) expect(flags[i], lines.line(i)).toBe(1);
    }), { numRuns: 1000 });
  });

  it("flags every anomalous line of the corpus", async () => {
    for (const c of await loadCorpus()) {
      const lines = LineIndex.of(c.text);
      const flags = anomalyCandidates(lines);
      for (let i = 0; i < lines.count; i++) if (isAnomaly(lines.line(i))) expect(flags[i], `${c.id}:${i}`).toBe(1);
    }
  });
});

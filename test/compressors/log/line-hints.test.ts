import { beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import { LineIndex } from "../../../src/kernels/lines.js";
import {
  LINE_MAY_HAVE_LEVEL,
  LINE_MAY_NAME_ANOMALY,
  lineHints,
  lineHintsTwin,
  lineHintsWasm,
  LOG_HINTS_WASM_MIN,
} from "../../../src/compressors/log/line-hints.js";
import { loadWasm, type WasmHost } from "../../../src/kernels/wasm.js";
import { loadCorpus } from "../../support/corpus.js";

let host: WasmHost;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
});

const BOTH = LINE_MAY_HAVE_LEVEL | LINE_MAY_NAME_ANOMALY;

/** Lines WASM flags beyond the twin, per bit; fails on any line the twin flags and WASM does not. */
interface Extras {
  level: number;
  anomaly: number;
  lines: number;
}

/** Compares both paths on `text`: WASM's bits must be a superset of the twin's. */
function compare(text: string): Extras {
  const lines = LineIndex.of(text);
  const twin = lineHintsTwin(lines);
  const wasm = lineHintsWasm(host, lines);
  expect(wasm.length).toBe(lines.count);
  expect(twin.length).toBe(lines.count);
  const extras: Extras = { level: 0, anomaly: 0, lines: lines.count };
  for (let i = 0; i < lines.count; i++) {
    if ((twin[i] & ~wasm[i]) !== 0)
      expect.fail(`line ${i} ${JSON.stringify(lines.line(i))}: twin ${twin[i]}, wasm ${wasm[i]}`);
    if ((wasm[i] & ~twin[i] & LINE_MAY_HAVE_LEVEL) !== 0) extras.level++;
    if ((wasm[i] & ~twin[i] & LINE_MAY_NAME_ANOMALY) !== 0) extras.anomaly++;
  }
  return extras;
}

/** The hints of each line of `text` by both paths, which must agree exactly here. */
function hints(text: string): number[] {
  const lines = LineIndex.of(text);
  const twin = Array.from(lineHintsTwin(lines));
  expect(Array.from(lineHintsWasm(host, lines))).toEqual(twin);
  return twin;
}

describe("log hints known answers", () => {
  it("flags level words at a word start in any case, a prefix being enough", () => {
    expect(hints("INFO ok\nwarn: x\n[Debug] y\nInformation\n-fatal-\nSILLY\nemerg\nalert")).toEqual(
      Array(8).fill(LINE_MAY_HAVE_LEVEL),
    );
  });

  it("does not flag level words glued to a word character before them", () => {
    expect(hints("preinfo\n_info\n1warn\nxdebug\nall good here")).toEqual([0, 0, 0, 0, 0]);
  });

  it("flags error, exception and warning anywhere in the first 120 units", () => {
    expect(hints("TypeError: x\njava.io.IOException\nDeprecationWARNING\nmyerrors")).toEqual(
      Array(4).fill(LINE_MAY_HAVE_LEVEL),
    );
    expect(hints(`${"x".repeat(115)}error`)).toEqual([LINE_MAY_HAVE_LEVEL]);
    expect(hints(`${"x".repeat(116)}error`)).toEqual([0]);
    expect(hints(`${"- ".repeat(58)}info`)).toEqual([LINE_MAY_HAVE_LEVEL]);
    expect(hints(`${"- ".repeat(59)}info`)).toEqual([0]);
  });

  it("flags a tool's http after non-letters, not plain http", () => {
    expect(hints("npm http fetch\nxnpm  http\nYARN_1 HTTP\npnpm:http\ngyp http")).toEqual(
      Array(5).fill(LINE_MAY_HAVE_LEVEL),
    );
    expect(hints("http fetch\nnpmhttp\nnpx http\nnpm é http")).toEqual([0, 0, 0, LINE_MAY_HAVE_LEVEL]);
    expect(hints(`npm${" ".repeat(113)}http`)).toEqual([LINE_MAY_HAVE_LEVEL]);
    expect(hints(`npm${" ".repeat(114)}http`)).toEqual([0]);
  });

  it("flags anomaly words with the first letter in either case and the rest lowercase", () => {
    expect(
      hints("quota exceeded\nPermission Denied\nconnection refused\nCould not\ncouldn't\nout of memory\nCorrupted"),
    ).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(hints("EXCEEDED\nrefUsed\nnotfound\nxkilled\ntimed  out")).toEqual([0, 0, 0, 0, 0]);
  });

  it("flags an anomaly word that starts in the first 240 units, even when it runs past them", () => {
    expect(hints(`${"x ".repeat(119)}overflow`)).toEqual([LINE_MAY_NAME_ANOMALY]);
    expect(hints(`${"x ".repeat(120)}overflow`)).toEqual([0]);
    expect(hints(`${"- ".repeat(115)}segmentation fault`)).toEqual([LINE_MAY_NAME_ANOMALY]);
  });

  it("sets both bits on a line with both", () => {
    expect(hints("ERROR disk quota exceeded")).toEqual([BOTH]);
  });

  it("splits lines as LineIndex does, CRLF and a final newline included", () => {
    expect(hints("")).toEqual([]);
    expect(hints("\n")).toEqual([0]);
    expect(hints("INFO\r\nquota exceeded\r\n\r\nx")).toEqual([LINE_MAY_HAVE_LEVEL, LINE_MAY_NAME_ANOMALY, 0, 0]);
  });

  it("hints the same through the dispatcher whichever path it takes", () => {
    const short = LineIndex.of("INFO a\nb\nquota exceeded\n");
    const long = LineIndex.of("INFO a\nb\nquota exceeded\n".repeat(Math.ceil(LOG_HINTS_WASM_MIN / 10)));
    expect(short.text.length).toBeLessThan(LOG_HINTS_WASM_MIN);
    expect(Array.from(lineHints(short))).toEqual([1, 0, 2]);
    expect(Array.from(lineHints(long).subarray(0, 3))).toEqual([1, 0, 2]);
    expect(lineHints(long)).toEqual(lineHintsTwin(long));
  });
});

// Log-ish fragments: every word either list holds, in several spellings, and the code units around them.
const word = fc.constantFrom(
  "err",
  "error",
  "ERROR",
  "Error",
  "eRRoR",
  "fatal",
  "FATAL",
  "panic",
  "Panic",
  "crit",
  "CRITICAL",
  "severe",
  "emerg",
  "alert",
  "failure",
  "Failure",
  "warn",
  "WARN",
  "warning",
  "Warning",
  "info",
  "INFO",
  "Info",
  "debug",
  "DEBUG",
  "trace",
  "notice",
  "verbose",
  "silly",
  "fine",
  "FINEST",
  "exception",
  "Exception",
  "TypeError",
  "IOException",
  "http",
  "HTTP",
  "npm",
  "NPM",
  "yarn",
  "pnpm",
  "gyp",
  "npm http",
  "xnpm  http",
  "npm_http",
  "npm-1.2 http",
  "gyp http",
  "yarn\thttp",
  "PNPM: HTTP",
  "gyp_http",
  "npmx http",
  "exceeded",
  "Exceeded",
  "EXCEEDED",
  "denied",
  "refused",
  "timed out",
  "Timed out",
  "unable to",
  "could not",
  "couldn't",
  "cannot",
  "Cannot",
  "failed",
  "not found",
  "out of memory",
  "unreachable",
  "corrupt",
  "Corrupted",
  "killed",
  "deadlock",
  "segmentation fault",
  "no space left",
  "unhealthy",
  "overflow",
  "Overflow",
  "er",
  "ex",
  "wa",
  "ht",
  "co",
  "un",
  "no",
  "ou",
  "erro",
  "excep",
  "warnin",
  "htt",
  "exceede",
  "segmentation",
);
const glue = fc.constantFrom(
  " ",
  "  ",
  "\t",
  ":",
  "[",
  "]",
  "=",
  '"',
  ".",
  "!",
  "_",
  "-",
  "/",
  "1",
  "42",
  "x",
  "é",
  "😀",
  "\ud800",
  "\udc00",
  "\0",
  "\r",
  "\u001b[31m",
  "level=",
  "#",
);
const fragment = fc.oneof(
  { weight: 3, arbitrary: word },
  { weight: 3, arbitrary: glue },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
);
// Short lines too: on a long one some level word is almost always found early, hiding the rarer rules.
const line = fc
  .tuple(fc.oneof(fc.array(fragment, { maxLength: 5 }), fc.array(fragment, { maxLength: 40 })), fc.nat(260))
  .map(([parts, pad]) => parts.map((p, i) => (i % 9 === 4 ? "x-".repeat(pad >> 1) : "") + p).join(""));
const log = fc
  .array(fc.tuple(line, fc.constantFrom("\n", "\r\n")), { maxLength: 30 })
  .map((rows) => rows.map(([l, eol]) => l + eol).join(""));

describe("log hints WASM against the regexes", () => {
  it("flags every line the regexes flag, on random log-ish lines (all cases, surrogates, NUL, CR, long lines)", () => {
    fc.assert(
      fc.property(log, (text) => {
        compare(text);
      }),
      { numRuns: 1500 },
    );
  });

  it("flags every line the regexes flag, on random UTF-16 text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (text) => {
        compare(text);
      }),
      { numRuns: 300 },
    );
  });

  it("flags exactly the lines the regexes flag, on random log-ish lines", () => {
    let extras = 0;
    fc.assert(
      fc.property(log, (text) => {
        const e = compare(text);
        extras += e.level + e.anomaly;
      }),
      { numRuns: 300 },
    );
    expect(extras).toBe(0);
  });

  it("flags every line of every corpus case the regexes flag, and no other", async () => {
    const corpus = await loadCorpus();
    expect(corpus.length).toBeGreaterThan(0);
    const total: Extras = { level: 0, anomaly: 0, lines: 0 };
    for (const c of corpus) {
      const e = compare(c.text);
      total.level += e.level;
      total.anomaly += e.anomaly;
      total.lines += e.lines;
    }
    expect(total.lines).toBeGreaterThan(10_000);
    expect(total).toMatchObject({ level: 0, anomaly: 0 });
  });

  it("hints a log of more lines than one kernel call holds (about 1 MB)", async () => {
    const corpus = await loadCorpus();
    const logs = corpus
      .filter((c) => c.class === "log")
      .map((c) => c.text)
      .join("\n");
    // A call holds 2^16 lines: 70 000 make two.
    const big = `${logs}\n`.repeat(Math.ceil(70_000 / LineIndex.of(logs).count));
    expect(compare(big).lines).toBeGreaterThan(1 << 16);
  });
});

describe("log hints in windows of whole lines", () => {
  it("hints the same in small windows as in one, on the corpus logs (CRLF, long lines and no final newline too)", async () => {
    const corpus = await loadCorpus();
    const logs = corpus.filter((c) => c.class === "log").map((c) => c.text);
    const texts = [...logs, logs.join("\r\n"), `${"x".repeat(5000)}\nERROR boom\n${"y".repeat(300)}`];
    for (const text of texts) {
      const lines = LineIndex.of(text);
      const whole = lineHintsWasm(host, lines, text.length + 1);
      for (const window of [1, 64, 4096]) expect(lineHintsWasm(host, lines, window)).toEqual(whole);
    }
  });

  it("hints the same in windows of any size, on random UTF-16 text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 600 }), fc.integer({ min: 1, max: 200 }), (text, window) => {
        const lines = LineIndex.of(text);
        expect(lineHintsWasm(host, lines, window)).toEqual(lineHintsWasm(host, lines, text.length + 1));
      }),
    );
  });

  it("keeps the arena to one window whatever the log's size", () => {
    const text = "2024-05-01 INFO request served in 12ms\n".repeat(150_000);
    const before = host.memory.buffer.byteLength;
    lineHintsWasm(host, LineIndex.of(text));
    // 6 MB of text would take 12 MB of arena in one piece; a window takes 512 KB.
    expect(host.memory.buffer.byteLength - before).toBeLessThan(2 * 1024 * 1024);
  });
});

describe("log hints on bad input", () => {
  it("hints NUL, lone surrogates, astral characters and control-only lines without throwing", () => {
    compare("\0\0 \ud800 \udc00\ud800 😀error\u0001\n\u001b\n\r\r\n\t\t\n\udfff");
    expect(hints("\ud800error\n😀Exceeded")).toEqual([LINE_MAY_HAVE_LEVEL, LINE_MAY_NAME_ANOMALY]);
  });

  // A huge input: run in Node only, to keep the Chromium and Deno runs short (shown there as skipped).
  it.runIf(inject("runtime") === "node")(
    "hints a 100 MB log in one quick call (node only)",
    () => {
      const row = `2024-05-01T10:00:00Z INFO request ${"x".repeat(4000)} quota exceeded\n`;
      const text = row.repeat(Math.ceil((100 * 1024 * 1024) / row.length));
      const h = lineHintsWasm(host, LineIndex.of(text));
      // The anomaly sits past the first 240 units: only the level bit.
      expect(h[0]).toBe(LINE_MAY_HAVE_LEVEL);
      expect(h[h.length - 1]).toBe(LINE_MAY_HAVE_LEVEL);
    },
    60_000,
  );
});

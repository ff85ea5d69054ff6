import { beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import {
  estimateTokens,
  estimateTokensJoined,
  estimateTokensTwin,
  estimateTokensWasm,
} from "../../src/kernels/tokens.js";
import { loadWasm, setWasmEnabled, type WasmHost } from "../../src/kernels/wasm.js";
import { loadCorpus } from "../support/corpus.js";

let host: WasmHost;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
});

/** Both paths agree; returns the estimate. */
function estimate(text: string): number {
  const twin = estimateTokensTwin(text);
  expect(estimateTokensWasm(host, text)).toBe(twin);
  return twin;
}

// Pieces that stress every branch of the scan: case steps, rare letter pairs,
// digit groups, whitespace before each kind, punctuation runs with trailing
// newlines, ESC, non-ASCII letters and symbols, surrogates, NUL.
const pieces = [
  "a",
  "the",
  " word",
  "Word",
  "HTTP",
  "camelCase",
  "XMLHttp",
  "drwxr",
  "qzx",
  "  ",
  " ",
  "\t",
  "\n",
  "\r\n",
  "\r",
  "\n\n  ",
  "0",
  "123",
  "4567",
  ".",
  '","',
  "});\n",
  "/-/",
  "\x1b[31m",
  "\x1b",
  "é",
  "日本語",
  "한국",
  "привет",
  "┈",
  "⠙",
  "✔",
  "—",
  "\u00a0",
  "\u3000",
  "\ufeff",
  "😀",
  "\ud800",
  "\udc00",
  "\0",
  "'s",
  "_",
  '="',
  "        ",
  "AGFzbQEAAAAB",
];
const pieceText = fc.array(fc.constantFrom(...pieces), { maxLength: 150 }).map((a) => a.join(""));
const anyText = fc.string({ unit: "binary", maxLength: 300 });
const asciiText = fc.string({
  unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});

describe("estimateTokens", () => {
  it("counts nothing in an empty string", () => {
    expect(estimate("")).toBe(0);
  });

  it("prices a common word, with or without its leading space, as one token", () => {
    expect(estimate("hello")).toBe(1);
    expect(estimate(" hello")).toBe(1);
  });

  it("splits digit runs into groups of three", () => {
    expect(estimate("1")).toBe(1);
    expect(estimate("123456")).toBe(2);
    expect(estimate("1234567")).toBe(3);
  });

  it("prices a long run of indentation as one piece plus the word it leads into", () => {
    expect(estimate(" ".repeat(40) + "return")).toBe(2);
  });

  it("prices letters that o200k rarely merges higher than English", () => {
    const english = estimate("information");
    const random = estimate("xqzjvkwpfhb");
    expect(random).toBeGreaterThan(english);
  });

  it("prices an ANSI colour sequence above the bare text", () => {
    expect(estimate("\x1b[31merror\x1b[0m")).toBeGreaterThan(estimate("error") + 2);
  });

  it("prices CJK text at roughly one token per one to two characters", () => {
    const text = "压缩工具的输出可以让模型看到更多有用的信息";
    const tokens = estimate(text);
    expect(tokens).toBeGreaterThanOrEqual(text.length / 2);
    expect(tokens).toBeLessThanOrEqual(text.length);
  });

  it("grows with the input and never goes negative", () => {
    fc.assert(
      fc.property(pieceText, pieceText, (a, b) => {
        const ab = estimate(a + "\n" + b);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeGreaterThanOrEqual(Math.max(estimate(a), estimate(b)) - 1);
      }),
    );
  });

  it("uses the WASM kernel and the twin interchangeably", () => {
    const text = "const answer = 42; // the usual\n".repeat(20);
    const viaDispatcher = estimateTokens(text);
    setWasmEnabled(false);
    try {
      expect(estimateTokens(text)).toBe(viaDispatcher);
    } finally {
      setWasmEnabled(true);
    }
  });
});

describe("estimateTokensJoined", () => {
  it("gives the estimate of the concatenation, whatever the two parts", () => {
    const part = fc.oneof(
      pieceText,
      anyText,
      pieceText.map((t) => `${t}\n`),
    );
    fc.assert(
      fc.property(part, part, (head, tail) => {
        expect(estimateTokensJoined(head, tail)).toBe(estimateTokens(head + tail));
      }),
      { numRuns: 1000 },
    );
  });

  it("gives the estimate of a long text and the marker line after it", () => {
    const head =
      fc
        .sample(pieceText, { seed: 3, numRuns: 4000 })
        .join("\n")
        .slice(0, 1 << 20) + "\n";
    const tail = "[[pithy:0123456789abcdef0123456789abcdef original before cleaning]]";
    expect(estimateTokensJoined(head, tail)).toBe(estimateTokens(head + tail));
  });
});

describe("estimateTokens WASM and twin", () => {
  it("agree on random strings of every code unit", () => {
    fc.assert(
      fc.property(anyText, (s) => void estimate(s)),
      { numRuns: 500 },
    );
  });

  it("agree on random ASCII", () => {
    fc.assert(
      fc.property(asciiText, (s) => void estimate(s)),
      { numRuns: 500 },
    );
  });

  it("agree on strings built from tricky pieces", () => {
    fc.assert(
      fc.property(pieceText, (s) => void estimate(s)),
      { numRuns: 500 },
    );
  });

  it("agree on long mixed strings, whose lengths need not be multiples of eight", () => {
    // Long runs of one kind next to another push each fast path of the ASCII
    // scan (word, space + word, punctuation, digits, indentation) to its end
    // and across into the general path that prices non-ASCII pieces.
    const run = fc.oneof(
      fc.stringMatching(/^[a-z]{1,40}$/),
      fc.stringMatching(/^[A-Z]{1,20}[a-z]{0,20}$/),
      fc.stringMatching(/^[0-9]{1,20}$/),
      fc.stringMatching(/^[ \t]{1,20}$/),
      fc.stringMatching(/^[-.,:;"'(){}[\]<>/=_@#|!?*\x1b\x00]{1,10}$/),
      fc.constantFrom(
        "\n",
        "\r\n",
        "\r",
        "\n\n    ",
        " \n",
        "é",
        "日本語",
        "한국",
        "😀",
        "\ud800",
        "\udc00",
        "\u00a0",
        "\u3000",
        "┈",
        "—",
        "\u200b",
        "ǅ",
      ),
    );
    const long = fc.array(run, { maxLength: 400 }).map((a) => a.join(""));
    fc.assert(
      fc.property(long, fc.nat(7), (s, cut) => void estimate(s.slice(0, Math.max(0, s.length - cut)))),
      { numRuns: 2000 },
    );
  });

  it("agree on every length of a space run, whatever follows it and wherever the text ends", () => {
    // The ASCII path skips the spaces after a space eight at a time, then one by one.
    for (const before of ["", "\n", "x", "\t", "\r\n", "-"]) {
      for (let spaces = 1; spaces <= 40; spaces++) {
        for (const after of ["", "word", "Word", "-x", "=", "7", "\t", "\n", "\u00a0", "é", "\x1b[0m"]) {
          const text = `ab${before}${" ".repeat(spaces)}${after}`;
          for (let cut = 0; cut <= after.length; cut++) estimate(text.slice(0, text.length - cut));
        }
      }
    }
  });

  it("agree on a 1 MB string", () => {
    const line = '  "key_42": ["VALUE", 12345, "\x1b[1mbold\x1b[0m", "日本", "drwxr-xr-x"],\r\n';
    estimate(line.repeat(Math.ceil(1_000_000 / line.length)));
  });

  it("agree on an input longer than one WASM chunk, split at newlines", () => {
    const line = "    at Object.<anonymous> (/srv/app/index.js:12:5)\n";
    estimate(line.repeat(Math.ceil(2_500_000 / line.length)));
  });

  it("agree on every corpus case", async () => {
    for (const c of await loadCorpus()) expect(estimateTokensWasm(host, c.text), c.id).toBe(estimateTokensTwin(c.text));
  });
});

/** Exact o200k_base count, line by line (long lines in 4 KB slices) to stay fast. */
function exactTokens(enc: Tiktoken, text: string): number {
  let tokens = 0;
  for (let at = 0; at < text.length; ) {
    const nl = text.indexOf("\n", at);
    const end = Math.min(nl < 0 ? text.length : nl + 1, at + 4096);
    tokens += enc.encode(text.slice(at, end)).length;
    at = end;
  }
  return tokens;
}

describe("estimateTokens against js-tiktoken o200k_base", () => {
  it("stays within 10 % of the exact count on each corpus class", { timeout: 120_000 }, async () => {
    const enc = new Tiktoken(o200k);
    const byClass = new Map<string, { exact: number; estimate: number }>();
    for (const c of await loadCorpus()) {
      if (c.text.length === 0) continue;
      const sum = byClass.get(c.class) ?? { exact: 0, estimate: 0 };
      sum.exact += exactTokens(enc, c.text);
      sum.estimate += estimateTokens(c.text);
      byClass.set(c.class, sum);
    }
    expect(byClass.size).toBe(10);
    for (const [cls, { exact, estimate: est }] of byClass) {
      expect(Math.abs(est - exact) / exact, cls).toBeLessThanOrEqual(0.1);
    }
  });
});

describe("estimateTokens on bad input", () => {
  it("survives lone surrogates, NUL and control characters", () => {
    expect(estimate("\ud800\udc00\ud800x\udc00\0\0\x01\x7f")).toBeGreaterThan(0);
  });

  // A huge input: run in Node only, to keep the Chromium and Deno runs short (shown there as skipped).
  it.runIf(inject("runtime") === "node")("survives a 100 MB string", () => {
    const s = "error: something failed at line 42\n".repeat(3_000_000);
    const tokens = estimateTokens(s);
    expect(tokens).toBeGreaterThan(20_000_000);
    expect(tokens).toBeLessThan(40_000_000);
  });
});

import { beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import stripAnsiPeer from "strip-ansi";
import { forgetStripped, hasAnsi, stripAnsi, stripAnsiTwin, stripAnsiWasm } from "../../src/kernels/ansi.js";
import { loadWasm, wasmHost, type WasmHost } from "../../src/kernels/wasm.js";
import { loadCorpus } from "../support/corpus.js";

let host: WasmHost;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
});

/** Both paths agree; returns the result. */
function strip(text: string): string {
  const twin = stripAnsiTwin(text);
  expect(stripAnsiWasm(host, text)).toBe(twin);
  return twin;
}

// Pieces that build escape-dense strings, including broken and C1 forms.
const pieces = [
  "\x1b",
  "[",
  "]",
  "P",
  "X",
  "^",
  "_",
  "(",
  ")",
  "#",
  "\\",
  "\x07",
  "\x9b",
  "\x9c",
  "\x9d",
  "\x90",
  "\x85",
  "\x1b[",
  "\x1b]",
  "31",
  ";",
  "?",
  "25",
  "m",
  "K",
  "h",
  " ",
  "a",
  "Z",
  "é",
  "\r",
  "\n",
  "\0",
  "😀",
  "\ud800",
  "\udc00",
  "\x1b[0m",
  "\x1b]8;;http://x\x1b\\",
];
const escapeText = fc.array(fc.constantFrom(...pieces), { maxLength: 120 }).map((a) => a.join(""));
const anyText = fc.string({ unit: "binary", maxLength: 200 });

describe("stripAnsi", () => {
  it("removes SGR colour sequences and keeps the text", () => {
    expect(strip("\x1b[1m\x1b[31merror\x1b[0m: x")).toBe("error: x");
  });

  it("removes private-parameter CSI such as cursor hide and show", () => {
    expect(strip("\x1b[?25lhidden\x1b[?25h")).toBe("hidden");
  });

  it("removes an OSC title terminated by BEL", () => {
    expect(strip("\x1b]0;my title\x07text")).toBe("text");
  });

  it("removes OSC 8 hyperlinks terminated by ST and keeps the link text", () => {
    expect(strip("\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\ after")).toBe("link after");
  });

  it("ends an unterminated OSC before the next line feed", () => {
    expect(strip("a\x1b]0;title never ends\nnext line")).toBe("a\nnext line");
  });

  it("ends an unterminated OSC at an ESC that starts another sequence", () => {
    expect(strip("\x1b]0;t\x1b[31mred")).toBe("red");
  });

  it("removes DCS, SOS, PM and APC strings", () => {
    expect(strip("\x1bPq#0;2;0;0;0\x1b\\x\x1bXsos\x1b\\y\x1b^pm\x07z\x1b_apc\x1b\\!")).toBe("xyz!");
  });

  it("removes charset selections and single-character escapes", () => {
    expect(strip("\x1b(Babc\x1b)0\x1b7d\x1b8\x1b=\x1b>\x1bMe\x1bc")).toBe("abcde");
  });

  it("removes the C1 8-bit CSI, OSC, DCS and ST forms", () => {
    expect(strip("\x9b31mred\x9b0m \x9d0;t\x9cx \x90q\x9cy\x9c")).toBe("red x y");
  });

  it("keeps C1 controls that introduce no sequence", () => {
    expect(strip("a\x85b\x84c")).toBe("a\x85b\x84c");
  });

  it("removes a lone ESC, also at the end", () => {
    expect(strip("a\x1b\x01b\x1b")).toBe("a\x01b");
  });

  it("ends a CSI cut short by a character outside its grammar and keeps that character", () => {
    expect(strip("\x1b[12\nx")).toBe("\nx");
  });

  it("returns the same string when there is no escape", () => {
    const text = "plain text\r\nwith lines\n".repeat(100);
    expect(stripAnsi(text)).toBe(text);
    expect(stripAnsiTwin(text)).toBe(text);
    expect(stripAnsiWasm(host, text)).toBe(text);
  });

  it("agrees with the strip-ansi package on every corpus case", async () => {
    for (const c of await loadCorpus()) expect(stripAnsiTwin(c.text), c.id).toBe(stripAnsiPeer(c.text));
  });
});

describe("hasAnsi", () => {
  it("finds ESC and C1 introducers and nothing else", () => {
    expect(hasAnsi("a\x1b[0m")).toBe(true);
    expect(hasAnsi("a\x9b0m")).toBe(true);
    expect(hasAnsi("a\x85b é 😀")).toBe(false);
    expect(hasAnsi("")).toBe(false);
  });

  it("is false on every stripped output", () => {
    fc.assert(fc.property(escapeText, (s) => !hasAnsi(stripAnsiTwin(s))));
  });
});

describe("stripAnsi WASM and twin", () => {
  it("agree on escape-dense random strings", () => {
    fc.assert(
      fc.property(escapeText, (s) => stripAnsiWasm(host, s) === stripAnsiTwin(s)),
      { numRuns: 500 },
    );
  });

  it("agree whatever windows of whole lines the WASM pass reads the text in", () => {
    // No sequence holds a newline, so windows that end after one cut none.
    const lines = fc.array(fc.oneof(escapeText, fc.constant("\n"), fc.constant("\x1b]0;title\n")), { maxLength: 8 });
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 60 }), (parts, window) => {
        const s = parts.join("\n");
        expect(stripAnsiWasm(host, s, window)).toBe(stripAnsiTwin(s));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 30 }), (s, window) => {
        expect(stripAnsiWasm(host, s, window)).toBe(stripAnsiTwin(s));
      }),
      { numRuns: 500 },
    );
  });

  it("agree when windows with few escapes are cut from the input instead of the arena", () => {
    // Long plain runs make some windows sparse (sliced) and leave others dense (compacted in WASM).
    const plain = fc.constantFrom("x".repeat(70), "é".repeat(130), "plain text of a log line ".repeat(6));
    const lines = fc.array(fc.oneof(escapeText, plain, fc.constant("\x1b]0;title\n"), fc.constant("\x9b31m")), {
      maxLength: 10,
    });
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 400 }), (parts, window) => {
        const s = parts.join("\n");
        expect(stripAnsiWasm(host, s, window, true)).toBe(stripAnsiTwin(s));
      }),
      { numRuns: 500 },
    );
  });

  it("agree on arbitrary UTF-16 including lone surrogates", () => {
    fc.assert(
      fc.property(anyText, (s) => stripAnsiWasm(host, s) === stripAnsiTwin(s)),
      { numRuns: 300 },
    );
  });

  it("agree on a 1 MB string", () => {
    const s = fc
      .sample(escapeText, { seed: 7, numRuns: 20000 })
      .join("\n")
      .slice(0, 1 << 20);
    expect(stripAnsiWasm(host, s)).toBe(stripAnsiTwin(s));
  });

  it("the dispatcher reads a text below SLICED_STRIP_MIN back in one piece, as the twin strips it", () => {
    // Several 256 KB line windows' worth, surrogate pairs and lines of odd lengths included: one flat result.
    const s = fc
      .sample(fc.oneof(escapeText, fc.constant("é😀 x"), fc.constant("plain log line\n")), { seed: 11, numRuns: 60000 })
      .join("\n")
      .slice(0, 700_000);
    forgetStripped();
    expect(stripAnsi(s)).toBe(stripAnsiTwin(s));
    fc.assert(
      fc.property(fc.array(escapeText, { minLength: 20, maxLength: 60 }), (parts) => {
        const text = parts.join("\n");
        forgetStripped();
        expect(stripAnsi(text)).toBe(stripAnsiTwin(text));
      }),
      { numRuns: 200 },
    );
  });

  it("agree on every corpus case", async () => {
    for (const c of await loadCorpus()) expect(stripAnsiWasm(host, c.text), c.id).toBe(stripAnsiTwin(c.text));
  });

  it("agree when the result spans many read-back pieces with surrogate pairs across their edges", () => {
    // Odd-length lines shift every 8 Ki piece boundary to a different offset.
    const line = "\x1b[1m😀\x1b[0m a😀b \ud800 " + "x".repeat(17) + "\n";
    const s = line.repeat(5000);
    const out = strip(s);
    expect(out).toBe(stripAnsiPeer(s));
    expect(out.length).toBeGreaterThan(1 << 16);
  });

  it("keep runs of every length between escapes, short and long", () => {
    const s = Array.from(
      { length: 200 },
      (_, k) => "\x1b[3" + (k % 8) + "m" + "abcdefghij".repeat(k).slice(0, k * 3),
    ).join("");
    expect(strip(s)).toBe(Array.from({ length: 200 }, (_, k) => "abcdefghij".repeat(k).slice(0, k * 3)).join(""));
  });

  it("the WASM path returns the input itself when there is nothing to remove", () => {
    const text = "no escapes here \x85 but a NEL\n".repeat(100);
    expect(stripAnsiWasm(host, text)).toBe(text);
  });

  it("the dispatcher uses WASM when it is loaded and gives the twin's answer", () => {
    expect(wasmHost()).not.toBeNull();
    const s = "\x1b[31mx\x1b[0m".repeat(100000);
    expect(stripAnsi(s)).toBe("x".repeat(100000));
  });
});

describe("stripAnsi on bad input", () => {
  it("handles empty, NUL and invalid UTF-16", () => {
    expect(strip("")).toBe("");
    expect(strip("\0\x1b[0m\0")).toBe("\0\0");
    expect(strip("\ud800\x1b[1m\udfff\x1b")).toBe("\ud800\udfff");
  });

  // A huge input: run in Node only, to keep the Chromium and Deno runs short (shown there as skipped).
  it.runIf(inject("runtime") === "node")(
    "strips a 100 MB string without crashing",
    () => {
      const s = "\x1b[32mok\x1b[0m line\n".repeat(3_000_000);
      expect(stripAnsi(s).length).toBe("ok line\n".length * 3_000_000);
    },
    60_000,
  );
});

describe("stripAnsi's memory of the last long text", () => {
  // A coloured log of real tool output, long enough to be remembered.
  async function colouredLog(): Promise<string> {
    const coloured = (await loadCorpus()).filter((c) => c.text.includes("\x1b[")).map((c) => c.text);
    expect(coloured.length).toBeGreaterThan(1);
    let text = "";
    for (let i = 0; text.length < 1 << 15; i++) text += coloured[i % coloured.length];
    return text;
  }

  it("gives the remembered result for the same text, and a fresh one for another", async () => {
    const text = await colouredLog();
    const first = stripAnsi(text);
    expect(first).toBe(stripAnsiTwin(text));
    expect(stripAnsi(text)).toBe(first);
    // Same length, one visible character changed: never the remembered result.
    const other = text.replace(/[a-z]/, (c) => (c === "x" ? "y" : "x"));
    expect(other.length).toBe(text.length);
    expect(stripAnsi(other)).toBe(stripAnsiTwin(other));
    // An equal string built apart reads as the same text.
    expect(stripAnsi(text.split("").join(""))).toBe(first);
    forgetStripped();
    expect(stripAnsi(text)).toBe(first);
  });

  it("answers hasAnsi for a long text as a fresh scan would, asked again or about another text", () => {
    const plain = "plain log line without escapes\n".repeat(1024);
    expect(hasAnsi(plain)).toBe(false);
    expect(hasAnsi(plain)).toBe(false);
    // Same length, one escape in it (and a C1 introducer): never the remembered answer.
    const escaped = `\x1b${plain.slice(1)}`;
    const c1 = `${plain.slice(0, -1)}\x9b`;
    expect(hasAnsi(escaped)).toBe(true);
    expect(hasAnsi(c1)).toBe(true);
    expect(hasAnsi(plain)).toBe(false);
    forgetStripped();
    expect(hasAnsi(escaped)).toBe(true);
    forgetStripped();
  });

  it("is not pushed out by short texts stripped in between", async () => {
    const text = await colouredLog();
    const first = stripAnsi(text);
    expect(stripAnsi("\x1b[31merror\x1b[0m")).toBe("error");
    expect(stripAnsi(text)).toBe(first);
    forgetStripped();
  });
});

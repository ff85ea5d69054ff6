import { beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import { maskTokens } from "../../../src/compressors/log/templates.js";
import { visibleText } from "../../../src/compressors/log/visible.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import {
  LOG_MASK_WASM_MIN,
  maskedTokenHash,
  maskLines,
  maskLinesTwin,
  maskLinesWasm,
  TOKEN_PLACEHOLDER,
  TOKEN_WILDCARD,
  type LineMaskTable,
} from "../../../src/compressors/log/masked-lines.js";
import { loadWasm, type WasmHost } from "../../../src/kernels/wasm.js";
import { loadCorpus } from "../../support/corpus.js";

let host: WasmHost;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
});

/** Both paths agree on every line of `text`; returns the table. */
function masked(text: string): LineMaskTable {
  const lines = LineIndex.of(text);
  const twin = maskLinesTwin(lines);
  const wasm = maskLinesWasm(host, lines);
  expect(wasm.counts).toEqual(twin.counts);
  expect(wasm.firsts).toEqual(twin.firsts);
  expect(wasm.hashes).toEqual(twin.hashes);
  expect(wasm.flags).toEqual(twin.flags);
  return wasm;
}

/** Line `i`'s token hashes from a table, as [low, high] pairs. */
function lineHashes(t: LineMaskTable, i: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let k = 0; k < t.counts[i]; k++) {
    const at = t.firsts[i] + k;
    out.push([t.hashes[2 * at], t.hashes[2 * at + 1]]);
  }
  return out;
}

/** The hashes the kernel must give for these masked tokens. */
function hashesOf(tokens: readonly string[]): Array<[number, number]> {
  return tokens.map(maskedTokenHash);
}

/** The tokens WASM gives a one-line text, checked against the expected masked strings. */
function expectTokens(line: string, expected: string[]): void {
  const t = masked(line);
  expect(maskTokens(line)).toEqual(expected);
  expect(lineHashes(t, 0)).toEqual(hashesOf(expected));
}

/** The 32-bit unsigned value of a hash word. */
const u32 = (x: number): number => x >>> 0;

/** A string whose UTF-16LE bytes are `bytes` (even length). */
function fromBytes(bytes: number[]): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 2) s += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8));
  return s;
}

describe("log mask hash known answers (MurmurHash3 x86_32 over UTF-16LE, seeds 0 and 0x9747b28c)", () => {
  it("hashes the empty token to the published empty digests", () => {
    expect(u32(maskedTokenHash("")[0])).toBe(0);
  });

  it("hashes four zero bytes to the published seed-0 digest", () => {
    expect(u32(maskedTokenHash(fromBytes([0, 0, 0, 0]))[0])).toBe(0x2362f9de);
  });

  it("hashes aaaa and abcd to the published seed-0x9747b28c digests", () => {
    expect(u32(maskedTokenHash(fromBytes([0x61, 0x61, 0x61, 0x61]))[1])).toBe(0x5a97808a);
    expect(u32(maskedTokenHash(fromBytes([0x61, 0x62, 0x63, 0x64]))[1])).toBe(0xf0478627);
  });

  it("gives 100 000 distinct masked-looking tokens 100 000 distinct hashes", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(maskedTokenHash(`tok${i}<n>`).join(","));
    expect(seen.size).toBe(100_000);
  });
});

describe("log mask known answers", () => {
  it("masks an npm fetch line, keeping the status after its method", () => {
    expectTokens("npm http fetch GET 200 https://registry.npmjs.org/a 12ms (cache hit)", [
      "npm",
      "http",
      "fetch",
      "GET",
      "200",
      "<url>",
      "<n>ms",
      "(cache",
      "hit)",
    ]);
  });

  it("keeps a status after every HTTP method and masks it after anything else", () => {
    for (const m of ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]) expectTokens(`${m} 404`, [m, "404"]);
    for (const m of ["GE", "GETS", "get", "OPTION", "PATCHY"]) expectTokens(`${m} 404`, [m, "<n>"]);
    expectTokens("GET 2000", ["GET", "<n>"]);
    expectTokens("404", ["<n>"]);
  });

  it("masks quoted fields, URLs and key=value tokens as maskTokens does", () => {
    expectTokens('href="http://a/b c" x', ['href="<str>"', "x"]);
    expectTokens('"GET / HTTP/1.1" 200', ['"<str>"', "<n>"]);
    expectTokens('msg="hello world" k', ['msg="hello world"', "k"]);
    expectTokens("GET (https://x.org/a?b=1), done", ["GET", "(<url>),", "done"]);
    expectTokens("key=http://x/y a=b=12 =5 x= ip=10.0.0.1", ["<url>", "a=b=<n>", "<n>", "x=", "ip=<ip>"]);
  });

  it("masks numbers, ids, hashes, paths, units and digit runs", () => {
    expectTokens("10.0.0.1 2024-01-02 12:34:56 user1@host 0xdeadbeef a1b2c3d4e5 /usr/lib 20.73MiB crate_0 v1.0.47", [
      "<ip>",
      "<ts>",
      "<ts>",
      "<id>",
      "<hex>",
      "<hex>",
      "<path>",
      "<n>MiB",
      "crate_<n>",
      "v<n>",
    ]);
  });

  it("flags placeholders and the literal wildcard", () => {
    const t = masked("<*> <n> <a b> <> x 7");
    expect(Array.from(t.flags)).toEqual([
      TOKEN_PLACEHOLDER | TOKEN_WILDCARD,
      TOKEN_PLACEHOLDER,
      0,
      0,
      0,
      0,
      TOKEN_PLACEHOLDER,
    ]);
  });

  it("masks at most 24 tokens of a line", () => {
    const t = masked(Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "));
    expect(t.counts[0]).toBe(24);
  });

  it("leaves lines with a CR redraw or an ESC to the caller and keeps CRLF lines", () => {
    const t = masked("a 1\r\nb\rc 2\nd \u001b[31me\nf 3\r");
    expect(Array.from(t.counts)).toEqual([2, -1, -1, 2]);
    expect(lineHashes(t, 0)).toEqual(hashesOf(["a", "<n>"]));
    expect(lineHashes(t, 3)).toEqual(hashesOf(["f", "<n>"]));
  });

  it("masks the first 2048 code units of a long line, as visibleText cuts it", () => {
    const line = `${"x".repeat(2040)} 123456789 tail`;
    const t = masked(line);
    expect(lineHashes(t, 0)).toEqual(hashesOf(maskTokens(visibleText(line))));
    expect(lineHashes(t, 0)).toEqual(hashesOf(["x".repeat(2040), "<n>"]));
  });

  it("splits lines as LineIndex does: a final newline opens no empty line", () => {
    expect(masked("").counts.length).toBe(0);
    expect(Array.from(masked("\n").counts)).toEqual([0]);
    expect(Array.from(masked("a\n\nb\n").counts)).toEqual([1, 0, 1]);
  });
});

// Log-ish fragments: the shapes each masking rule looks at, and the code units that could trip it.
const fragment = fc.oneof(
  fc.constantFrom(
    "GET",
    "POST",
    "PUT",
    "PATCH",
    "DELETE",
    "HEAD",
    "OPTIONS",
    "200",
    "404",
    "1.2.3.4",
    "10.0.0.1:8080",
    "https://x.org/a?b=1",
    "http://h:80/p",
    "(http://a/b).",
    "://",
    ":/",
    "a:b:c",
    "12:34:56",
    "2024-01-02T03:04:05Z",
    '"GET / HTTP/1.1"',
    'msg="hello world 1"',
    'k="v"',
    '"',
    "'",
    "`",
    "key=value",
    "a=b=1",
    "=5",
    "x=",
    "a==1",
    "/usr/lib/x.so",
    "C:\\dir\\f",
    "0xdeadbeef",
    "0X1g",
    "deadbeef12",
    "a1b2c3d4-e5f6-7890-abcd-ef1234567890",
    "12ms",
    "0.00s",
    "20.73MiB",
    "99%",
    "1,234.5",
    "crate_0",
    "v1.0.47",
    "<*>",
    "<n>",
    "<url>",
    "<<x>>",
    "<",
    ">",
    "user@host",
    "@x",
    "x@1",
    "a@b@1",
    "\t",
    " ",
    "  ",
    "\0",
    "\ud800",
    "\udfff",
    "😀",
    "é",
    "\u001b[31m",
    "\r",
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    ",",
    ";",
    ".",
    "!",
    "?",
    "-",
    "--",
    "a-b-c-d-e",
    "/",
    "\\",
    "=",
    "@",
    "%",
  ),
  fc.integer({ min: 0, max: 1e9 }).map(String),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 8 }),
);
const line = fc
  .array(fc.tuple(fragment, fc.constantFrom("", " ", " ", "\t", "=")), { maxLength: 40 })
  .map((parts) => parts.map(([f, sep]) => f + sep).join(""));
const longLine = fc
  .tuple(fragment, fc.integer({ min: 1500, max: 3000 }), line)
  .map(([f, n, tail]) => `${(f + " ").repeat(Math.ceil(n / (f.length + 1)))}${tail}`);
const log = fc
  .array(
    fc.tuple(
      fc.oneof({ weight: 20, arbitrary: line }, { weight: 1, arbitrary: longLine }),
      fc.constantFrom("\n", "\r\n"),
    ),
    { maxLength: 30 },
  )
  .map((rows) => rows.map(([l, eol]) => l + eol).join(""));

describe("log mask twin and WASM agree", () => {
  it("on random log-ish lines (digits, IPs, URLs, quotes, key=value, units, surrogates, NUL, long lines)", () => {
    fc.assert(
      fc.property(log, (text) => {
        masked(text);
      }),
      { numRuns: 400 },
    );
  });

  it("on random UTF-16 text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (text) => {
        masked(text);
      }),
      { numRuns: 300 },
    );
  });

  it("give every plain line the tokens of maskTokens(visibleText(line))", () => {
    fc.assert(
      fc.property(log, (text) => {
        const lines = LineIndex.of(text);
        const t = masked(text);
        for (let i = 0; i < lines.count; i++) {
          if (t.counts[i] < 0) continue;
          expect(lineHashes(t, i)).toEqual(hashesOf(maskTokens(visibleText(lines.line(i)))));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("on every line of every corpus case", async () => {
    const corpus = await loadCorpus();
    expect(corpus.length).toBeGreaterThan(0);
    for (const c of corpus) masked(c.text);
  });

  it("on a log of more lines and tokens than one kernel call holds (about 1 MB)", async () => {
    const corpus = await loadCorpus();
    const logs = corpus
      .filter((c) => c.class === "log")
      .map((c) => c.text)
      .join("\n");
    // Calls hold 2^14 lines and 2^16 tokens: 20 000 lines make at least two.
    const big = `${logs}\n`.repeat(Math.ceil(20_000 / LineIndex.of(logs).count));
    const t = masked(big);
    expect(t.counts.length).toBeGreaterThan(1 << 14);
    expect(t.flags.length).toBeGreaterThan(1 << 16);
    // A megabyte through both paths: seconds on a busy two-core machine.
  }, 60_000);
});

describe("MaskedLines", () => {
  it("serves kernel lines from the table and masks other texts in TS", () => {
    const text = "alpha 1\nbeta\rgamma 2\n".repeat(Math.ceil(LOG_MASK_WASM_MIN / 20));
    const lines = LineIndex.of(text);
    const m = maskLines(lines);
    for (let i = 0; i < 4; i++) {
      const visible = visibleText(lines.line(i));
      const n = m.load(i, visible);
      const got: Array<[number, number]> = [];
      for (let k = 0; k < n; k++) got.push([m.hashes[2 * (m.at + k)], m.hashes[2 * (m.at + k) + 1]]);
      expect(got).toEqual(hashesOf(maskTokens(visible)));
    }
  });

  it("serves every line of a log the kernel masked in many calls, loaded in any order", () => {
    // Past 16 Ki lines and 256 Ki units the kernel runs several calls: the table stays in parts.
    const rows: string[] = [];
    for (let i = 0; i < 40_000; i++)
      rows.push(`${i % 7 === 0 ? "WARN" : "INFO"} req ${i} took ${i % 97}ms id=${i * 31}`);
    const lines = LineIndex.of(`${rows.join("\n")}\n`);
    const twin = maskLinesTwin(lines);
    const m = maskLines(lines);
    const order = [...Array(lines.count).keys()];
    // Forward, then backward, then striding across parts.
    for (const i of [...order, ...order.slice().reverse(), ...order.map((k) => (k * 7919) % lines.count)]) {
      const n = m.load(i, visibleText(lines.line(i)));
      const got: Array<[number, number]> = [];
      for (let k = 0; k < n; k++) got.push([m.hashes[2 * (m.at + k)], m.hashes[2 * (m.at + k) + 1]]);
      if (JSON.stringify(got) !== JSON.stringify(lineHashes(twin, i)))
        expect([i, got]).toEqual([i, lineHashes(twin, i)]);
      for (let k = 0; k < n; k++) expect(m.flags[m.at + k]).toBe(twin.flags[twin.firsts[i] + k]);
    }
  }, 60_000);

  it("serves lines loaded forward past windows it never masked", () => {
    const rows: string[] = [];
    for (let i = 0; i < 60_000; i++) rows.push(`INFO worker ${i % 13} handled job ${i} in ${i % 89}ms`);
    const lines = LineIndex.of(`${rows.join("\n")}\n`);
    const twin = maskLinesTwin(lines);
    const m = maskLines(lines);
    // Strides of 9 000 lines skip whole windows of 256 Ki units.
    for (let i = 3; i < lines.count; i += 9_000) {
      const n = m.load(i, visibleText(lines.line(i)));
      const got: Array<[number, number]> = [];
      for (let k = 0; k < n; k++) got.push([m.hashes[2 * (m.at + k)], m.hashes[2 * (m.at + k) + 1]]);
      expect([i, got]).toEqual([i, lineHashes(twin, i)]);
    }
  });

  it("masks a text that is not the line's visible text from the text itself", () => {
    const lines = LineIndex.of("a 1 2 3\n".repeat(200));
    const m = maskLines(lines);
    expect(m.load(0, "other")).toBe(1);
    expect([m.hashes[2 * m.at], m.hashes[2 * m.at + 1]]).toEqual(maskedTokenHash("other"));
    expect(m.load(999, "b c")).toBe(2);
  });

  it("reports placeholder and wildcard flags per token", () => {
    const m = maskLines();
    m.load(0, "<*> x 12");
    expect([m.isWildcard(0), m.isPlaceholder(0), m.isPlaceholder(1), m.isPlaceholder(2), m.isWildcard(2)]).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });
});

describe("log mask on bad input", () => {
  it("masks NUL, lone surrogates and control-only lines without throwing", () => {
    masked("\0\0 \ud800 \udc00\ud800 \u0001\n\u001b\n\r\r\n\t\t\n");
  });

  // A huge input: run in Node only, to keep the Chromium and Deno runs short (shown there as skipped).
  it.runIf(inject("runtime") === "node")(
    "masks a 100 MB log in one quick call (node only)",
    () => {
      const row = `2024-05-01T10:00:00Z INFO request ${"x".repeat(4000)} id=42 took 12ms\n`;
      const text = row.repeat(Math.ceil((100 * 1024 * 1024) / row.length));
      const t = maskLinesWasm(host, LineIndex.of(text));
      // The 4 000 x's run past the 2 048 units that are masked: "id=42 took 12ms" is never seen.
      expect(t.counts[0]).toBe(4);
      expect(t.counts[t.counts.length - 1]).toBe(4);
    },
    60_000,
  );
});

describe("log masking in windows of whole lines", () => {
  it("masks the same in small windows as in one, on the corpus logs (CRLF, long lines and no final newline too)", async () => {
    const corpus = await loadCorpus();
    const logs = corpus.filter((c) => c.class === "log").map((c) => c.text);
    const texts = [...logs, logs.join("\r\n"), `${"x".repeat(5000)}\nERROR id=42 boom\n${"y".repeat(300)}`];
    for (const text of texts) {
      const lines = LineIndex.of(text);
      const whole = maskLinesWasm(host, lines, text.length + 1);
      for (const window of [1, 64, 4096]) expect(maskLinesWasm(host, lines, window)).toEqual(whole);
    }
    // Four maskings of every corpus log: seconds on a busy 2-core machine, not the 5 s default.
  }, 60_000);

  it("masks the same in windows of any size, on random UTF-16 text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 600 }), fc.integer({ min: 1, max: 200 }), (text, window) => {
        const lines = LineIndex.of(text);
        expect(maskLinesWasm(host, lines, window)).toEqual(maskLinesWasm(host, lines, text.length + 1));
      }),
    );
  });

  it("keeps the arena to one window whatever the log's size", () => {
    const text = "2024-05-01 INFO request 7 served in 12ms\n".repeat(150_000);
    const before = host.memory.buffer.byteLength;
    maskLinesWasm(host, LineIndex.of(text));
    // 6 MB of text would take 12 MB of arena in one piece; a window takes 512 KB plus the token slots.
    expect(host.memory.buffer.byteLength - before).toBeLessThan(3 * 1024 * 1024);
  });
});

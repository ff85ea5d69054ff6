import { beforeAll, describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import {
  collapseCarriageReturns,
  collapseCarriageReturnsTwin,
  collapseCarriageReturnsWasm,
} from "../../src/kernels/frames.js";
import { stripAnsi } from "../../src/kernels/ansi.js";
import { loadWasm, type WasmHost } from "../../src/kernels/wasm.js";
import { loadCorpus, readCorpusFile } from "../support/corpus.js";

let host: WasmHost;
beforeAll(async () => {
  host = (await loadWasm())!;
  expect(host).not.toBeNull();
});

/** Both paths agree; returns the result. */
function collapse(text: string): string {
  const twin = collapseCarriageReturnsTwin(text);
  expect(collapseCarriageReturnsWasm(host, text)).toBe(twin);
  return twin;
}

const pieces = [
  "\r",
  "\n",
  "\r\n",
  "\r\r",
  "\x1b[K",
  "\x1b[2K",
  "\x1b[1G",
  "\x1b[G",
  "\x1b[0K",
  "\x1b",
  "[",
  "10%",
  " 50%",
  "100%",
  "Downloading ",
  "|",
  "/",
  "-",
  "\\",
  "⠙",
  "a,b,c",
  "x",
  " ",
  "\0",
  "😀",
  "\ud800",
  "\udc00",
  "████",
  "=>",
  "  ",
];
const frameText = fc.array(fc.constantFrom(...pieces), { maxLength: 80 }).map((a) => a.join(""));
const anyText = fc.string({ unit: "binary", maxLength: 200 });

describe("collapseCarriageReturns", () => {
  it("collapses the same in WASM whatever windows of whole lines the text crosses in", () => {
    fc.assert(
      fc.property(frameText, fc.integer({ min: 1, max: 40 }), (text, window) => {
        expect(collapseCarriageReturnsWasm(host, text, window)).toBe(collapseCarriageReturnsTwin(text));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps only the last frame of a percentage progress line", () => {
    expect(collapse("10%\r50%\r100%\ndone\n")).toBe("100%\ndone\n");
  });

  it("keeps a bar's last state when another message overwrote it", () => {
    const bar = ["49% (1/9)", "50% (2/9)", "51% (3/9)", "52% (4/9)"].map((p) => `Receiving objects:  ${p}`).join("\r");
    const line = `${bar}\rremote: fatal: unable to read abc\r\n`;
    expect(collapse(line)).toBe("Receiving objects:  52% (4/9)\rremote: fatal: unable to read abc\r\n");
  });

  it("keeps the last frame of a bar with a shared prefix", () => {
    const line = "Downloading [==>   ] 1/3\rDownloading [====> ] 2/3\rDownloading [======] 3/3\n";
    expect(collapse(line)).toBe("Downloading [======] 3/3\n");
  });

  it("collapses a spinner made of single glyphs", () => {
    expect(collapse("|\r/\r-\r\\\r|\nok")).toBe("|\nok");
  });

  it("treats a frame that starts with erase-in-line as a redraw", () => {
    expect(collapse("Building 3/28: syn\r\x1b[KCompiling quote\r\n")).toBe("\x1b[KCompiling quote\r\n");
  });

  it("treats a later frame that opens with the whole earlier one as the line completed in place", () => {
    const line =
      'renders "# Title" ...\rrenders "# Title" ... \x1b[0m\x1b[32mok\x1b[0m \x1b[0m\x1b[38;5;245m(3ms)\x1b[0m\r\n';
    expect(collapse(line)).toBe('renders "# Title" ... \x1b[0m\x1b[32mok\x1b[0m \x1b[0m\x1b[38;5;245m(3ms)\x1b[0m\r\n');
    // Two records, the second shorter than the first: no completion, and nothing else shared.
    expect(collapse("name,qty\rn,1\n")).toBe("name,qty\rn,1\n");
  });

  it("splits frames at cursor-to-column-1 escapes", () => {
    expect(collapse("⠙\x1b[1G\x1b[0K⠹\x1b[1G\x1b[0K⠸\x1b[1G\x1b[0Knpm warn x\n")).toBe("\x1b[0Knpm warn x\n");
  });

  it("leaves CRLF line endings alone", () => {
    const text = "line one\r\nline two\r\n";
    expect(collapse(text)).toBe(text);
  });

  it("leaves CR-separated records with nothing shared alone", () => {
    const text = "id,name\r1,alpha\r22,beta gamma\r333,delta\r";
    expect(collapse(text)).toBe(text);
  });

  it("keeps a trailing CR run as part of the line ending", () => {
    expect(collapse("1/3 done\r2/3 done\r3/3 done\r\r\n")).toBe("3/3 done\r\r\n");
  });

  it("returns the same string when nothing collapses", () => {
    const text = "plain\nlines\r\nhere";
    expect(collapseCarriageReturns(text)).toBe(text);
  });

  it("leaves the CR-only CSV of the corpus untouched", async () => {
    const csv = await readCorpusFile("cases/adversarial/cdc-variable-list-cr-only.csv");
    expect(collapse(csv)).toBe(csv);
  });

  it("reduces git clone progress to the final counts", async () => {
    const text = await readCorpusFile("cases/terminal/git-clone-progress-early-eof.tty.txt");
    const out = stripAnsi(collapse(text));
    expect(out).toContain("remote: Counting objects: 100% (169032/169032), done.");
    expect(out).not.toContain("remote: Counting objects:  50%");
    expect(out).toContain("fatal: early EOF");
    expect(out.length).toBeLessThan(text.length / 10);
  });

  it("reduces cargo's Building bar and keeps every Compiling line", async () => {
    const text = await readCorpusFile("cases/terminal/serde_json-cargo-build-progress.tty.txt");
    const out = stripAnsi(collapse(text));
    const compiling = (s: string) => s.split("Compiling").length;
    expect(compiling(out)).toBe(compiling(stripAnsi(text)));
    expect(out.split("Building [").length).toBeLessThan(stripAnsi(text).split("Building [").length / 2);
  });

  it("reduces npm's spinner and keeps every warning", async () => {
    const text = await readCorpusFile("cases/terminal/undici-npm-install-spinner.tty.txt");
    const out = stripAnsi(collapse(text));
    expect(out).toContain("npm warn EBADENGINE Unsupported engine {");
    expect(out).toContain("added 698 packages in 19s");
    expect(out).not.toContain("⠙⠹");
  });
});

describe("collapseCarriageReturns WASM and twin", () => {
  it("agree on frame-heavy random strings", () => {
    fc.assert(
      fc.property(frameText, (s) => collapseCarriageReturnsWasm(host, s) === collapseCarriageReturnsTwin(s)),
      {
        numRuns: 500,
      },
    );
  });

  it("agree on arbitrary UTF-16 including lone surrogates", () => {
    fc.assert(
      fc.property(anyText, (s) => collapseCarriageReturnsWasm(host, s) === collapseCarriageReturnsTwin(s)),
      {
        numRuns: 300,
      },
    );
  });

  it("agree on a 1 MB string", () => {
    const s = fc
      .sample(frameText, { seed: 11, numRuns: 20000 })
      .join("\n")
      .slice(0, 1 << 20);
    expect(collapseCarriageReturnsWasm(host, s)).toBe(collapseCarriageReturnsTwin(s));
  });

  it("agree on every corpus case", async () => {
    for (const c of await loadCorpus()) {
      expect(collapseCarriageReturnsWasm(host, c.text), c.id).toBe(collapseCarriageReturnsTwin(c.text));
    }
  });

  it("collapse only ever removes whole frames from the front of a line", () => {
    fc.assert(
      fc.property(frameText, (s) => {
        const out = collapseCarriageReturnsTwin(s);
        return out.length <= s.length && out.split("\n").length === s.split("\n").length;
      }),
    );
  });
});

describe("collapseCarriageReturns on bad input", () => {
  it("handles empty, NUL and invalid UTF-16", () => {
    expect(collapse("")).toBe("");
    expect(collapse("\0\r\0")).toBe("\0");
    expect(collapse("\ud800 1%\r\ud800 2%\n")).toBe("\ud800 2%\n");
  });

  // A huge input: run in Node only, to keep the Chromium and Deno runs short (shown there as skipped).
  it.runIf(inject("runtime") === "node")(
    "collapses a 100 MB string without crashing",
    () => {
      const s = "working 1/9\rworking 2/9\rworking 3/9\n".repeat(1_400_000);
      expect(collapseCarriageReturns(s).length).toBe("working 3/9\n".length * 1_400_000);
    },
    60_000,
  );
});

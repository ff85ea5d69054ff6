import { describe, expect, it } from "vitest";
import { blobCompressor } from "../../src/compressors/blob.js";
import { terminalCompressor } from "../../src/compressors/terminal.js";
import { docReadCompressor } from "../../src/compressors/doc-read.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import type { Compressor } from "../../src/compressors/types.js";
import type { ContentType } from "../../src/types.js";
import { compressorInput } from "../support/compressor-input.js";

const KEY = "c".repeat(32);
const run = (c: Compressor, text: string, type: ContentType, canDrop = true) =>
  c.compress(compressorInput(text, { type, canDrop, key: KEY }));

describe("blobCompressor", () => {
  const blob = "QUJDRA==".repeat(2000);
  const code = `'use strict'\nconst wasm = '${blob}'\nmodule.exports = wasm\n`;

  it("elides a long base64 literal as one unit after its first characters, leaving the other lines alone", () => {
    const out = run(blobCompressor, code, "code")!;
    expect(out.output).toContain(`const wasm = '${blob.slice(0, 16)}…[[pithy:`);
    expect(out.output).toContain("'\nmodule.exports = wasm\n");
    expect(out.output.startsWith("'use strict'\n")).toBe(true);
    expect(parseMarkers(out.output)[0].summary).toBe("16000-char base64 blob omitted");
  });

  it("names hex blobs as hex", () => {
    const out = run(blobCompressor, `x = "${"deadbeef".repeat(400)}"\n`, "code")!;
    expect(parseMarkers(out.output)[0].summary).toMatch(/hex blob omitted/);
  });

  it("leaves ordinary long lines and short runs alone", () => {
    expect(run(blobCompressor, "word ".repeat(1000) + "\n", "code")).toBeNull();
    expect(run(blobCompressor, code, "code", false)).toBeNull();
  });
});

describe("terminalCompressor", () => {
  it("collapses a progress bar, strips colour and asks to be routed again", () => {
    const bar = Array.from({ length: 50 }, (_, i) => `Downloading [${"#".repeat(i % 10)}] ${i}%`).join("\r");
    const text = `${bar}\r\n\x1b[31merror\x1b[0m: failed\r\n`;
    const out = run(terminalCompressor, text, "terminal")!;
    expect(out.reroute).toBe(true);
    expect(out.lossy).toBe(true);
    expect(out.output).toBe("Downloading [#########] 49%\r\nerror: failed\r\n");
  });

  it("keeps a CR-only record file as it is", () => {
    const csv = Array.from({ length: 50 }, (_, i) => `${i},name${i * 7},${i % 3 ? "Yes" : "No"}`).join("\r");
    expect(run(terminalCompressor, csv, "terminal")).toBeNull();
  });

  it("does nothing when it may not drop", () => {
    expect(run(terminalCompressor, "\x1b[31mred\x1b[0m\n", "terminal", false)).toBeNull();
  });
});

describe("docReadCompressor", () => {
  it("strips cat -n numbers from a document read and asks to be routed again", () => {
    const doc =
      ["# Title", "", "Some prose here."].map((l, i) => `${String(i + 1).padStart(6)}\t${l}`).join("\n") + "\n";
    const out = run(docReadCompressor, doc, "doc_read")!;
    expect(out).toMatchObject({ output: "# Title\n\nSome prose here.\n", reroute: true, lossy: true });
  });

  it("leaves text without line numbers alone", () => {
    expect(run(docReadCompressor, "# Title\nprose\n", "doc_read")).toBeNull();
  });
});

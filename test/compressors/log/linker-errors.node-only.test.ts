import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { Outline, outlineKind } from "../../../src/compressors/log/outline.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real GNU ld failures: zlib's nine example programs linked as one without -lz
// (137 undefined references, 6 multiple definitions of main), and a three-file program
// with a symbol defined twice and four functions never written.
const runs = {
  zlib: readFileSync(new URL("fixtures/ld-zlib-examples-undefined-reference.txt", import.meta.url), "utf8"),
  ring: readFileSync(new URL("fixtures/ld-ringstat-link-errors.txt", import.meta.url), "utf8"),
};

/** The linker's lines that name a symbol and a place. */
function references(text: string): string[] {
  return text.split("\n").filter((l) => /: (?:undefined reference to|multiple definition of) `/.test(l));
}

describe("GNU ld's diagnostics", () => {
  it("are diagnostic heads, with the linker's name or not, placed by line or by section offset", () => {
    for (const text of Object.values(runs)) {
      for (const line of references(text)) expect(outlineKind(line), line).toBe(Outline.Diagnostic);
    }
    expect(outlineKind("main.c:(.text+0x1d): undefined reference to `foo'")).toBe(Outline.Diagnostic);
    expect(outlineKind("/usr/bin/ld: /tmp/ccMM54Me.o: in function `main':")).toBe(Outline.Diagnostic);
    expect(outlineKind("notes.txt:4: an undefined reference to nothing")).toBe(Outline.None);
  });

  it("route a failed link as a log, not as search rows", () => {
    for (const [name, text] of Object.entries(runs)) expect(detect(text).type, name).toBe("log");
  });

  it("stay visible, every symbol at every place", () => {
    for (const [name, text] of Object.entries(runs)) {
      const result = logCompressor.compress(compressorInput(text, { type: "log" }));
      const out = result === null ? text : result.output;
      for (const line of references(text)) expect(out, name).toContain(line);
      expect(out, name).toContain("collect2: error: ld returned 1 exit status");
    }
  });
});

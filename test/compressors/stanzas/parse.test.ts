import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fieldNameLength, isRecordHead, parseStanzas } from "../../../src/compressors/stanzas/parse.js";
import { LineIndex } from "../../../src/kernels/lines.js";

describe("parseStanzas", () => {
  it("reads fields, continuations and blank-line separated records", () => {
    const text = "Package: a\nDescription: x\n more\n .\n\nPackage: b\nVersion: 2\n";
    const s = parseStanzas(LineIndex.of(text))!;
    expect(s.records.map((r) => r.fields.map((f) => f.name))).toEqual([
      ["package", "description"],
      ["package", "version"],
    ]);
    expect(s.records[0].fields[1]).toMatchObject({ value: "x", from: 1, to: 4 });
  });

  it("lets a record open with an HTTP status line", () => {
    const text = "HTTP/1.1 301 Moved\r\nLocation: /a/\r\n\r\nHTTP/1.1 200 OK\r\nServer: x\r\n";
    const s = parseStanzas(LineIndex.of(text))!;
    expect(s.records.map((r) => r.head)).toEqual([0, 3]);
  });

  it("refuses text with a line that is no field", () => {
    expect(parseStanzas(LineIndex.of("Package: a\nthis is prose\n\nPackage: b\n"))).toBeNull();
    expect(parseStanzas(LineIndex.of(" leading continuation\nPackage: a\n\nPackage: b\n"))).toBeNull();
  });

  it("reads field names and record heads by their shape", () => {
    expect(fieldNameLength("Content-Type: text/html")).toBe(12);
    expect(fieldNameLength("Description:")).toBe(11);
    expect(fieldNameLength("http://x")).toBe(0);
    expect(fieldNameLength("Note:x")).toBe(0);
    expect(isRecordHead("HTTP/2 404 ")).toBe(true);
    expect(isRecordHead("HTTP/1.0 200 OK")).toBe(true);
    expect(isRecordHead("HTTP/x")).toBe(false);
  });

  it("never throws and is deterministic", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const a = parseStanzas(LineIndex.of(text));
        expect(parseStanzas(LineIndex.of(text))).toEqual(a);
      }),
    );
  });
});

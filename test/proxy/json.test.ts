import { describe, expect, it } from "vitest";
import { hasUnsafeNumber, parseJsonObject, parseJsonText } from "../../src/proxy/json.js";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("parseJsonObject", () => {
  it("parses a UTF-8 JSON object", () => {
    expect(parseJsonObject(bytes('{"a":"é"}'))).toEqual({ ok: true, value: { a: "é" } });
  });

  it("refuses bytes that are not UTF-8, text that is not JSON, and JSON that is not an object", () => {
    expect(parseJsonObject(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual({ ok: false, problem: "not_utf8" });
    expect(parseJsonObject(bytes("{nope"))).toEqual({ ok: false, problem: "not_json" });
    expect(parseJsonObject(bytes("[1]"))).toEqual({ ok: false, problem: "not_json" });
  });
});

describe("parseJsonText", () => {
  it("gives undefined for anything but an object", () => {
    expect(parseJsonText('{"x":1}')).toEqual({ x: 1 });
    expect(parseJsonText("42")).toBeUndefined();
    expect(parseJsonText("{")).toBeUndefined();
  });
});

describe("hasUnsafeNumber", () => {
  it("finds integers past 2^53 and numbers past a double, anywhere", () => {
    expect(hasUnsafeNumber(JSON.parse('{"a":[{"seed":12345678901234567890}]}'))).toBe(true);
    expect(hasUnsafeNumber(JSON.parse('{"x":1e400}'))).toBe(true);
  });

  it("passes ordinary numbers, floats and strings of digits", () => {
    expect(
      hasUnsafeNumber({ max_tokens: 4096, temperature: 0.7, id: "12345678901234567890", n: -9007199254740991 }),
    ).toBe(false);
  });

  it("walks a 10 000-deep structure without overflowing the stack", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(hasUnsafeNumber(deep)).toBe(false);
  });
});

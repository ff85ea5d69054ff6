import { describe, expect, it } from "vitest";
import { forgetJsonValidity, noteValidJson, parsesAsJson } from "../src/json-validity.js";

describe("parsesAsJson", () => {
  it("answers for valid and invalid JSON", () => {
    expect(parsesAsJson('{"a": [1, 2]}')).toBe(true);
    expect(parsesAsJson('{"a": [1, 2')).toBe(false);
    expect(parsesAsJson("")).toBe(false);
  });

  it("answers right for texts asked in any order, whatever it remembers", () => {
    const texts = ['{"a":1}', "[1,", "[]", "nope", '{"b":2}', "[1,"];
    const want = texts.map((t) => { try { JSON.parse(t); return true; } catch { return false; } });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < texts.length; i++) expect(parsesAsJson(texts[(i * 5 + round) % texts.length])).toBe(want[(i * 5 + round) % texts.length]);
    }
    forgetJsonValidity();
    expect(parsesAsJson("[1,")).toBe(false);
    expect(parsesAsJson("[1]")).toBe(true);
  });

  it("takes a text noted as valid for valid without parsing it", () => {
    const text = '{"a": 1}';
    noteValidJson(text);
    expect(parsesAsJson(text)).toBe(true);
    forgetJsonValidity();
  });
});

import { describe, expect, it } from "vitest";
import { guardrailViolation } from "../src/guardrail.js";
import { formatMarker } from "../src/ccr/marker.js";
import { JsonValidity } from "../src/compressors/json/validity.js";

const key = "b".repeat(32);
const base = { tokensIn: 100, tokensOut: 10, key, inputIsJson: false, json: new JsonValidity() };

describe("guardrailViolation", () => {
  it("accepts smaller output whose markers name the call's key", () => {
    expect(guardrailViolation({ ...base, output: "kept " + formatMarker(key, "9 lines omitted") })).toBeNull();
  });

  it("rejects output that is not smaller in tokens", () => {
    expect(guardrailViolation({ ...base, output: "y", tokensOut: 100 })).toMatch(/not smaller/);
  });

  it("rejects a marker naming another key", () => {
    expect(guardrailViolation({ ...base, output: formatMarker("c".repeat(32), "x") })).toMatch(/foreign key/);
  });

  it("rejects a malformed marker", () => {
    expect(guardrailViolation({ ...base, output: "[[pithy:" + key })).toMatch(/malformed/);
  });

  it("rejects JSON output that no longer parses when the input did", () => {
    expect(guardrailViolation({ ...base, output: '{"a": [1,', inputIsJson: true })).toMatch(/JSON/);
    expect(guardrailViolation({ ...base, output: '{"a": [1]}', inputIsJson: true })).toBeNull();
  });
});

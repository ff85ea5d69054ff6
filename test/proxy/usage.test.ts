import { describe, expect, it } from "vitest";
import { overlayUsage, sumUsage } from "../../src/proxy/usage.js";

describe("sumUsage", () => {
  it("adds numbers field by field, nested objects included", () => {
    expect(
      sumUsage(
        { input_tokens: 10, output_tokens: 2, cache_read_input_tokens: null, service_tier: "standard" },
        { input_tokens: 12, output_tokens: 3, cache_read_input_tokens: 5, service_tier: "priority" },
      ),
    ).toEqual({ input_tokens: 22, output_tokens: 5, cache_read_input_tokens: 5, service_tier: "priority" });
    expect(
      sumUsage({ prompt_tokens_details: { cached_tokens: 1 } }, { prompt_tokens_details: { cached_tokens: 2 } }),
    ).toEqual({
      prompt_tokens_details: { cached_tokens: 3 },
    });
  });

  it("takes the other side when one is missing", () => {
    expect(sumUsage(undefined, { a: 1 })).toEqual({ a: 1 });
    expect(sumUsage({ a: 1 }, null)).toEqual({ a: 1 });
  });
});

describe("overlayUsage", () => {
  it("lays the non-null fields of an update over the base", () => {
    expect(overlayUsage({ input_tokens: 10, output_tokens: 1 }, { input_tokens: null, output_tokens: 30 })).toEqual({
      input_tokens: 10,
      output_tokens: 30,
    });
  });
});

import { describe, expect, it } from "vitest";
import { PithyConfigError } from "../../src/errors.js";
import { resolveOptions } from "../../src/pipeline/options.js";

describe("resolveOptions", () => {
  it("rejects a name that is no option, naming it and the options there are", () => {
    const attempt = () => resolveOptions({ nope: 1 } as never);
    expect(attempt).toThrow(PithyConfigError);
    expect(attempt).toThrow(/"nope".*no such option.*minTokens/);
  });

  it("fills in every default", () => {
    const resolved = resolveOptions({});
    expect(resolved.mode).toBe("lossy");
    expect(resolved.profile).toBe("default");
    expect(resolved.gate).toEqual({
      mode: "lossy",
      minTokens: 250,
      maxChars: 8 * 1024 * 1024,
      excludeTools: [],
      reads: "auto",
      types: null,
    });
    expect(resolved.store).not.toBeNull();
    expect(resolved.prose).toBeNull();
  });

  it("takes null for no store and a bare function for the prose model", () => {
    const model = async (text: string) => text.slice(0, 10);
    const resolved = resolveOptions({ store: null, proseFallback: model });
    expect(resolved.store).toBeNull();
    expect(resolved.prose?.model).toBe(model);
  });

  it("copies the excluded tools, so a later change of the caller's array changes nothing", () => {
    const tools = ["mcp__*"];
    const resolved = resolveOptions({ excludeTools: tools });
    tools.push("Bash");
    expect(resolved.gate.excludeTools).toEqual(["mcp__*"]);
  });
});

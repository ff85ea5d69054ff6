import { describe, expect, it } from "vitest";
import { optionsFromEnv } from "../src/config.js";
import { PithyConfigError } from "../src/errors.js";
import { createPithy } from "../src/pipeline.js";

describe("configuration", () => {
  it("reads PITHY_* variables", () => {
    expect(
      optionsFromEnv({
        PITHY_MODE: "lossless",
        PITHY_PROFILE: "aggressive",
        PITHY_MIN_TOKENS: "10",
        PITHY_EXCLUDE_TOOLS: "mcp__*, Bash",
        PITHY_READS: "verbatim",
      }),
    ).toEqual({
      mode: "lossless",
      profile: "aggressive",
      minTokens: 10,
      excludeTools: ["mcp__*", "Bash"],
      reads: "verbatim",
    });
  });

  it("names the variable and the allowed values for a bad one", () => {
    expect(() => optionsFromEnv({ PITHY_MODE: "fast" })).toThrow(/PITHY_MODE.*off, lossless, lossy/);
    expect(() => optionsFromEnv({ PITHY_MIN_TOKENS: "-3" })).toThrow(PithyConfigError);
  });

  it("takes counts in decimal digits only, echoing a bad value as it was written", () => {
    for (const value of ["abc", " ", " 10", "0x10", "1e3", "1.5", "+5", "1_000", "Infinity", "9".repeat(16)]) {
      expect(() => optionsFromEnv({ PITHY_MAX_CHARS: value })).toThrow(
        `option "PITHY_MAX_CHARS" must be a non-negative integer in decimal digits; got ${JSON.stringify(value)}`,
      );
    }
    expect(optionsFromEnv({ PITHY_MIN_TOKENS: "0", PITHY_MAX_CHARS: "010" })).toEqual({ minTokens: 0, maxChars: 10 });
  });

  it("treats an empty variable as unset", () => {
    expect(optionsFromEnv({ PITHY_MODE: "", PITHY_MIN_TOKENS: "", PITHY_NAMESPACE: "" })).toEqual({});
  });

  it("reads PITHY_NAMESPACE, refusing a name the stores cannot hold", () => {
    expect(optionsFromEnv({ PITHY_NAMESPACE: "team-42" })).toEqual({ namespace: "team-42" });
    expect(() => optionsFromEnv({ PITHY_NAMESPACE: "../x" })).toThrow(
      /PITHY_NAMESPACE.*a-z, 0-9, _ and -; got "..\/x"/,
    );
  });

  it("rejects an unknown mode, a bad profile and a negative cap at construction", async () => {
    await expect(createPithy({ mode: "fast" as never })).rejects.toThrow(/mode/);
    await expect(createPithy({ profile: "max" as never })).rejects.toThrow(/profile/);
    await expect(createPithy({ minTokens: -1 })).rejects.toThrow(/minTokens/);
    await expect(createPithy({ maxChars: 1.5 })).rejects.toThrow(/maxChars/);
    await expect(createPithy({ excludeTools: "Bash" as never })).rejects.toThrow(/excludeTools/);
    await expect(createPithy({ namespace: "../x" })).rejects.toThrow(/namespace/);
  });

  it("changes mode and profile at run time, validating them", async () => {
    const p = await createPithy();
    p.setMode("lossless");
    p.setProfile("conservative");
    expect([p.mode, p.profile]).toEqual(["lossless", "conservative"]);
    expect(() => p.setMode("x" as never)).toThrow(PithyConfigError);
  });
});

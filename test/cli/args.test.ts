import { describe, expect, it } from "vitest";
import { checkFlagsApply, parseCommandLine, UsageError } from "../../src/cli/args.js";

describe("parseCommandLine", () => {
  it("reads flags with values in both spellings, switches and positionals", () => {
    expect(parseCommandLine(["build.log", "--tool", "Bash", "--query=timeout", "--json", "-h"])).toEqual({
      flags: { tool: "Bash", query: "timeout", json: true, help: true },
      positionals: ["build.log"],
    });
  });

  it("takes '-' as stdin and everything after '--' as positionals", () => {
    expect(parseCommandLine(["-", "--", "--json", "-x"])).toEqual({ flags: {}, positionals: ["-", "--json", "-x"] });
  });

  it("takes a value that starts with '-' only after '='", () => {
    expect(parseCommandLine(["--query=-v"]).flags.query).toBe("-v");
    expect(() => parseCommandLine(["--query", "-v"])).toThrow(/option --query needs a value/);
    expect(parseCommandLine(["--filename", "-"]).flags.filename).toBe("-");
  });

  it("names an unknown option in balanced quotes, with a suggestion when one is close", () => {
    expect(() => parseCommandLine(["--quite"])).toThrow('unknown option "--quite"; did you mean --quiet?');
    expect(() => parseCommandLine(["--zzzzzz"])).toThrow('unknown option "--zzzzzz"');
    expect(() => parseCommandLine(["-x"])).toThrow('unknown option "-x"');
  });

  it("refuses a value given to a switch", () => {
    expect(() => parseCommandLine(["--json=yes"])).toThrow("option --json takes no value");
  });

  it("does not read an option name from the prototype chain", () => {
    expect(() => parseCommandLine(["--constructor"])).toThrow(UsageError);
    expect(() => parseCommandLine(["--__proto__=1"])).toThrow(UsageError);
  });
});

describe("checkFlagsApply", () => {
  it("lets through the command's flags and --help/--version", () => {
    expect(() => checkFlagsApply(parseCommandLine(["--store-dir", "d", "-h"]), "stats", ["store-dir"])).not.toThrow();
  });

  it("names a flag the command does not take", () => {
    expect(() => checkFlagsApply(parseCommandLine(["--out", "x"]), "recall", ["store-dir"])).toThrow(
      "option --out does not apply to 'pithy recall'",
    );
  });
});

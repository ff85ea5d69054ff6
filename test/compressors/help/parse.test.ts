import { describe, expect, it } from "vitest";
import { HelpLine, parseHelp } from "../../../src/compressors/help/parse.js";
import { LineIndex } from "../../../src/kernels/lines.js";

const options = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `  --option-${i}=VALUE   does thing ${i} to the\n                        input, in more words`,
  );

describe("parseHelp", () => {
  it("reads options, their first description line and headings as outline, later lines as detail", () => {
    const text = [
      "Usage: tool [options]",
      "",
      "Options:",
      ...options(12),
      "",
      "Environment:",
      "  TOOL_HOME   where it lives",
    ].join("\n");
    const help = parseHelp(LineIndex.of(text));
    expect(help).not.toBeNull();
    const lines = text.split("\n");
    const kindOf = (line: string) => help!.kinds[lines.indexOf(line)];
    expect(kindOf("Options:")).toBe(HelpLine.Outline);
    expect(kindOf("  --option-3=VALUE   does thing 3 to the")).toBe(HelpLine.Outline);
    expect(help!.kinds[lines.indexOf("  --option-3=VALUE   does thing 3 to the") + 1]).toBe(HelpLine.Detail);
    expect(kindOf("  TOOL_HOME   where it lives")).toBe(HelpLine.Outline);
    expect(help!.headings.map((i) => lines[i])).toEqual(["Options:", "Environment:"]);
  });

  it("keeps a description's line that names a default, an error or a deprecation", () => {
    const text = [
      ...options(12),
      "  --mode=M   how to run:",
      "             fast or slow (default: fast)",
      "             fails when the disk is full",
      "             deprecated in 2.0",
      "             nothing special here",
    ].join("\n");
    const lines = text.split("\n");
    const help = parseHelp(LineIndex.of(text))!;
    const at = lines.indexOf("  --mode=M   how to run:");
    expect([...help.kinds.slice(at, at + 5)]).toEqual([1, 1, 1, 1, 2]);
  });

  it("does not take bullets, rules or a few options in prose for a help text", () => {
    const bullets = Array.from({ length: 20 }, (_, i) => `- item ${i}\n-----`).join("\n");
    expect(parseHelp(LineIndex.of(bullets))).toBeNull();
    const prose = `${"Some prose that goes on and on.\n".repeat(40)}${"  -v   verbose\n".repeat(12)}`;
    expect(parseHelp(LineIndex.of(prose))).toBeNull();
  });
});

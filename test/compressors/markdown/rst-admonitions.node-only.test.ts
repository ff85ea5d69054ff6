import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { segmentMarkdown } from "../../../src/compressors/markdown.js";

/**
 * reStructuredText admonitions (`.. note::`, `.. warning::`,
 * `.. deprecated::`) hold text, however deeply indented, while a paragraph
 * ending in `::` opens a literal block. The fixture is awscli 1.45.11's
 * `topics/config-vars.rst` as pip installs it (`cat config-vars.rst`).
 */
const DOC = readFileSync(new URL("./fixtures/awscli-1.45.11-config-vars.rst", import.meta.url), "utf8");

function kindOf(text: string, line: string): string {
  const at = text.split("\n").indexOf(line);
  const segment = segmentMarkdown(text).segments.find((s) => s.startLine <= at && at < s.endLine);
  return segment!.kind;
}

describe("markdown: reStructuredText admonitions", () => {
  it("reads a note's and a warning's indented body as text", () => {
    expect(kindOf(DOC, "    These environment variables currently only apply to the assume role with")).toBe("prose");
    expect(kindOf(DOC, "    process. This can potentially be dangerous, so proceed with caution. Other")).toBe("prose");
  });

  it("still reads the block after a paragraph ending in :: as a literal", () => {
    expect(kindOf(DOC, "    [profile testing]")).toBe("indented_code");
  });

  it("ends the body where the text comes back to the directive's indent", () => {
    const text = ".. deprecated:: 3.2\n\n    Use ``other()`` instead.\n\nBack at column 0::\n\n    literal()\n";
    expect(kindOf(text, "    Use ``other()`` instead.")).toBe("prose");
    expect(kindOf(text, "    literal()")).toBe("indented_code");
  });
});

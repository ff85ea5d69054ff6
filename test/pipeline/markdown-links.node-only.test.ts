import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../src/index.js";

// Two real documents from this repository's node_modules that passed through whole: a salient line
// of each holds a link, which the Markdown compressor rewrites, so the check never found it as written.
// - commander 10.0.1's README: its table of contents lists a "Display error" section; the TOC went
//   behind a section marker, though the "### Display error" heading stayed in view;
// - the ai package's (6.0.x) docs page on error handling: "…also returns an [error](/docs/…) object".
// (Node's own docs/api/assert.md, 70 KB, was the third of 639 Markdown files here to pass through so.)
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const readme = fixture("commander-readme.md");

describe("a Markdown document whose table of contents names an error section", () => {
  it("compresses, every salient line visible as read", async () => {
    const pithy = await createPithy();
    const result = await pithy.compress(readme, { tool: "Read", filename: "Readme.md" });
    expect(result.action).toBe("compressed");
    expect(result.fidelity?.visible).toBe(result.fidelity?.salient);
    expect(result.output).toContain("### Display error");
    expect(result.tokensOut).toBeLessThan(result.tokensIn * 0.8);
  });
});

describe("a Markdown page whose error line holds a link", () => {
  it("compresses, the line shown as its link reads", async () => {
    const pithy = await createPithy();
    const page = fixture("ai-sdk-ui-error-handling.mdx");
    const result = await pithy.compress(page, { tool: "Read", filename: "21-error-handling.mdx" });
    expect(result.action).toBe("compressed");
    expect(result.fidelity?.visible).toBe(result.fidelity?.salient);
    expect(result.output).toMatch(
      /Each AI SDK UI hook also returns an error( \(\/docs\/reference\/ai-sdk-ui\/use-chat#error\))? object/,
    );
  });
});

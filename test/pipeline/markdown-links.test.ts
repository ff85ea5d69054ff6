import { describe, expect, it } from "vitest";
import { linkReadings, missingAsRead } from "../../src/pipeline/markdown-links.js";
import type { SalientLine } from "../../src/fidelity/salient.js";

const salient = (text: string): SalientLine => ({ kind: "error", line: 0, text });

describe("linkReadings", () => {
  it("reads a link as the Markdown compressor shows it: with its URL, and without", () => {
    expect(linkReadings("Fails with [exit code 2](https://example.com/codes) on error")).toEqual([
      "Fails with exit code 2 (https://example.com/codes) on error",
      "Fails with exit code 2 on error",
    ]);
  });

  it("reads a table of contents entry also as the heading text it names", () => {
    expect(linkReadings("- [Display error](#display-error)")).toEqual([
      "- Display error",
      "- Display error",
      "Display error",
    ]);
    expect(linkReadings("12. [Error handling](#error-handling)")?.at(-1)).toBe("Error handling");
  });

  it("has nothing to say of a line without a link", () => {
    expect(linkReadings("error: the build failed")).toBeNull();
    expect(linkReadings("see ](here) and [there]")).toBeNull();
  });
});

describe("missingAsRead", () => {
  it("finds a line shown with its link rewritten", () => {
    const line = salient("Fails with [exit code 2](https://example.com/codes) on error");
    expect(missingAsRead([line], "intro\nFails with exit code 2 (https://example.com/codes) on error\n")).toEqual([]);
    expect(missingAsRead([line], "intro\nFails with exit code 2 on error\n")).toEqual([]);
  });

  it("finds a table of contents entry where its heading is shown", () => {
    const entry = salient("- [Display error](#display-error)");
    expect(missingAsRead([entry], "# Guide\n### Display error\ntext\n")).toEqual([]);
    expect(missingAsRead([entry], "# Guide\n### Display help\n")).toEqual([entry]);
  });

  it("leaves a line without links missing", () => {
    const line = salient("error: the build failed");
    expect(missingAsRead([line], "ok\n")).toEqual([line]);
  });
});

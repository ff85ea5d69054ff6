import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detect } from "../../../src/router/detect.js";

const fixture = (name: string) =>
  readFileSync(new URL(`../../compressors/manual/fixtures/${name}.txt`, import.meta.url), "utf8");

describe("manual detector", () => {
  for (const name of ["ls", "sed", "scp"]) {
    it(`routes the ${name} manual page as markdown`, () => {
      expect(detect(fixture(name)).type).toBe("markdown");
    });
  }

  it("does not claim prose that opens with a call like f(1)", () => {
    const text = "f(x) is defined  below  as f(x)\n\nWhere\n       x is a number\n\nThen\n       more\n";
    const result = detect(text);
    expect(result.confidence === undefined || result.type !== "markdown" || result.confidence < 0.95).toBe(true);
  });
});

describe("manual detector on pydoc output", () => {
  for (const name of ["pydoc-textwrap", "pydoc-queue"]) {
    it(`routes ${name} (a \`Help on module …:\` title over sections) as markdown`, () => {
      expect(detect(fixture(name)).type).toBe("markdown");
    });
  }

  it("claims a class's help, whose class line is its one section", () => {
    expect(detect(fixture("pydoc-help-dict")).type).toBe("markdown");
  });

  it("does not claim a Help on title over text at column 0", () => {
    const text = "Help on the project:\n\nRead the README first.\nThen ask on the forum.\nOr open an issue.\n";
    expect(detect(text).type).not.toBe("markdown");
  });
});

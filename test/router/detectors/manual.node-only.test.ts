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

  it("does not claim a class's help, which has no sections", () => {
    const text =
      "Help on class str in module builtins:\n\nclass str(object)\n |  str(object='') -> str\n |  \n |  Methods defined here:\n";
    expect(detect(text).type).not.toBe("markdown");
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";
import { detect } from "../../../src/router/detect.js";

/**
 * `git grep -n -p` prints, above a file's matches, the line of the function
 * holding them as `path=N=text`. Two real runs over this repository
 * (`git grep -n -p 'PithyConfigError(' -- src`, 111 rows, 39 of them function
 * lines; `git grep -n -p -e salientLines -e missingSalient`, 128 rows, 46):
 * the function lines were no rows to the detector, so the first routed as
 * code (passed through whole) and the second stood at the search threshold.
 */
const FIXTURES = ["git-grep-n-p-pithyconfigerror.txt", "git-grep-n-p-salientlines.txt"];

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

describe("git grep -p function-context rows", () => {
  it.each(FIXTURES)("routes %s as a search", (name) => {
    expect(detect(fixture(name))).toMatchObject({ type: "search", confidence: 1 });
  });

  it.each(FIXTURES)(
    "compresses %s, every file named and each shown file's first function line as printed",
    async (name) => {
      const text = fixture(name);
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r).toMatchObject({ action: "compressed", type: "search" });
      const firstFunctionLine = new Map<string, string>();
      for (const line of text.split("\n")) {
        const m = /^([^\s:=]+)[:=]\d+[:=]/.exec(line);
        if (m === null) continue;
        if (!firstFunctionLine.has(m[1])) firstFunctionLine.set(m[1], "");
        if (/^[^\s:=]+=\d+=/.test(line) && firstFunctionLine.get(m[1]) === "") firstFunctionLine.set(m[1], line);
      }
      expect(firstFunctionLine.size).toBeGreaterThan(5);
      for (const [path, fn] of firstFunctionLine) {
        expect(r.output).toContain(path);
        if (fn !== "") expect(r.output).toContain(fn);
      }
      expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
    },
  );
});

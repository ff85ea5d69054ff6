import { describe, expect, it } from "vitest";
import { isChange } from "../../../src/compressors/diff/hunk.js";
import { parseDiff } from "../../../src/compressors/diff/parse.js";
import { isColourWordDiff, WordColourView } from "../../../src/compressors/diff/word-colour.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { createPithy } from "../../../src/pipeline.js";
import { diffFixture } from "./real-diffs.js";

/**
 * Word diffs marked by colour alone: `git diff --word-diff=color 6316c12~4
 * 6316c12 -- src '*.test.ts'` and `git diff --color-words bedc9aa~6 bedc9aa
 * -- src '*.test.ts'` in a clone of this repository. Removed words are red
 * (`ESC[31m`), added ones green (`ESC[32m`); there is no `+`/`-` column and
 * no `[-…-]`/`{+…+}` bracket. Once the ANSI step stripped the colour, every
 * changed line read as context and was trimmed as such (a held-out
 * `--word-diff=color` lost an added comment line). The colour is now read
 * before it is stripped.
 */
const FIXTURES = ["git-diff-word-diff-color-6316c12.txt", "git-diff-color-words-bedc9aa.txt"];

const SGR_RE = /\x1b\[[0-9;]*m/g;

/** The lines of a hunk body holding a red or a green span, escapes removed, by hunk. */
function colouredLines(text: string): string[][] {
  const hunks: string[][] = [];
  for (const line of text.split("\n")) {
    const plain = line.replace(SGR_RE, "");
    if (plain.startsWith("@@")) hunks.push([]);
    else if (plain.startsWith("diff --git")) hunks.push([]);
    else if (/\x1b\[3[12]m/.test(line) && !/^(?:---|\+\+\+) /.test(plain)) hunks[hunks.length - 1]?.push(plain);
  }
  return hunks;
}

describe("diff: a word diff marked by colour alone", () => {
  it.each(FIXTURES)("reads every coloured line of %s as a change and no other", (name) => {
    const text = diffFixture(name);
    const lines = LineIndex.of(text);
    expect(isColourWordDiff(text, lines)).toBe(true);
    const parsed = parseDiff(new WordColourView(text, lines));
    let changes = 0;
    for (let i = 0; i < lines.count; i++) {
      const line = lines.line(i);
      const isColoured = /\x1b\[3[12]m/.test(line) && !line.replace(SGR_RE, "").startsWith("@@");
      if (isColoured) changes++;
      expect(isChange(parsed.kinds[i]), line).toBe(isColoured);
    }
    expect(changes).toBeGreaterThan(150);
  });

  it.each(FIXTURES)("keeps every changed line of the small hunks of %s, without colour", async (name) => {
    const text = diffFixture(name);
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.type).toBe("diff");
    expect(r.action).toBe("compressed");
    expect(r.output).not.toContain("\x1b");
    let kept = 0;
    for (const hunk of colouredLines(text)) {
      if (hunk.length > 6) continue;
      for (const line of hunk) expect(r.output).toContain(line);
      kept += hunk.length;
    }
    expect(kept).toBeGreaterThan(20);
    expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
  });

  it.each(FIXTURES)("keeps the declarations a cut hunk of %s adds (read without a +/- column)", async (name) => {
    const text = diffFixture(name);
    const declarations = text
      .split("\n")
      .filter((line) => line.includes("\x1b[32m"))
      .map((line) => line.replace(SGR_RE, ""))
      .filter((line) => /^\s*(?:export )?(?:async )?(?:function|class|interface) |^\s*(?:describe|it)\(/.test(line));
    expect(declarations.length).toBeGreaterThan(5);
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    for (const line of declarations) expect(r.output).toContain(line);
  });

  it("leaves a coloured ordinary diff, whose changed lines open with their sign, to the ANSI step", () => {
    const text =
      "\x1b[1mdiff --git a/x b/x\x1b[m\n\x1b[36m@@ -1,2 +1,2 @@\x1b[m\n\x1b[31m-old\x1b[m\n\x1b[32m+new\x1b[m\n\x1b[32m+more\x1b[m\n same\n";
    expect(isColourWordDiff(text, LineIndex.of(text))).toBe(false);
  });
});

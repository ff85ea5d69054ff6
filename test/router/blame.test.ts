import { describe, expect, it } from "vitest";
import { blamePrefixLength } from "../../src/router/blame.js";
import { detect } from "../../src/router/detect.js";
import { openCorpus } from "../support/corpus.js";

// Real lines of `git blame` in this repository: the default, `-s` and `-c` shapes.
const DEFAULT = [
  "46373604 (Seed 384a6422 maintainers 2026-11-30 08:43:33 +0000 1) # pithy",
  "46373604 (Seed 384a6422 maintainers 2026-11-30 08:43:33 +0000 2) ",
  "46373604 (Seed 384a6422 maintainers 2026-11-30 08:43:33 +0000 3) pithy shrinks what an LLM agent reads from its tools — JSON API responses, grep/ripgrep",
  "46373604 (Seed 384a6422 maintainers 2026-11-30 08:43:33 +0000 4) results, build and test logs, diffs, terminal output — before it reaches the model, and does it",
];
const SUPPRESSED = [
  'acdd6bc7 1) import type { LineIndex } from "../kernels/lines.js";',
  'fc08a804 2) import type { JsonValidity } from "../compressors/json/validity.js";',
  'acdd6bc7 3) import type { ContentType, Hint } from "../types.js";',
];
const TABBED = [
  'fc08a804\t(Seed 384a6422 maintainers\t2026-12-01 20:28:19 +0000\t1)import type { Detection } from "./router/detect.js";',
  'acdd6bc7\t(Seed 384a6422 maintainers\t2026-11-30 08:01:42 +0000\t2)import { isReadTool } from "./router/hint.js";',
  'acdd6bc7\t(Seed 384a6422 maintainers\t2026-11-30 08:01:42 +0000\t3)import type { ContentType, Hint, Mode, SkipReason } from "./types.js";',
];

describe("git blame", () => {
  it("finds the annotation of the default, -s and -c shapes and of a boundary commit", () => {
    expect(DEFAULT[0].slice(blamePrefixLength(DEFAULT[0]))).toBe("# pithy");
    expect(DEFAULT[1].slice(blamePrefixLength(DEFAULT[1]))).toBe("");
    expect(SUPPRESSED[0].slice(blamePrefixLength(SUPPRESSED[0]))).toBe(
      'import type { LineIndex } from "../kernels/lines.js";',
    );
    expect(TABBED[1].slice(blamePrefixLength(TABBED[1]))).toBe('import { isReadTool } from "./router/hint.js";');
    expect(blamePrefixLength("^11f0a84 (Seed 2026-11-30 08:01:42 +0000 12) x")).toBeGreaterThan(0);
  });

  it("does not take a one-line log, a commit subject or a hex dump for a blame", () => {
    expect(
      blamePrefixLength("7dd2bec Search: one place adds a file to the table (three parsers had their own copy)"),
    ).toBe(-1);
    expect(blamePrefixLength("7dd2bec Fix the gate (#123)")).toBe(-1);
    expect(blamePrefixLength("000031f0: 230c 4101 746a 2103 2000 2002 4101 746a  #.A.tj!. . .A.tj")).toBe(-1);
    expect(blamePrefixLength("abc (x 1) y")).toBe(-1);
  });

  it("routes a blame as a read of code, whatever the file holds", () => {
    for (const lines of [DEFAULT, SUPPRESSED, TABBED]) expect(detect(`${lines.join("\n")}\n`).type).toBe("code");
  });

  it("routes the blame of src/gate.ts as code, not as a log of its dates", async () => {
    const own = openCorpus("own");
    const c = (await own.cases()).find((x) => x.id === "code-pithy-git-blame-gate")!;
    expect(detect(await own.readCase(c)).type).toBe("code");
  });
});

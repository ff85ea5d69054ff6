import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { HelpLine, parseHelp } from "../../../src/compressors/help/parse.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { createPithy } from "../../../src/pipeline.js";

const read = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

// Two real help texts that list the values an option takes under a description line ending in `:`,
// each value a name and its text at a deeper indent: bash 5.2's `help set` (`-o option-name` /
// `Set the variable corresponding to option-name:` / `pipefail     the return value of…`) and GNU
// diffutils 3.8's `diff --help` (`GFMT (only) may contain:` / `%<  lines from FILE1`). Read as the
// option's description, they were detail: `set -o pipefail` went behind the marker.
const VALUES = [
  { name: "bash-help-set.txt", values: /^ {14}([a-z-]+) {2,}\S/, count: 26 },
  { name: "diff-help.txt", values: /^ {6,10}(%\S*|[A-Z]) {2,}\S/, count: 17 },
];

describe("values listed under an option's description", () => {
  it("are outline, each name with the first line of its text", () => {
    for (const help of VALUES) {
      const text = read(help.name);
      const lines = LineIndex.of(text);
      const parsed = parseHelp(lines);
      expect(parsed).not.toBeNull();
      let values = 0;
      for (let i = 0; i < lines.count; i++) {
        if (!help.values.test(lines.line(i))) continue;
        values++;
        expect(parsed?.kinds[i], lines.line(i)).toBe(HelpLine.Outline);
      }
      expect(values).toBe(help.count);
    }
  });

  it("stay visible when `help set` is compressed", async () => {
    const text = read("bash-help-set.txt");
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    expect(r.output).toContain("              pipefail     the return value of a pipeline is the status of\n");
    expect(r.output).toContain("              xtrace       same as -x\n");
  });
});

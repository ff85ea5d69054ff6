import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { createPithy } from "../../../src/pipeline.js";

const read = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

// reStructuredText definition lists write the term on its own line and the definition indented
// right under it, with no blank line: one paragraph to a Markdown reader. Its first "sentence"
// ran from the term into the definition, so trimming the sentence took the term with it
// (awscli's ``retry_mode`` vanished while ``max_attempts`` above it stayed). Real outputs:
// - awscli 1.45.11 `topics/config-vars.rst` (`cat`): ``max_attempts``, ``retry_mode``, …;
// - setuptools' pkg_resources.rst (Debian 12 python3-pkg-resources,
//   `zcat pkg_resources.rst.gz | head -n 1000`): API entries such as
//   ``require(*requirements)`` over their indented descriptions.
describe("a definition-list term over its indented definition", () => {
  it("stays visible when the definition is trimmed (awscli config-vars.rst)", async () => {
    const text = read("awscli-1.45.11-config-vars.rst");
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    for (const term of ["``max_attempts``\n", "``retry_mode``"]) expect(r.output).toContain(term);
    expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
  });

  it("keeps the terms of an API reference's entries (pkg_resources.rst)", async () => {
    const text = read("pkg-resources-rst-head-1000.rst");
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    // Each term: a line in backticks at the paragraph's indent, the next line indented further.
    const lines = text.split("\n");
    const terms = lines.filter((line, i) => {
      const indent = (l: string) => l.length - l.trimStart().length;
      const next = lines[i + 1] ?? "";
      return /^\s*``[^`]+``/.test(line) && next.trim() !== "" && indent(next) > indent(line);
    });
    expect(terms.length).toBeGreaterThan(15);
    const shown = terms.filter((t) => r.output.includes(t.trimStart()));
    expect(shown.length).toBeGreaterThanOrEqual(Math.ceil(terms.length * 0.8));
    for (const term of ["``require(*requirements)``", "``iter_entry_points(group, name=None)``"])
      expect(terms.some((t) => t.includes(term))).toBe(true);
  });
});

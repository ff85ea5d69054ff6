// A Read tool numbers every line (`     1\t…`, `1→…`). Of a log or a document, the numbers go
// (compressors/doc-read.ts) and the text is compressed as what it is. The fidelity check used to
// look for the numbered lines in the unnumbered output, never found them, and passed every such read
// through whole: a 743-line PostgreSQL log read with numbers saved nothing.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { salientLines } from "../../src/fidelity/salient.js";
import { createPithy } from "../../src/pipeline.js";

const corpusCase = (path: string) => readFileSync(new URL(`../corpus/cases/${path}`, import.meta.url), "utf8");

/** `text` as `cat -n` prints it, or as an agent's Read tool does (`N→`). */
function numbered(text: string, arrow: boolean): string {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return `${lines.map((l, i) => (arrow ? `${i + 1}→${l}` : `${String(i + 1).padStart(6)}\t${l}`)).join("\n")}\n`;
}

const READS = [
  ["PostgreSQL server log", "log/postgresql-15-server.log", false],
  ["vite dev server log", "log/vite-8.3.8-dev-server-debug.log", true],
  ["redis-server log", "log/redis-7.0.15-server-verbose.log", false],
] as const;

describe("numbered reads of logs", () => {
  for (const [name, path, arrow] of READS) {
    it(`compresses a numbered read of the ${name}, every salient line visible, and recalls it`, async () => {
      const plain = corpusCase(path);
      const text = numbered(plain, arrow);
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Read" });
      expect(r.action).toBe("compressed");
      expect(r.strategy).toMatch(/^doc_read\+/);
      expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.6);
      for (const s of salientLines(plain)) expect(r.output).toContain(s.text);
      expect(await pithy.recall(r.key!)).toMatchObject({ found: true, content: text });
    });
  }
});

describe("numbered reads of documents", () => {
  for (const path of ["markdown/nodejs-api-test.md", "markdown/ai-docs-troubleshooting.mdx"]) {
    it(`compresses a numbered read of ${path} with every heading visible`, async () => {
      const plain = corpusCase(path);
      const pithy = await createPithy();
      const r = await pithy.compress(numbered(plain, true), { tool: "Read" });
      expect(r.action).toBe("compressed");
      for (const heading of plain.split("\n").filter((l) => /^#{1,6} /.test(l))) expect(r.output).toContain(heading);
    });
  }
});

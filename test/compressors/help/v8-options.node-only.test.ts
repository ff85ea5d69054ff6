import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { HelpLine, parseHelp } from "../../../src/compressors/help/parse.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { detect } from "../../../src/router/detect.js";
import { createPithy } from "../../../src/pipeline.js";

const read = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

// V8's flag list as two real programs print it: `node --v8-options | head -n 600` (node 20.20.2,
// V8 11.3) and `deno --v8-flags=--help | head -n 600` (deno 2.9.6, V8 15.0). Each flag is
// `  --name (what it does)` over `        type: T  default: D`. The `type:` lines made the
// router call it code (skipped whole, 0 % saved). It is a help text: every flag line stays, and
// every default that stands out (a value, a flag on by default); the ~60 % of flags that only say
// `type: bool  default: --no-<flag>` lose that line behind a marker that says what all of them say.
const PAGES = ["node-20-v8-options-head-600.txt", "deno-v8-flags-help-head-600.txt"];

describe("V8's --v8-options flag list", () => {
  it("routes as text, not code", () => {
    for (const name of PAGES) expect(detect(read(name)).type, name).not.toBe("code");
  });

  it("keeps every flag and every default but a boolean's off one", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    for (const name of PAGES) {
      const text = read(name);
      const lines = text.split("\n");
      const parsed = parseHelp(LineIndex.of(text));
      expect(parsed, name).not.toBeNull();
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.action, name).toBe("compressed");
      expect(r.output).toMatch(/\d+ lines `type: bool\s+default: --no-<flag>` \(off unless given\)/);
      let off = 0;
      let flags = 0;
      const shown = new Set(r.output.split("\n"));
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (/^ {2}--[a-z]/.test(line)) {
          flags++;
          expect(shown.has(line), line).toBe(true);
          const next = lines[i + 1] ?? "";
          const flag = /^ {2}--([\w-]+)/.exec(line)?.[1];
          const isOff = next.trimEnd() === `        type: bool  default: --no-${flag}`;
          if (isOff) off++;
          if (/^ {8}type: /.test(next)) {
            expect(shown.has(next), next).toBe(!isOff);
            expect(parsed?.kinds[i + 1]).toBe(isOff ? HelpLine.OffByDefault : HelpLine.Outline);
          }
        }
      }
      expect(flags).toBeGreaterThan(250);
      expect(off).toBeGreaterThan(flags / 3);
      expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
    }
  });
});

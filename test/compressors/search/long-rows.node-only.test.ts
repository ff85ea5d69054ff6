import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LONG_ROW, LONG_ROW_HEAD } from "../../../src/compressors/search/select.js";
import { createPithy } from "../../../src/pipeline.js";

/**
 * Searches whose matches sit in minified bundles and source maps: a row is
 * one line of several KB (a `.min.js`) or of a whole source map. Such rows
 * made the outputs big, so the row caps hid the ordinary rows while the
 * long ones went through as printed, and the search saved almost nothing (a
 * held-out `rg -n --stats` over node_modules: 306 KB, passed through whole).
 * Real outputs in this repository's node_modules: `rg -n 'WebAssembly'
 * hash-wasm/dist/md5.umd.min.js hash-wasm/dist/sha224.umd.min.js
 * hash-wasm/dist/crc32.umd.min.js hash-wasm/lib hash-wasm/dist/lib` and `rg
 * -n 'serialize' @langchain/langgraph-checkpoint/dist/serde
 * @langchain/langgraph-checkpoint/dist/base.js …/base.cjs …/memory.js`
 * (`.js.map` rows).
 */
const FIXTURES = ["rg-n-webassembly-hash-wasm-min-js.txt", "rg-n-serialize-langgraph-checkpoint-maps.txt"];

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

describe("search: rows of minified bundles and source maps", () => {
  it.each(FIXTURES)("shows every row of %s, a long one cut to its head", async (name) => {
    const text = fixture(name);
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.type).toBe("search");
    expect(r.action).toBe("compressed");
    expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.2);
    const rows = text.split("\n").filter((line) => /^.+?:\d+:/.test(line));
    let long = 0;
    for (const row of rows) {
      if (row.length - row.indexOf(":") > LONG_ROW + 1) {
        long++;
        expect(r.output).toContain(`${row.slice(0, LONG_ROW_HEAD)} … (`);
        expect(r.output).not.toContain(row.slice(0, LONG_ROW_HEAD + 40));
      } else {
        expect(r.output).toContain(row);
      }
    }
    expect(long).toBeGreaterThanOrEqual(3);
    expect(r.output).toContain(`${long} long rows cut to ${LONG_ROW_HEAD} characters`);
    expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
  });
});

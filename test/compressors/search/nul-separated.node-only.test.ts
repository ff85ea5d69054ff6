import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * `grep -Z` prints a NUL after each path instead of the `:` (or `-`), so that
 * paths with any character survive a pipe: `path\0N:text`, `path\0N-text`
 * with -n, `path\0text` without. Unread, such output routed as prose, whose
 * chain dropped most of its paths.
 */
function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

describe("grep -Z output is a search", () => {
  it("reads numbered rows with context (grep -rnZ -C1) and names every file", async () => {
    // grep -rnZ -C1 'TODO\|FIXME' --include='*.ts' @types/node typescript/lib/lib.dom.d.ts undici-types
    const text = fixture("grep-rnZ-C1-todo-types.txt");
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.type).toBe("search");
    expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.8);
    for (const file of [
      "@types/node/wasi.d.ts",
      "@types/node/buffer.buffer.d.ts",
      "@types/node/compatibility/iterators.d.ts",
      "@types/node/fs/promises.d.ts",
      "@types/node/perf_hooks.d.ts",
      "@types/node/test.d.ts",
      "undici-types/client.d.ts",
      "undici-types/webidl.d.ts",
    ]) {
      expect(r.output).toContain(file);
    }
  });

  it("reads rows without line numbers (grep -rZ) and names every file", async () => {
    // grep -rZ '@deprecated' --include='*.d.ts' @types/node
    const text = fixture("grep-rZ-deprecated-types-node.txt");
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.type).toBe("search");
    expect(r.tokensOut).toBeLessThan(r.tokensIn / 2);
    for (const file of [
      "@types/node/child_process.d.ts",
      "@types/node/constants.d.ts",
      "@types/node/diagnostics_channel.d.ts",
      "@types/node/punycode.d.ts",
      "@types/node/ts5.6/buffer.buffer.d.ts",
      "@types/node/worker_threads.d.ts",
      "@types/node/zlib.d.ts",
    ]) {
      expect(r.output).toContain(file);
    }
  });
});

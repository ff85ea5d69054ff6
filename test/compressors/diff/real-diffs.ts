// What the diff tests on real captures share: their fixtures, and one
// pipeline that compresses even short ones (minTokens 0).
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { createPithy, type Pithy } from "../../../src/pipeline.js";

/** A real capture in test/compressors/diff/fixtures. */
export function diffFixture(name: string): string {
  return readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
}

let pithy: Promise<Pithy> | null = null;

/** `text` through the pipeline, which must read it as a diff and make it smaller. */
export async function compressDiff(text: string): Promise<string> {
  pithy ??= createPithy({ minTokens: 0 });
  const r = await (await pithy).compress(text, { tool: "Bash" });
  expect(r.type).toBe("diff");
  expect(r.tokensOut).toBeLessThan(r.tokensIn);
  return r.output;
}

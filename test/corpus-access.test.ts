import { describe, expect, it } from "vitest";
import { loadCorpus } from "./support/corpus.js";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("corpus access", () => {
  it("reads every corpus case byte-exact in this runtime", async () => {
    const cases = await loadCorpus();
    expect(cases.length).toBe(46);
    for (const c of cases) {
      expect(new TextEncoder().encode(c.text).length, c.id).toBe(c.bytes);
      expect(await sha256Hex(c.text), c.id).toBe(c.sha256);
    }
  });
});

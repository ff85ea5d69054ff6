import stripAnsi from "strip-ansi";
import { beforeAll, describe, expect, it } from "vitest";
import { CORPUS_NAMES, type CorpusCase, type CorpusName, openCorpus } from "./support/corpus.js";

// The manifests promise byte-exact files and must_keep strings that are really
// in them; every other corpus test builds on that, so it is checked here first,
// in each runtime, for both corpora. Escapes are removed with strip-ansi, an
// implementation independent of pithy's own kernel.

const CLASSES = ["json", "search", "log", "diff", "code", "markdown", "html", "terminal", "tabular", "adversarial"];

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// Fewer cases than this means a manifest went missing or was cut, not that a corpus shrank on purpose.
const MIN_CASES: Record<CorpusName, number> = { shared: 46, own: 50 };

describe.each(CORPUS_NAMES)("the %s corpus manifest", (corpus) => {
  let cases: Array<CorpusCase & { bytes8: Uint8Array<ArrayBuffer> }>;
  beforeAll(async () => {
    const opened = openCorpus(corpus);
    const listed = await opened.cases();
    cases = await Promise.all(listed.map(async (c) => ({ ...c, bytes8: await opened.readCaseBytes(c) })));
  });

  it("lists its cases under unique ids, each in a known class folder", () => {
    expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES[corpus]);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const c of cases) {
      expect(CLASSES, c.id).toContain(c.class);
      expect(c.id.startsWith(`${c.class}-`), c.id).toBe(true);
      expect(c.file.startsWith(`cases/${c.class}/`), c.id).toBe(true);
    }
  });

  it("gives every file the byte length and SHA-256 the manifest states", async () => {
    for (const c of cases) {
      expect(c.bytes8.length, c.id).toBe(c.bytes);
      expect(await sha256Hex(c.bytes8), c.id).toBe(c.sha256);
    }
  });

  it("holds every must_keep string in its file, raw or with ANSI escapes removed", () => {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const missing: string[] = [];
    let checked = 0;
    for (const c of cases) {
      const raw = decoder.decode(c.bytes8);
      const plain = stripAnsi(raw);
      for (const s of c.must_keep) {
        checked++;
        if (!raw.includes(s) && !plain.includes(s)) missing.push(`${c.id}: ${s}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(cases.length);
  });

  it("keeps must_keep to 15 escape-free strings a case, and gives only an empty output none", () => {
    for (const c of cases) {
      expect(c.must_keep.length, c.id).toBeLessThanOrEqual(15);
      if (c.bytes > 0) expect(c.must_keep.length, c.id).toBeGreaterThan(0);
      for (const s of c.must_keep) {
        expect(s.length, c.id).toBeGreaterThan(0);
        expect(s.includes("\u001b"), `${c.id}: ${s}`).toBe(false);
      }
    }
  });

  it("says what to expect of every adversarial case", () => {
    const adversarial = cases.filter((c) => c.class === "adversarial");
    expect(adversarial.length).toBeGreaterThan(0);
    for (const c of adversarial) expect(c.expect?.length ?? 0, c.id).toBeGreaterThan(0);
  });
});

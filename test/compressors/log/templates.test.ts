import { beforeAll, describe, expect, it } from "vitest";
import { describeTemplate, maskTokens, TemplateMiner } from "../../../src/compressors/log/templates.js";
import { visibleText } from "../../../src/compressors/log/visible.js";
import { LineIndex } from "../../../src/kernels/lines.js";
import { maskLines } from "../../../src/compressors/log/masked-lines.js";
import { loadWasm } from "../../../src/kernels/wasm.js";
import { loadCorpus } from "../../support/corpus.js";

beforeAll(async () => {
  expect(await loadWasm()).not.toBeNull();
});

describe("log templates", () => {
  it("masks a URL token as a whole and keeps the punctuation around it", () => {
    expect(maskTokens("GET (https://x.org/a?b=1), done")).toEqual(["GET", "(<url>),", "done"]);
    expect(maskTokens("see <http://h:8080/p>. ok")).toEqual(["see", "<<url>>.", "ok"]);
  });

  it("masks a key=value token holding a URL as a URL", () => {
    expect(maskTokens("key=http://x/y")).toEqual(["<url>"]);
  });

  it("keeps a quoted field one token even when it holds a URL", () => {
    expect(maskTokens('href="http://a/b c" x')).toEqual(['href="<str>"', "x"]);
  });

  it("puts lines that differ only in their URLs and numbers into one cluster", () => {
    const miner = new TemplateMiner(maskLines());
    const a = miner.assign("npm http fetch GET 200 https://registry.npmjs.org/a/-/a-1.0.0.tgz 12ms (cache hit)", 0);
    const b = miner.assign("npm http fetch GET 200 https://registry.npmjs.org/b/-/b-2.1.0.tgz 7ms (cache hit)", 1);
    expect(b).toBe(a);
    expect(miner.clusters[a].count).toBe(2);
  });

  it("keeps a cluster.s template apart from the tokens of lines assigned after it", () => {
    const miner = new TemplateMiner(maskLines());
    miner.assign("worker started pool alpha", 0);
    miner.assign("worker started pool beta", 1);
    miner.assign("shutdown requested by operator now", 2);
    expect(miner.clusters[0].tokens).toEqual(["worker", "started", "pool", "<*>"]);
    expect(miner.clusters[0].first).toBe(0);
  });
});

/**
 * The string-based miner the hashed one replaced, kept as the reference: same
 * groups, same similarity, same spill clusters, on masked token strings.
 */
class ReferenceMiner {
  readonly clusters: Array<{ id: number; tokens: string[]; count: number; first: number }> = [];
  private readonly groups = new Map<string, Array<Array<ReferenceMiner["clusters"][number]>>>();
  private readonly overflow = new Map<string, Array<ReferenceMiner["clusters"][number]>>();

  assign(text: string, lineNo: number): number {
    const tokens = maskTokens(text);
    const head = tokens.find((t) => !isPlaceholder(t)) ?? "";
    let byCount = this.groups.get(head);
    if (byCount === undefined) this.groups.set(head, (byCount = []));
    const group = (byCount[tokens.length] ??= []);
    let best: ReferenceMiner["clusters"][number] | null = null;
    let bestScore = -1;
    for (const c of group) {
      const score = similarity(c.tokens, tokens);
      if (score >= 0.5 && score > bestScore) {
        best = c;
        bestScore = score;
        if (score === 1) break;
      }
    }
    if (best !== null) {
      for (let i = 0; i < best.tokens.length; i++) if (best.tokens[i] !== tokens[i]) best.tokens[i] = "<*>";
      best.count++;
      return best.id;
    }
    if (group.length >= 32) {
      let spills = this.overflow.get(head);
      if (spills === undefined) this.overflow.set(head, (spills = []));
      const spill = spills[tokens.length];
      if (spill !== undefined) {
        spill.count++;
        return spill.id;
      }
      spills[tokens.length] = this.create(
        tokens.map((t, i) => (i === 0 ? t : "<*>")),
        lineNo,
      );
      return spills[tokens.length].id;
    }
    const created = this.create(tokens, lineNo);
    group.push(created);
    return created.id;
  }

  private create(tokens: string[], first: number): ReferenceMiner["clusters"][number] {
    const c = { id: this.clusters.length, tokens, count: 1, first };
    this.clusters.push(c);
    return c;
  }
}

function isPlaceholder(t: string): boolean {
  return t.length > 2 && t.startsWith("<") && t.endsWith(">") && !t.includes(" ");
}

function similarity(template: string[], tokens: string[]): number {
  let equal = 0;
  let counted = 0;
  for (let i = 0; i < tokens.length; i++) {
    const a = template[i];
    const b = tokens[i];
    if (a === "<*>") {
      counted++;
      continue;
    }
    if (a === b && isPlaceholder(a)) continue;
    counted++;
    if (a === b) equal++;
  }
  return counted === 0 ? 1 : equal / counted;
}

/** Mines every non-blank line of `text` with both miners and expects the same clusters and templates. */
function expectSameClusters(text: string, masks: (lines: LineIndex) => ReturnType<typeof maskLines>): number {
  const lines = LineIndex.of(text);
  const miner = new TemplateMiner(masks(lines));
  const reference = new ReferenceMiner();
  for (let i = 0; i < lines.count; i++) {
    const visible = visibleText(lines.line(i));
    if (visible.trim() === "") continue;
    expect(miner.assign(visible, i)).toBe(reference.assign(visible, i));
  }
  expect(miner.clusters.length).toBe(reference.clusters.length);
  for (const c of reference.clusters) {
    const mined = miner.clusters[c.id];
    expect([mined.count, mined.first]).toEqual([c.count, c.first]);
    expect(mined.tokens).toEqual(c.tokens);
    expect(describeTemplate(mined)).toBe(describeTemplate({ ...mined, tokens: c.tokens } as unknown as typeof mined));
  }
  return miner.clusters.length;
}

/**
 * The corpus-wide comparison runs the miner twice over all 46 cases: ~4.5 s
 * alone in Node on a 2-core machine, several times that when other suites
 * share the cores or in Chromium, so vitest's 5 s default fails it at random.
 */
const CORPUS_BUDGET_MS = 60_000;

describe("template miner on token hashes", () => {
  it("gives the same clusters and templates as string clustering on every corpus case, in WASM and TS", {
    timeout: CORPUS_BUDGET_MS,
  }, async () => {
    const corpus = await loadCorpus();
    let clusters = 0;
    for (const c of corpus) {
      clusters += expectSameClusters(c.text, (lines) => maskLines(lines));
      expectSameClusters(c.text, () => maskLines());
    }
    expect(clusters).toBeGreaterThan(100);
  });

  it("spills a group past 32 clusters into one cluster that keeps only its first token", () => {
    const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN";
    // One literal in four agrees: every line opens a cluster of its own until the group is full.
    const rows = Array.from({ length: 40 }, (_, i) => `job ${letters[i]}a ${letters[i]}b ${letters[i]}c`);
    const text = rows.join("\n");
    const count = expectSameClusters(text, (lines) => maskLines(lines));
    expect(count).toBe(33);
    const miner = new TemplateMiner(maskLines());
    rows.forEach((r, i) => {
      miner.assign(r, i);
    });
    expect(miner.clusters[32].tokens).toEqual(["job", "<*>", "<*>", "<*>"]);
    expect(miner.clusters[32].count).toBe(8);
  });

  it("reads a literal <*> token as the wildcard, as string clustering did", () => {
    const text = "cache <*> hit 1\ncache <*> miss 2\ncache key hit 3\n<*> <n> x\n<*> <n> y";
    expectSameClusters(text, (lines) => maskLines(lines));
    const miner = new TemplateMiner(maskLines());
    miner.assign("cache <*> hit 1", 0);
    expect(miner.assign("cache key hit 3", 1)).toBe(0);
    expect(miner.clusters[0].tokens).toEqual(["cache", "<*>", "hit", "<n>"]);
  });

  it("masks CR-redrawn and coloured lines on their visible text", () => {
    const text = "step 1 done\rstep 2 done\n\u001b[32mstep 3 done\u001b[0m\nstep 4 done\n".repeat(100);
    expectSameClusters(text, (lines) => maskLines(lines));
  });

  it("describes a template with <*> where its lines differ", () => {
    const miner = new TemplateMiner(maskLines());
    miner.assign("npm http fetch GET 200 https://r.org/a 12ms (cache hit)", 0);
    miner.assign("npm http fetch GET 200 https://r.org/b 7ms (cache miss)", 1);
    expect(describeTemplate(miner.clusters[0])).toBe("npm http fetch GET 200 <url> <n>ms (cache <*>");
  });
});

// The outline of a diff (issue #13): every commit, every file with its +/- counts and
// every hunk header stay visible, changed lines of ordinary hunks before context, big
// hunks cut first; past the cap, one line per commit and file; past that, named groups.
import { describe, expect, it } from "vitest";
import { defuseMarkers, parseMarkers } from "../../src/ccr/marker.js";
import { diffCompressor } from "../../src/compressors/diff.js";
import { FALLBACK_CAP } from "../../src/compressors/fallback.js";
import { scaled } from "../../src/compressors/types.js";
import { stripAnsi } from "../../src/kernels/ansi.js";
import { compressorInput } from "../support/compressor-input.js";
import { type CorpusName, openCorpus } from "../support/corpus.js";

/** A case's text as the pipeline hands it to the diff compressor: escapes gone, foreign markers defused. */
async function caseText(corpus: CorpusName, id: string): Promise<string> {
  const c = openCorpus(corpus);
  const found = (await c.cases()).find((x) => x.id === id);
  if (found === undefined) throw new Error(`no case ${id}`);
  return defuseMarkers(stripAnsi(await c.readCase(found)));
}

function compress(text: string, scale = 1): string {
  const out = diffCompressor.compress(compressorInput(text, { type: "diff", scale }));
  expect(out).not.toBeNull();
  return out!.output;
}

/** Each commit of a `git log -p`: its `commit` line, its author and its subject. */
function commitsOf(text: string): { line: string; author: string; subject: string }[] {
  const lines = text.split("\n");
  const commits: { line: string; author: string; subject: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^commit [0-9a-f]{40}/.test(lines[i])) continue;
    let j = i + 1;
    let author = "";
    while (j < lines.length && lines[j] !== "") {
      if (lines[j].startsWith("Author:")) author = lines[j].slice(7).trim();
      j++;
    }
    while (j < lines.length && lines[j].trim() === "") j++;
    commits.push({ line: lines[i], author, subject: lines[j].trim() });
  }
  return commits;
}

const LOG_CASES: [CorpusName, string][] = [
  ["own", "diff-pithy-git-log-p-src-core"],
  ["own", "diff-pithy-git-log-p-compressors"],
  ["shared", "diff-requests-git-log-p-sessions"],
];

const DIFF_CASES: [CorpusName, string][] = [
  ["own", "diff-pithy-git-show-big-commit"],
  ["own", "diff-pithy-git-diff-color"],
  ["own", "diff-pithy-format-patch-series"],
  ["own", "diff-docutils-wheel-diff-ru"],
  ["own", "diff-p-queue-npm-diff-ru"],
  ["shared", "diff-cobra-git-show-stat-renames"],
  ["shared", "diff-okhttp-git-show-color"],
  ["shared", "diff-cookie-npm-diff-ru"],
];

describe("diff outline: commits", () => {
  it("shows every commit of a git log -p with its hash, author and subject, at the cap and in the compact form", async () => {
    for (const [corpus, id] of LOG_CASES) {
      const text = await caseText(corpus, id);
      const commits = commitsOf(text);
      expect(commits.length, id).toBeGreaterThan(5);
      for (const scale of [1, 0.5]) {
        const out = compress(text, scale);
        for (const c of commits) {
          expect(out, `${id} at ${scale}`).toContain(c.line);
          expect(out, `${id} at ${scale}`).toContain(c.author);
          expect(out, `${id} at ${scale}`).toContain(c.subject);
        }
      }
    }
  });

  it("renders an outline too big for the cap one line per commit and one per file, with counts and lines", async () => {
    const text = await caseText("own", "diff-pithy-git-log-p-src-core");
    const out = compress(text, 0.5);
    expect(out.length).toBeLessThanOrEqual(scaled(FALLBACK_CAP, 0.5));
    const diffLines = text.split("\n").filter((l) => l.startsWith("diff --git "));
    expect(diffLines.length).toBeGreaterThan(100);
    for (const l of diffLines) expect(out).toContain(l);
    // Every file line carries its counts and where it lies in the original.
    const fileLines = out.split("\n").filter((l) => l.startsWith("diff --git "));
    expect(fileLines.length).toBe(diffLines.length);
    for (const l of fileLines) expect(l).toMatch(/ \| \+\d+ -\d+(?: in \d+ hunks?, L\d+-\d+)?$/);
    expect(out).toContain("diff --git a/src/ccr/wtf8.ts b/src/ccr/wtf8.ts | +111 -0 in 1 hunk, L7-123");
    // One line per commit: hash, author and subject together.
    expect(out).toContain(
      "commit b50b44c2751781b50489055218376d9ad49001aa — Seed 384a6422 maintainers <maintainers@users.noreply.a-seed-384a6422.example> — Add WTF-8, the injective UTF-16 byte encoding for keys and stored originals",
    );
  });

  it("keeps every commit line and names each commit's files past what fits, with counts and lines", async () => {
    const text = await caseText("own", "diff-pithy-git-log-p-src-core");
    const commits = commitsOf(text);
    const out = compress(text, 0.25);
    expect(out.length).toBeLessThanOrEqual(scaled(FALLBACK_CAP, 0.25));
    for (const c of commits) expect(out).toContain(`${c.line} — ${c.author} — ${c.subject}`);
    const groups = out.split("\n").filter((l) => l.startsWith("  … "));
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(g).toMatch(/^ {2}… \d+ more files \(\+\d+ -\d+\), from \S+ to \S+, L\d+-\d+$/);
    expect(parseMarkers(out).some((m) => /^\d+ commits omitted/.test(m.summary))).toBe(false);
  });

  it("groups commits past the cap under one marker naming the first and the last and how many", async () => {
    const text = await caseText("own", "diff-pithy-git-log-p-src-core");
    const commits = commitsOf(text);
    const out = compress(text, 0.05);
    const groups = parseMarkers(out).filter((m) => /^\d+ commits omitted/.test(m.summary));
    expect(groups).toHaveLength(1);
    const [, n] = /^(\d+) commits omitted, from [0-9a-f]{12} ".+" to [0-9a-f]{12} ".+"$/.exec(groups[0].summary) ?? [];
    expect(Number(n)).toBeGreaterThan(1);
    expect(groups[0].lines?.length).toBe(1);
    // The first and the last commits stay; the grouped ones are named by their ends.
    expect(out).toContain(commits[0].line);
    expect(out).toContain(commits[commits.length - 1].line);
    const shown = commits.filter((c) => out.includes(`${c.line} —`)).length;
    expect(shown + Number(n)).toBe(commits.length);
  });
});

describe("diff outline: hunks and changed lines", () => {
  it("keeps every hunk header and every changed line of ordinary hunks of real diffs", async () => {
    for (const [corpus, id] of DIFF_CASES) {
      const text = await caseText(corpus, id);
      const out = compress(text);
      const lines = text.split("\n");
      let header = -1;
      for (let i = 0; i <= lines.length; i++) {
        const isHeader = i < lines.length && lines[i].startsWith("@@ ");
        if (isHeader) expect(out, id).toContain(lines[i]);
        if (header >= 0 && (isHeader || i === lines.length || lines[i].startsWith("diff "))) {
          const changed = lines.slice(header + 1, i).filter((l) => /^[-+](?![-+]{2} )/.test(l));
          // A small hunk (8 changed lines or fewer) is never the one cut: the budget goes to the big ones.
          if (changed.length <= 8) for (const l of changed) expect(out, `${id} ${lines[header]}`).toContain(l);
          header = -1;
        }
        if (isHeader) header = i;
      }
    }
  });

  it("shows the +/- counts of every file that loses changed lines, before its first hunk", async () => {
    const text = await caseText("own", "diff-pithy-git-show-big-commit");
    const out = compress(text);
    const cut = parseMarkers(out)
      .map((m) => /^(\S+): \d+ changed lines omitted/.exec(m.summary)?.[1])
      .filter((p): p is string => p !== undefined);
    expect(cut.length).toBeGreaterThan(3);
    for (const path of new Set(cut)) {
      const at = out.indexOf(`diff --git a/${path} b/${path}\n`);
      expect(at, path).toBeGreaterThanOrEqual(0);
      expect(out.slice(at).split("\n").slice(1, 8).join("\n"), path).toMatch(/^\(\+\d+ -\d+ in \d+ hunks?\)$/m);
    }
  });

  it("keeps a failure line from the middle of a cut new file, npm's `ERR!` level included", () => {
    const body = Array.from({ length: 3000 }, (_, i) => `+  const value${i} = compute(${i}); // an ordinary line`);
    body[1200] = '+    "npm ERR! code 1",';
    body[2100] = "+    throw new TypeError(`bad ${value}`);";
    const text = [
      "diff --git a/test/big.test.ts b/test/big.test.ts",
      "new file mode 100644",
      "index 0000000..1111111",
      "--- /dev/null",
      "+++ b/test/big.test.ts",
      "@@ -0,0 +1,3000 @@",
      ...body,
      "",
    ].join("\n");
    const out = compress(text);
    expect(out.length).toBeLessThan(text.length / 2);
    expect(out).toContain('+    "npm ERR! code 1",');
    expect(out).toContain("+    throw new TypeError(`bad ${value}`);");
  });

  it("spends the budget on changed lines before context lines", async () => {
    const text = await caseText("own", "diff-pithy-git-show-big-commit");
    const out = compress(text);
    // Cut to its budget, the diff keeps hardly any context: what gaps between kept pieces and standouts need.
    expect(parseMarkers(out).some((m) => /changed lines omitted/.test(m.summary))).toBe(true);
    const isContext = (l: string): boolean => l.startsWith(" ") && !/^ \S.* \| /.test(l);
    const before = text.split("\n").filter(isContext).length;
    const after = out.split("\n").filter(isContext).length;
    expect(after).toBeLessThan(before * 0.1);
  });
});

import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { createPithy, type Pithy } from "../../../src/pipeline.js";

/**
 * Real `git log --stat` captures (this repository's history, a pyenv clone's
 * one commit of 1494 files). The facts checked were chosen from the raw
 * outputs before pithy ran on them.
 */
function fixture(name: string): string {
  return readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
}

const SUMMARY_RE = /^ \d+ files? changed/;

let pithy: Pithy;
beforeAll(async () => {
  pithy = await createPithy({ minTokens: 0 });
});

async function compressed(text: string): Promise<string> {
  const r = await pithy.compress(text, { tool: "Bash" });
  expect(r.type).toBe("diff");
  return r.output;
}

/** Lines of `text` that each must stay verbatim: commit headers, subjects and diffstat summaries. */
function verbatimLines(text: string, oneline: boolean): string[] {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (SUMMARY_RE.test(l)) out.push(l);
    else if (oneline ? /^[0-9a-f]{7} /.test(l) : /^(?:commit |Author|Date|Commit|Merge)/.test(l)) out.push(l);
    // The subject: the first message line after a header's blank line.
    if (!oneline && l.startsWith("commit ")) {
      let k = i + 1;
      while (k < lines.length && lines[k] !== "") k++;
      if (k + 1 < lines.length) out.push(lines[k + 1]);
    }
  }
  return out;
}

describe("diff compressor: git log --stat", () => {
  it("keeps every commit header, subject and summary of `git log --stat` and names each commit's files", async () => {
    const text = fixture("git-log-stat.txt");
    const out = await compressed(text);
    const lines = out.split("\n");
    const verbatim = verbatimLines(text, false);
    expect(verbatim.length).toBeGreaterThan(140 * 4);
    for (const l of verbatim) expect(lines).toContain(l);
    expect(out).toContain("commit 52377fe");
    expect(out).toContain(
      " src/compressors/json.ts, src/compressors/json/validity.ts, test/compressors/json/validity.test.ts\n",
    );
    expect(out).not.toContain("| 28 +++");
    expect(out.length).toBeLessThan(text.length * 0.8);
  });

  it("keeps AuthorDate, Commit and CommitDate of `--format=fuller --stat`", async () => {
    const text = fixture("git-log-fuller-stat.txt");
    const out = await compressed(text);
    const lines = out.split("\n");
    const verbatim = verbatimLines(text, false);
    expect(verbatim.filter((l) => l.startsWith("CommitDate:")).length).toBe(100);
    for (const l of verbatim) expect(lines).toContain(l);
    expect(out.length).toBeLessThan(text.length);
  });

  it("keeps every `--oneline` commit and summary line and drops the bars", async () => {
    const text = fixture("git-log-stat-oneline.txt");
    const out = await compressed(text);
    const lines = out.split("\n");
    const verbatim = verbatimLines(text, true);
    expect(verbatim.filter((l) => SUMMARY_RE.test(l)).length).toBe(215);
    for (const l of verbatim) expect(lines).toContain(l);
    expect(out.length).toBeLessThan(text.length * 0.6);
  });

  it("names the first files of a 1494-file commit and a marker that recalls all its stat lines", async () => {
    const text = fixture("pyenv-log-stat.txt");
    const out = await compressed(text);
    expect(out).toContain("commit f6a5b409e9fd1ad78aa4350ddc1fc5fc3d0fa666");
    expect(out).toContain("    CI: add_cpython: Support prereleases for non-initial CPython releases (#3443)");
    expect(out).toContain(" 1494 files changed, 110054 insertions(+)");
    expect(out).toContain(".agignore, .dockerignore, .editorconfig");
    expect(out).toContain("1486 more files; all 1494 stat lines");
    expect(out.length).toBeLessThan(text.length * 0.05);
    const stat = parseMarkers(out).find((m) => m.summary.includes("1494 stat lines"));
    expect(stat?.lines).toEqual([[17, 1510]]);
    const r = await pithy.recall(stat?.key ?? "", { lines: "17-1510" });
    expect(r.found && r.content).toBe(`${text.split("\n").slice(16, 1510).join("\n")}\n`);
  });

  it("recalls the whole original, and a second pass changes nothing", async () => {
    for (const name of ["git-log-stat.txt", "git-log-stat-oneline.txt"]) {
      const text = fixture(name);
      const r = await pithy.compress(text, { tool: "Bash" });
      const again = await pithy.compress(r.output, { tool: "Bash" });
      expect(again.output).toBe(r.output);
      const whole = await pithy.recall(r.key ?? "");
      expect(whole.found && whole.content).toBe(text);
    }
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { VERSION } from "../../src/cli/version.js";
import { cli, EXIT } from "./fake-io.js";
import { BIG_LOG, removeTempDirs, tempDir } from "./spawn-cli.js";

const corpus = new URL("../../../shared/corpus/", import.meta.url).pathname;
const bigText = readFileSync(BIG_LOG, "utf8");
afterAll(removeTempDirs);

describe("pithy CLI commands", () => {
  it("compresses a file to stdout and prints one savings line to stderr", async () => {
    const r = await cli([BIG_LOG, "--tool", "Bash", "--store-dir", tempDir()]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.out).toContain("npm info ok");
    expect(r.out.length).toBeLessThan(bigText.length / 10);
    expect(r.err).toMatch(/^pithy: \d+ → \d+ tokens \(−\d+%\), log via log, key [0-9a-f]{32}\n$/);
  });

  it("recalls the original in a later invocation through the filesystem store", async () => {
    const dir = tempDir();
    const r = await cli([BIG_LOG, "--json", "--quiet", "--store-dir", dir]);
    const key = JSON.parse(r.out).key as string;
    const back = await cli(["recall", key, "--store-dir", dir]);
    expect(back.code).toBe(EXIT.ok);
    expect(back.out).toBe(bigText);
  });

  it("recalls only the lines a pasted marker names, or those --lines and --grep ask for", async () => {
    const dir = tempDir();
    const r = await cli([BIG_LOG, "--tool", "Bash", "--store-dir", dir]);
    const marker = /\[\[pithy:[0-9a-f]{32} L\d+-\d+[^\]]*\]\]/.exec(r.out)![0];
    const [, from, to] = /L(\d+)-(\d+)/.exec(marker)!.map(Number);
    const lines = bigText.split(/(?<=\n)/);
    expect((await cli(["recall", marker, "--store-dir", dir])).out).toBe(lines.slice(from - 1, to).join(""));
    const key = /pithy:([0-9a-f]{32})/.exec(marker)![1];
    expect((await cli(["recall", key, "--lines", "2-3", "--store-dir", dir])).out).toBe(lines.slice(1, 3).join(""));
    const grep = await cli(["recall", key, "--grep", "npm info ok", "--store-dir", dir]);
    expect(grep.out).toMatch(/^\d+:npm info ok/m);
    const bad = await cli(["recall", key, "--lines", "999999", "--store-dir", dir]);
    expect(bad.code).toBe(EXIT.usage);
  });

  it("never creates the store directory to recall from it", async () => {
    const dir = join(tempDir(), "not-there");
    const r = await cli(["recall", "0".repeat(32), "--store-dir", dir]);
    expect(r.code).toBe(EXIT.notFound);
    expect(existsSync(dir)).toBe(false);
  });

  it("answers an unknown key with exit 4 and a plain message", async () => {
    const r = await cli(["recall", "0".repeat(32), "--store-dir", tempDir()]);
    expect(r.code).toBe(EXIT.notFound);
    expect(r.err).toMatch(/unknown or has expired/);
  });

  it("reads stdin for '-' and passes short input through unchanged", async () => {
    const r = await cli(["-", "--store-dir", tempDir()], { stdin: "short text\n" });
    expect(r.out).toBe("short text\n");
    expect(r.err).toMatch(/skipped \(too_short\)/);
  });

  it("reports an unreadable file with exit 3, not a stack trace", async () => {
    const r = await cli(["/nonexistent/file.log", "--store-dir", tempDir()]);
    expect(r.code).toBe(EXIT.unreadable);
    expect(r.err).toBe("pithy: cannot read /nonexistent/file.log (ENOENT)\n");
  });

  it("reports a directory given as FILE as unreadable", async () => {
    const dir = tempDir();
    const r = await cli([dir, "--store-dir", dir]);
    expect(r.code).toBe(EXIT.unreadable);
    expect(r.err).toBe(`pithy: cannot read ${dir} (EISDIR)\n`);
  });

  it("names an unknown option in balanced quotes and suggests the closest one", async () => {
    const r = await cli(["--jsno"]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toBe(`pithy: unknown option "--jsno"; did you mean --json?\nTry 'pithy --help'.\n`);
    const bogus = await cli(["--bogus"]);
    expect(bogus.err).toBe(`pithy: unknown option "--bogus"\nTry 'pithy --help'.\n`);
  });

  it("says when an option lacks its value instead of taking the next flag as one", async () => {
    const r = await cli(["--tool", "--json"]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toMatch(/^pithy: option --tool needs a value/);
  });

  it("refuses an option that does not apply to the command", async () => {
    const r = await cli(["recall", "0".repeat(32), "--tool", "Bash"]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toMatch(/^pithy: option --tool does not apply to 'pithy recall'\n/);
  });

  it("rejects a bad mode with exit 2, naming the allowed values", async () => {
    const bad = await cli(["-", "--mode", "fast", "--store-dir", tempDir()], { stdin: "x" });
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toMatch(/mode.*off, lossless, lossy/);
  });

  it("rejects a bad environment value, echoing it as given", async () => {
    for (const value of ["abc", " ", "0x10", "1e3", "-3"]) {
      const r = await cli(["-", "--store-dir", tempDir()], { stdin: "x", env: { PITHY_MIN_TOKENS: value } });
      expect(r.code).toBe(EXIT.usage);
      expect(r.err).toContain(
        `"PITHY_MIN_TOKENS" must be a non-negative integer in decimal digits; got ${JSON.stringify(value)}`,
      );
    }
  });

  it("prints help for the command and each subcommand, by flag and by 'pithy help'", async () => {
    for (const argv of [
      ["--help"],
      ["help"],
      ["recall", "--help"],
      ["help", "recall"],
      ["stats", "-h"],
      ["help", "eval"],
      ["mcp", "--help"],
    ]) {
      const r = await cli(argv);
      expect(r.code, argv.join(" ")).toBe(EXIT.ok);
      expect(r.out).toMatch(/Usage:/);
    }
    expect((await cli(["help", "recall"])).out).toBe((await cli(["recall", "--help"])).out);
  });

  it("answers 'pithy help' of an unknown command with the commands there are", async () => {
    const r = await cli(["help", "frobnicate"]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toMatch(/no command "frobnicate"; commands: recall, stats, eval, mcp, proxy, help/);
  });

  it("prints the package's version", async () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(VERSION).toBe(pkg.version);
    for (const flag of ["--version", "-v"]) expect((await cli([flag])).out).toBe(`pithy ${pkg.version}\n`);
  });

  it("prints help on stderr and exits 2 when stdin is a terminal and no FILE is named", async () => {
    const r = await cli(["--store-dir", tempDir()], { stdinIsTty: true });
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toMatch(/^pithy — compress a tool output/);
    expect(r.out).toBe("");
  });

  it("reports the real token counts in off mode", async () => {
    const r = await cli(["-", "--mode", "off", "--store-dir", tempDir()], { stdin: bigText });
    expect(r.out).toBe(bigText);
    expect(r.err).toMatch(/^pithy: ([1-9]\d+) → \1 tokens \(0%\), skipped \(mode_off\)\n$/);
  });

  it("describes binary input in --json without echoing it as a string", async () => {
    const r = await cli(["-", "--json", "--store-dir", tempDir()], { stdin: new Uint8Array([0x7f, 0x45, 0, 1, 2]) });
    expect(JSON.parse(r.out)).toEqual({
      action: "skipped",
      reason: "binary",
      type: "unknown",
      strategy: "none",
      bytesIn: 5,
      bytesOut: 5,
      tokensIn: 0,
      tokensOut: 0,
      detail: { readToEnd: 0 },
    });
  });
});

describe("pithy stats", () => {
  it("sums the counters of every run on the store directory, across processes' lifetimes", async () => {
    const dir = tempDir();
    const first = await cli([BIG_LOG, "--json", "--quiet", "--store-dir", dir]);
    const key = JSON.parse(first.out).key as string;
    await cli(["-", "--quiet", "--store-dir", dir], { stdin: "short\n" });
    await cli(["-", "--quiet", "--store-dir", dir], { stdin: new Uint8Array([0, 1, 2]) });
    await cli(["recall", key, "--store-dir", dir]);
    await cli(["recall", "f".repeat(32), "--store-dir", dir]);
    const r = await cli(["stats", "--store-dir", dir]);
    const report = JSON.parse(r.out);
    expect(report.store).toMatchObject({ dir, entries: 1 });
    expect(report.counters).toMatchObject({
      runs: 5,
      calls: 3,
      compressions: 1,
      skips: 2,
      skipsByReason: { binary: 1, too_short: 1 },
      recalls: { hits: 1, misses: 1 },
      store: { puts: 1, hits: 1 },
    });
    expect(report.counters.tokensSaved).toBeGreaterThan(50_000);
    expect(report.counters.lastRunAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("reports zero counters for a directory no run has used", async () => {
    const r = await cli(["stats", "--store-dir", tempDir()]);
    expect(JSON.parse(r.out).counters).toMatchObject({ runs: 0, calls: 0, recalls: { hits: 0, misses: 0 } });
  });
});

describe("pithy eval", () => {
  it("evaluates the corpus into the directory --out names, with a progress bar on a TTY", async () => {
    const out = join(tempDir(), "report-dir") + "/";
    const r = await cli(["eval", corpus, "--out", out, "--runs", "1"], { stderrIsTty: true });
    expect(r.code).toBe(EXIT.ok);
    expect(r.err).toContain("[##############################] 46/46");
    expect(r.err).toContain(`pithy: wrote ${out}report.md, ${out}report.json and ${out}report.svg\n`);
    for (const ext of [".md", ".json", ".svg"]) expect(existsSync(join(out, "report" + ext))).toBe(true);
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8"));
    expect(report.rows).toHaveLength(46);
    expect(report.rows.every((row: { kept: number; mustKeep: number }) => row.kept === row.mustKeep)).toBe(true);
    expect(readFileSync(join(out, "report.svg"), "utf8")).toMatch(/^<svg /);
  }, 180_000);

  it("writes PREFIX.md, PREFIX.json and PREFIX.svg when --out is not a directory", async () => {
    const corpusDir = tinyCorpus();
    const prefix = join(tempDir(), "nested", "corpus");
    const r = await cli(["eval", corpusDir, "--out", prefix, "--runs", "1"]);
    expect(r.code).toBe(EXIT.ok);
    for (const ext of [".md", ".json", ".svg"]) expect(existsSync(prefix + ext)).toBe(true);
    expect(r.err).toBe(`pithy: wrote ${prefix}.md, ${prefix}.json and ${prefix}.svg\n`);
  });

  it("names manifest.json when the corpus directory has none", async () => {
    const dir = tempDir();
    const r = await cli(["eval", dir]);
    expect(r.code).toBe(EXIT.unreadable);
    expect(r.err).toBe(
      `pithy: cannot read the corpus in ${dir}: ${join(dir, "manifest.json")} not found: a corpus directory needs a manifest.json (ENOENT)\n`,
    );
  });

  it("names the case whose file is missing", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "manifest.json"), JSON.stringify({ cases: [{ id: "gone", class: "log", file: "x.log" }] }));
    const r = await cli(["eval", dir]);
    expect(r.code).toBe(EXIT.unreadable);
    expect(r.err).toContain(`case "gone": cannot read ${join(dir, "x.log")} (ENOENT)`);
  });

  it("rejects a --runs that is not a positive integer", async () => {
    const r = await cli(["eval", tinyCorpus(), "--runs", "0x2"]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toMatch(/--runs must be a positive integer, got "0x2"/);
  });
});

/** A corpus of two small cases in a temp directory. */
function tinyCorpus(): string {
  const dir = tempDir();
  mkdirSync(join(dir, "cases"));
  writeFileSync(join(dir, "cases", "a.log"), bigText);
  writeFileSync(join(dir, "cases", "b.json"), JSON.stringify({ ok: true }));
  const cases = [
    { id: "a", class: "log", file: "cases/a.log", tool_hint: "Bash", must_keep: ["npm info ok"] },
    { id: "b", class: "json", file: "cases/b.json", must_keep: [] },
  ];
  writeFileSync(join(dir, "manifest.json"), JSON.stringify({ cases }));
  return dir;
}

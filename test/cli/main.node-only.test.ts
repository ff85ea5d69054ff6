import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main, EXIT, type Io } from "../../src/cli/main.js";

const corpus = new URL("../../../shared/corpus/", import.meta.url);
const logFile = new URL("cases/log/lodash-npm-install-verbose.log", corpus).pathname;
const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "pithy-cli-"));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function cli(argv: string[], stdin = "", isTty = false): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = {
    argv,
    env: {},
    stdout: (s) => {
      out += s;
    },
    stderr: (s) => {
      err += s;
    },
    readStdin: () => stdin,
    isTty,
  };
  return { code: await main(io), out, err };
}

describe("pithy CLI", () => {
  it("compresses a file to stdout and prints one savings line to stderr", async () => {
    const r = await cli([logFile, "--tool", "Bash", "--store-dir", tempDir()]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.out).toContain("npm info ok");
    expect(r.out.length).toBeLessThan(readFileSync(logFile, "utf8").length / 10);
    expect(r.err).toMatch(/^pithy: \d+ → \d+ tokens \(−\d+%\), log via log, key [0-9a-f]{32}\n$/);
  });

  it("recalls the original in a later invocation through the filesystem store", async () => {
    const dir = tempDir();
    const r = await cli([logFile, "--json", "--quiet", "--store-dir", dir]);
    const key = JSON.parse(r.out).key as string;
    const back = await cli(["recall", key, "--store-dir", dir]);
    expect(back.code).toBe(EXIT.ok);
    expect(back.out).toBe(readFileSync(logFile, "utf8"));
  });

  it("answers an unknown key with exit 4 and a plain message", async () => {
    const r = await cli(["recall", "0".repeat(32), "--store-dir", tempDir()]);
    expect(r.code).toBe(EXIT.notFound);
    expect(r.err).toMatch(/unknown or has expired/);
  });

  it("reads stdin for '-' and passes short input through unchanged", async () => {
    const r = await cli(["-", "--store-dir", tempDir()], "short text\n");
    expect(r.out).toBe("short text\n");
    expect(r.err).toMatch(/skipped \(too_short\)/);
  });

  it("reports an unreadable file with exit 3, not a stack trace", async () => {
    const r = await cli(["/nonexistent/file.log"]);
    expect(r.code).toBe(EXIT.unreadable);
    expect(r.err).toBe("pithy: cannot read /nonexistent/file.log (ENOENT)\n");
  });

  it("rejects a bad flag or mode with exit 2", async () => {
    expect((await cli(["--bogus"])).code).toBe(EXIT.usage);
    const bad = await cli(["-", "--mode", "fast"], "x");
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toMatch(/mode.*off, lossless, lossy/);
  });

  it("prints help for the command and for each subcommand", async () => {
    for (const argv of [["--help"], ["recall", "--help"], ["stats", "-h"], ["eval", "--help"], ["mcp", "--help"]]) {
      const r = await cli(argv);
      expect(r.code).toBe(EXIT.ok);
      expect(r.out).toMatch(/Usage:/);
    }
  });

  it("prints the store's stats as JSON", async () => {
    const dir = tempDir();
    await cli([logFile, "--store-dir", dir, "--quiet"]);
    const r = await cli(["stats", "--store-dir", dir]);
    expect(JSON.parse(r.out)).toMatchObject({ entries: 1 });
  });

  it("evaluates a corpus and writes Markdown, JSON and an SVG chart, with a progress bar on a TTY", async () => {
    const out = join(tempDir(), "report");
    const r = await cli(["eval", new URL(".", corpus).pathname, "--out", out, "--runs", "1"], "", true);
    expect(r.code).toBe(EXIT.ok);
    expect(r.err).toContain("[##############################] 46/46");
    for (const ext of [".md", ".json", ".svg"]) expect(existsSync(out + ext)).toBe(true);
    const report = JSON.parse(readFileSync(out + ".json", "utf8"));
    expect(report.rows).toHaveLength(46);
    expect(report.rows.every((row: { kept: number; mustKeep: number }) => row.kept === row.mustKeep)).toBe(true);
    expect(readFileSync(out + ".svg", "utf8")).toMatch(/^<svg /);
  }, 120_000);

  it("reports a directory without a manifest as unreadable", async () => {
    const r = await cli(["eval", tempDir()]);
    expect(r.code).toBe(EXIT.unreadable);
  });
});

// What the working directory decides: the store namespace of `pithy` and
// `pithy mcp` (a marker made in one project never recalls in another), and
// where `pithy eval` writes by default. Real child processes, each started in
// its own directory.
import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { projectNamespace } from "../../src/cli/project-namespace.js";
import { BIG_LOG, CLI, isDeno, removeTempDirs, sh, shellQuote as q, tempDir } from "./spawn-cli.js";

afterAll(removeTempDirs);
const BUDGET_MS = 60_000;
const big = readFileSync(BIG_LOG);

/** Compresses the big log in `cwd` and returns its key. */
async function compressIn(cwd: string, store: string, extra = ""): Promise<string> {
  const r = await sh(`$PITHY --json --quiet --store-dir ${q(store)} ${extra} < ${q(BIG_LOG)}`, { cwd });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout.toString("utf8")).key as string;
}

describe("the store namespace of a working directory", { timeout: BUDGET_MS }, () => {
  it("recalls a key in the project that made it and not in another one on the same store", async () => {
    const store = tempDir();
    const [projectA, projectB] = [tempDir(), tempDir()];
    const key = await compressIn(projectA, store);
    const inA = await sh(`$PITHY recall ${key} --store-dir ${q(store)}`, { cwd: projectA });
    expect(inA.code).toBe(0);
    expect(inA.stdout.equals(big)).toBe(true);
    const inB = await sh(`$PITHY recall ${key} --store-dir ${q(store)}`, { cwd: projectB });
    expect(inB.code).toBe(4);
    expect(inB.stdout.length).toBe(0);
    expect(inB.stderr).toMatch(/unknown or has expired/);
  });

  it("shares originals between projects that name the same namespace, by flag or variable", async () => {
    const store = tempDir();
    const [projectA, projectB] = [tempDir(), tempDir()];
    const key = await compressIn(projectA, store, "--namespace team-42");
    const byFlag = await sh(`$PITHY recall ${key} --namespace team-42 --store-dir ${q(store)}`, { cwd: projectB });
    expect(byFlag.stdout.equals(big)).toBe(true);
    const byEnv = await sh(`$PITHY recall ${key} --store-dir ${q(store)}`, {
      cwd: projectB,
      env: { PITHY_NAMESPACE: "team-42" },
    });
    expect(byEnv.stdout.equals(big)).toBe(true);
  });

  it("names one project the same through a symlink to it", async () => {
    const store = tempDir();
    const project = tempDir();
    const link = join(tempDir(), "link");
    symlinkSync(project, link);
    const key = await compressIn(project, store);
    const r = await sh(`cd ${q(link)} && $PITHY recall ${key} --store-dir ${q(store)}`);
    expect(r.stdout.equals(big)).toBe(true);
    expect(projectNamespace(link)).toBe(projectNamespace(project));
  });

  it("derives a short, valid namespace from the real path", () => {
    const a = projectNamespace(tempDir());
    expect(a).toMatch(/^dir-[0-9a-f]{16}$/);
    expect(projectNamespace(tempDir())).not.toBe(a);
  });

  it("rejects a namespace the stores cannot hold, naming where it came from", async () => {
    const r = await sh(`$PITHY recall ${"0".repeat(32)} --namespace ../etc --store-dir ${q(tempDir())}`);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^pithy: option "--namespace" must be 1 to 64 characters of a-z, 0-9, _ and -; got "..\/etc"\n/,
    );
    const env = await sh(`$PITHY recall ${"0".repeat(32)} --store-dir ${q(tempDir())}`, {
      env: { PITHY_NAMESPACE: "A B" },
    });
    expect(env.stderr).toMatch(/"PITHY_NAMESPACE" must be/);
  });

  it("fences pithy mcp into the project it was started in", async () => {
    const store = tempDir();
    const [projectA, projectB] = [tempDir(), tempDir()];
    const [command, ...args] = isDeno ? [process.execPath, "run", "-A", CLI] : [process.execPath, CLI];
    const transport = new StdioClientTransport({
      command,
      args: [...args, "mcp", "--store-dir", store],
      cwd: projectA,
      stderr: "pipe",
    });
    const client = new Client({ name: "namespace-test", version: "1.0.0" });
    await client.connect(transport);
    let key: string;
    try {
      const answer = await client.callTool({
        name: "pithy_compress",
        arguments: { content: big.toString("utf8"), tool: "Bash" },
      });
      key = (answer.structuredContent as { key: string }).key;
      expect(key).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await client.close();
    }
    const inA = await sh(`$PITHY recall ${key} --store-dir ${q(store)}`, { cwd: projectA });
    expect(inA.stdout.equals(big)).toBe(true);
    const inB = await sh(`$PITHY recall ${key} --store-dir ${q(store)}`, { cwd: projectB });
    expect(inB.code).toBe(4);
  });
});

describe("pithy eval's default output", { timeout: BUDGET_MS }, () => {
  it("writes into ./pithy-eval/ of the working directory and says so", async () => {
    const corpus = tempDir();
    mkdirSync(join(corpus, "cases"));
    writeFileSync(join(corpus, "cases", "a.log"), big);
    const cases = [{ id: "a", class: "log", file: "cases/a.log", tool_hint: "Bash", must_keep: ["npm info ok"] }];
    writeFileSync(join(corpus, "manifest.json"), JSON.stringify({ cases }));
    const cwd = tempDir();
    const r = await sh(`$PITHY eval ${q(corpus)} --runs 1 > /dev/null`, { cwd });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("pithy: wrote pithy-eval/report.md, pithy-eval/report.json and pithy-eval/report.svg\n");
    for (const ext of [".md", ".json", ".svg"]) expect(existsSync(join(cwd, "pithy-eval", "report" + ext))).toBe(true);
  });
});

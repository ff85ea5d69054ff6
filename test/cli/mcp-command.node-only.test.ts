// `pithy mcp` as a command: what it says when the optional MCP SDK is not
// installed, and the counters a session leaves for `pithy stats`.
import { afterAll, describe, expect, it } from "vitest";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIG_LOG, CLI, isDeno, removeTempDirs, sh, shellQuote as q, tempDir } from "./spawn-cli.js";

afterAll(removeTempDirs);
const BUDGET_MS = 60_000;

describe("pithy mcp", { timeout: BUDGET_MS }, () => {
  // A copy of the bundle with no node_modules above it: what `npm i pithy-ai` gives, without the optional peer.
  for (const runtime of ["node", "deno"] as const) {
    it(`says how to install the MCP SDK when it is missing (${runtime})`, async () => {
      const installed = tempDir();
      cpSync(new URL("../../dist", import.meta.url), join(installed, "dist"), { recursive: true });
      writeFileSync(join(installed, "package.json"), JSON.stringify({ name: "pithy-ai", type: "module" }));
      const runner = runtime === "node" ? "node" : `${q(process.execPath)} ${isDeno ? "" : q(denoBin())} run -A`;
      const r = await sh(`${runner} dist/cli.js mcp --store-dir ${q(tempDir())} < /dev/null`, { cwd: installed });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        "pithy mcp needs the MCP SDK, an optional peer dependency of pithy-ai that is not installed.\n" +
          "Install it next to pithy-ai:  npm i @modelcontextprotocol/sdk\n" +
          "or run both with npx:         npx -y -p pithy-ai -p @modelcontextprotocol/sdk pithy mcp\n",
      );
    });
  }

  it("adds a session's calls to the counters pithy stats reads", async () => {
    const store = tempDir();
    const [command, ...args] = isDeno ? [process.execPath, "run", "-A", CLI] : [process.execPath, CLI];
    const client = new Client({ name: "stats-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({ command, args: [...args, "mcp", "--store-dir", store], stderr: "pipe" }),
    );
    const content = readFileSync(BIG_LOG, "utf8");
    const answer = await client.callTool({ name: "pithy_compress", arguments: { content, tool: "Bash" } });
    const key = (answer.structuredContent as { key: string }).key;
    await client.callTool({ name: "pithy_recall", arguments: { key } });
    await client.close();
    // The server adds its counters as it shuts down, after the client has hung up.
    let counters: Record<string, unknown> = {};
    for (let i = 0; i < 100 && counters.runs !== 1; i++) {
      const r = await sh(`$PITHY stats --store-dir ${q(store)}`);
      counters = JSON.parse(r.stdout.toString("utf8")).counters;
      if (counters.runs !== 1) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(counters).toMatchObject({ runs: 1, calls: 1, compressions: 1, recalls: { hits: 1, misses: 0 } });
  });
});

function denoBin(): string {
  return new URL("../../node_modules/deno/bin.cjs", import.meta.url).pathname;
}

// The MCP SDK is an optional peer: importing pithy's MCP module (its tool
// definitions, its types) or running the CLI must work without it, and only
// starting a server may fail, with a message saying how to install it. Checked
// on a bundle laid out like dist/ (the SDK left as an import) in a directory
// where no node_modules can be found.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runtimeArgs } from "./fixtures/mcp-process.js";

const dir = mkdtempSync(join(tmpdir(), "pithy-no-sdk-"));

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  const { build } = require("esbuild") as typeof import("esbuild");
  const src = (file: string) => fileURLToPath(new URL(`../../src/${file}`, import.meta.url));
  await build({
    entryPoints: { cli: src("cli/main.ts"), "integrations/mcp": src("integrations/mcp.ts") },
    outdir: dir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    external: ["@modelcontextprotocol/sdk", "@modelcontextprotocol/sdk/*"],
    logLevel: "warning",
  });
  writeFileSync(
    join(dir, "check.mjs"),
    `const mcp = await import("./integrations/mcp.js");
console.log(JSON.stringify(mcp.MCP_TOOLS.map((tool) => tool.name)));
try {
  await mcp.runMcpServer({ store: null });
} catch (error) {
  console.log(error.name + ": " + error.message);
}
`,
  );
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(script: string, args: string[] = []) {
  const { command, args: argv } = runtimeArgs(join(dir, script), args);
  return spawnSync(command, argv, { cwd: dir, encoding: "utf8", input: "", timeout: 30_000 });
}

describe("pithy's MCP module without @modelcontextprotocol/sdk installed", () => {
  it("is bundled with the SDK imported only from chunks loaded on demand", () => {
    expect(readFileSync(join(dir, "integrations", "mcp.js"), "utf8")).not.toMatch(
      /from\s*["']@modelcontextprotocol\/sdk/,
    );
    const chunks = readdirSync(dir).filter((name) => name.endsWith(".js"));
    const withSdk = chunks.filter((name) =>
      readFileSync(join(dir, name), "utf8").includes('"@modelcontextprotocol/sdk/'),
    );
    expect(withSdk.length).toBeGreaterThan(0);
  });

  it("imports, lists its tools, and refuses to start a server with how to install the SDK", () => {
    const result = run("check.mjs");
    expect(result.status, result.stderr).toBe(0);
    const [tools, failure] = result.stdout.trim().split("\n");
    expect(JSON.parse(tools)).toEqual(["pithy_compress", "pithy_recall", "pithy_stats"]);
    expect(failure).toMatch(/^McpSdkMissingError: pithy: the MCP server needs @modelcontextprotocol\/sdk/);
    expect(failure).toContain("npm i @modelcontextprotocol/sdk");
  });

  it("runs the CLI, and fails only `pithy mcp`, naming the package to install", () => {
    expect(run("cli.js", ["--help"]).status).toBe(0);
    const mcp = run("cli.js", ["mcp", "--store-dir", join(dir, "store")]);
    expect(mcp.status).not.toBe(0);
    expect(mcp.stderr).toContain("npm i @modelcontextprotocol/sdk");
    expect(mcp.stderr).not.toMatch(/\n\s+at /);
  });
});

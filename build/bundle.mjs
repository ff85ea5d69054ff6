// Bundles the library into ESM files under dist/ with the WASM bytes inlined
// (they are a base64 string in src/kernels/wasm-bytes.generated.ts), so the
// same files load in Node >= 20, browsers and Deno >= 2 with no fetch and no fs.
import { build } from "esbuild";
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const entries = {
  index: "src/index.ts",
  kernels: "src/kernels.ts",
  cli: "src/cli/main.ts",
  "stores/fs": "src/stores/fs.ts",
  "stores/redis": "src/stores/redis.ts",
  "stores/idb": "src/stores/idb.ts",
  "stores/tiered": "src/stores/tiered.ts",
  "integrations/ai-sdk": "src/integrations/ai-sdk.ts",
  "integrations/mcp": "src/integrations/mcp.ts",
  "integrations/langchain": "src/integrations/langchain.ts",
  proxy: "src/proxy/index.ts",
};
const entryPoints = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));

// Chunk names carry a content hash: without this, every build would leave the
// previous build's chunks behind, and npm pack would ship them all.
rmSync("dist/chunks", { recursive: true, force: true });

await build({
  entryPoints,
  outdir: "dist",
  bundle: true,
  format: "esm",
  platform: "neutral",
  // node:* built-ins resolve in Node and Deno; the core never imports them.
  mainFields: ["module", "main"],
  target: "es2022",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
  // Runtime-specific modules stay imports; the core never reaches them.
  // Peer and runtime dependencies of the integrations are the caller's to install.
  external: [
    "node:*",
    "@modelcontextprotocol/sdk",
    "@modelcontextprotocol/sdk/*",
    "langchain",
    "@langchain/*",
    "redis",
    "ai",
  ],
});
// The CLI is run directly: give it a shebang and the execute bit.
if (entryPoints.cli) {
  const file = "dist/cli.js";
  const body = readFileSync(file, "utf8").replace(/^#!.*\n/, "");
  writeFileSync(file, "#!/usr/bin/env node\n" + body);
  chmodSync(file, 0o755);
}
console.log(`bundled ${Object.keys(entryPoints).join(", ")} into dist/`);

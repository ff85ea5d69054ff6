// Reading one large MCP message over stdio: the SDK's reader against pithy's,
// side by side in one run. Writes bench/results/mcp.md.
//
//   node bench/mcp-read.mjs [--sizes=1,8,16,32] [--e2e=8,16,30,50,70]
//
// 1. In process: the bytes of one `tools/call` line of N MB fed in 64 KiB
//    chunks (what a pipe delivers) to the SDK's `ReadBuffer` and to pithy's
//    `MessageLines`, until the message comes out.
// 2. End to end: a child process serving pithy's tools with the SDK's
//    `StdioServerTransport` (maxBufferSize 64 MiB, as `pithy mcp` had it) or
//    with pithy's `LineStdioServerTransport`; the time from the first byte of
//    a `pithy_stats` call padded to N MB to its answer. `pithy_stats` ignores
//    the padding, so the figure is reading, parsing and answering only.
//
// Bundles the sources with esbuild into a temp dir (the reader is internal).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const { build } = createRequire(import.meta.url)("esbuild");
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const SIZES = (args.sizes ?? "1,8,16,32").split(",").map(Number);
const E2E = (args.e2e ?? "8,16,30,50,70").split(",").map(Number);
const CHUNK = 64 * 1024;
const MB = 1000 * 1000;

const dir = mkdtempSync(join(tmpdir(), "pithy-mcp-bench-"));
const root = fileURLToPath(new URL("..", import.meta.url));
const banner = {
  js: 'import { createRequire as __pithyRequire } from "node:module"; const require = __pithyRequire(import.meta.url);',
};

writeFileSync(
  join(dir, "server.ts"),
  `import process from "node:process";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer, runMcpServer } from ${JSON.stringify(join(root, "src/integrations/mcp.ts"))};
import { createPithy } from ${JSON.stringify(join(root, "src/pipeline.ts"))};
if (process.argv[2] === "sdk") {
  const server = await createMcpServer(await createPithy({ store: null }));
  process.stdin.once("end", () => void server.close());
  await server.connect(new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: 64 * 1024 * 1024 }));
} else {
  await runMcpServer({ store: null });
}
`,
);
writeFileSync(
  join(dir, "readers.ts"),
  `export { ReadBuffer } from "@modelcontextprotocol/sdk/shared/stdio.js";
export { MessageLines } from ${JSON.stringify(join(root, "src/integrations/mcp/message-lines.ts"))};
`,
);
for (const name of ["server", "readers"]) {
  await build({
    entryPoints: [join(dir, `${name}.ts`)],
    outfile: join(dir, `${name}.mjs`),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    nodePaths: [join(root, "node_modules")],
    banner,
    logLevel: "warning",
  });
}
const { ReadBuffer, MessageLines } = await import(pathToFileURL(join(dir, "readers.mjs")).href);

/** One `tools/call` line whose JSON is about `mb` MB, id last as the SDK client writes it. */
function messageLine(mb, name = "pithy_compress") {
  const pad = "x".repeat(Math.max(0, mb * MB - 120));
  const key = name === "pithy_compress" ? "content" : "pad";
  const message = { method: "tools/call", params: { name, arguments: { [key]: pad } }, jsonrpc: "2.0", id: 1 };
  return Buffer.from(JSON.stringify(message) + "\n");
}

function timeReader(line, makeReader) {
  const started = performance.now();
  const reader = makeReader();
  let got = false;
  for (let at = 0; at < line.length && !got; at += CHUNK) got = reader.push(line.subarray(at, at + CHUNK));
  if (!got) throw new Error("no message came out");
  return performance.now() - started;
}

const sdkReader = () => {
  const buffer = new ReadBuffer({ maxBufferSize: 64 * 1024 * 1024 });
  return {
    push(chunk) {
      buffer.append(chunk);
      return buffer.readMessage() !== null;
    },
  };
};
const pithyReader = () => {
  let done = false;
  const lines = new MessageLines(64 * 1024 * 1024, {
    message: (text) => {
      JSON.parse(text); // the SDK's reader parses too: compare like with like
      done = true;
    },
    oversized: () => {},
  });
  return {
    push(chunk) {
      lines.push(chunk);
      return done;
    },
  };
};

const rows = [];
for (const mb of SIZES) {
  const line = messageLine(mb);
  // Alternate the two, best of three each, so drifts in machine speed hit both.
  const sdk = [];
  const ours = [];
  for (let round = 0; round < 3; round++) {
    sdk.push(timeReader(line, sdkReader));
    ours.push(timeReader(line, pithyReader));
  }
  const row = { mb, sdk: Math.min(...sdk), pithy: Math.min(...ours) };
  rows.push(row);
  console.log(`reader ${mb} MB: SDK ${row.sdk.toFixed(0)} ms, pithy ${row.pithy.toFixed(1)} ms`);
}

/** Spawns a server, writes one line, resolves with ms to the first answer line (or null if it exited first). */
function timeServer(kind, line) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, "server.mjs"), kind], { stdio: ["pipe", "pipe", "ignore"] });
    let started = 0;
    let answer = "";
    let settled = false;
    const finish = (value) => {
      if (settled) return;
      settled = true;
      child.kill();
      resolve(value);
    };
    child.stdout.on("data", (chunk) => {
      answer += chunk.toString("utf8");
      const nl = answer.indexOf("\n");
      if (nl !== -1) finish({ ms: performance.now() - started, reply: JSON.parse(answer.slice(0, nl)) });
    });
    child.once("exit", () => finish({ ms: performance.now() - started, reply: null }));
    child.once("error", reject);
    // A server that exits mid-message (the SDK's, over its cap) breaks the pipe: that is its answer.
    child.stdin.on("error", () => {});
    // Let the server start before the clock does.
    setTimeout(() => {
      started = performance.now();
      child.stdin.write(line);
    }, 1500);
  });
}

const e2e = [];
for (const mb of E2E) {
  const line = messageLine(mb, "pithy_stats");
  const sdk = await timeServer("sdk", line);
  // pithy's runs are short: best of three, to keep a busy moment of the machine out of the figure.
  let ours = await timeServer("pithy", line);
  for (let round = 0; round < 2; round++) {
    const again = await timeServer("pithy", line);
    if (again.ms < ours.ms) ours = again;
  }
  const describe = ({ reply }) =>
    reply === null ? "exited, no reply" : reply.error ? `error ${reply.error.code}` : "answer";
  e2e.push({ mb, sdk, ours, sdkWhat: describe(sdk), oursWhat: describe(ours) });
  console.log(
    `server ${mb} MB: SDK ${sdk.ms.toFixed(0)} ms (${describe(sdk)}), pithy ${ours.ms.toFixed(0)} ms (${describe(ours)})`,
  );
}
rmSync(dir, { recursive: true, force: true });

const cpu = cpus()[0]?.model ?? "unknown CPU";
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(0)}×` : "—");
const lines = [
  "# MCP stdio: reading one large message",
  "",
  `Measured by \`node bench/mcp-read.mjs\` on ${process.version}, ${cpu} (${cpus().length} vCPUs, shared).`,
  "Ratios are of figures measured side by side in the same run.",
  "",
  "## In process: one `tools/call` line fed in 64 KiB chunks until the message comes out (best of 3)",
  "",
  "| message | SDK `ReadBuffer` | pithy `MessageLines` | SDK ÷ pithy | pithy MB/s |",
  "|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.mb} MB | ${r.sdk.toFixed(0)} ms | ${r.pithy.toFixed(1)} ms | ${ratio(r.sdk, r.pithy)} | ${(r.mb / (r.pithy / 1000)).toFixed(0)} |`,
  ),
  "",
  "The SDK's time grows with the square of the size (it concatenates its whole buffer with every chunk and",
  "searches it again from the start); pithy's grows linearly (each chunk is searched once, the pieces joined once).",
  "",
  "## End to end: a child process, one `pithy_stats` call padded to N MB, first byte written → answer read",
  "",
  "SDK: one run per size (they are long); pithy: best of three.",
  "",
  "| message | SDK `StdioServerTransport` (64 MiB cap) | pithy `LineStdioServerTransport` (32 MiB cap) | SDK ÷ pithy |",
  "|---:|---:|---:|---:|",
  ...e2e.map(
    (r) =>
      `| ${r.mb} MB | ${r.sdk.ms.toFixed(0)} ms, ${r.sdkWhat} | ${r.ours.ms.toFixed(0)} ms, ${r.oursWhat} | ` +
      `${r.sdkWhat === "answer" && r.oursWhat === "answer" ? ratio(r.sdk.ms, r.ours.ms) : "—"} |`,
  ),
  "",
  "Over its cap the SDK's transport closes, and the server exits 0 without a reply; pithy's discards the message",
  "as it streams past (memory stays within the cap) and answers `-32600` with the request's id.",
  "",
];
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/mcp.md", import.meta.url), lines.join("\n"));
console.log("wrote bench/results/mcp.md");

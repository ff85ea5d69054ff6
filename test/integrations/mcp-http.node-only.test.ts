import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { connect as connectSocket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeKeyAsync } from "../../src/ccr/key.js";
import { runMcpServer } from "../../src/integrations/mcp.js";
import { corpusCases, readCase } from "../support/corpus.js";
import { bundleMcpServer, type HttpServerProcess, runtimeArgs, startHttpProcess } from "./fixtures/mcp-process.js";

type TextBlock = { type: "text"; text: string };

const root = mkdtempSync(join(tmpdir(), "pithy-mcp-http-"));
let server: HttpServerProcess;
let bundle = "";
let pytest = "";

beforeAll(async () => {
  bundle = await bundleMcpServer(root);
  const { command, args } = runtimeArgs(bundle, [
    join(root, "store"),
    JSON.stringify({ http: true, port: 0, maxMessageBytes: 1 << 20 }),
  ]);
  server = await startHttpProcess(command, args);
  const found = (await corpusCases()).find((c) => c.id === "log-requests-pytest-fail");
  if (found === undefined) throw new Error("corpus case log-requests-pytest-fail is missing");
  pytest = await readCase(found);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "pithy-http-test", version: "0.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

function texts(result: unknown): string[] {
  return (result as { content: TextBlock[] }).content.map((block) => block.text);
}

/** A raw HTTP request to the server (node:http, so the Host header can be anything). */
function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
  method = "POST",
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("pithy mcp over Streamable HTTP, through the SDK's client", () => {
  it("prints where it listens on stderr, on loopback, with the port it picked", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(server.url).not.toMatch(/:0\//);
  });

  it("lists the three tools and compresses a pytest log into fewer tokens", async () => {
    const client = await connect(server.url);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        "pithy_compress",
        "pithy_recall",
        "pithy_stats",
      ]);
      const result = await client.callTool({ name: "pithy_compress", arguments: { content: pytest, tool: "Bash" } });
      const fields = result.structuredContent as { action: string; tokensIn: number; tokensOut: number; key: string };
      expect(fields.action).toBe("compressed");
      expect(fields.tokensOut).toBeLessThan(fields.tokensIn);
      expect(texts(result)[0]).toContain(`[[pithy:${fields.key}`);
    } finally {
      await client.close();
    }
  });

  it("recalls, from another client, a key handed out to the first (stateless: one store for every request)", async () => {
    const first = await connect(server.url);
    const second = await connect(server.url);
    try {
      const { key } = (await first.callTool({ name: "pithy_compress", arguments: { content: pytest } }))
        .structuredContent as {
        key: string;
      };
      expect(texts(await second.callTool({ name: "pithy_recall", arguments: { key } }))).toEqual([pytest]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("answers 100 concurrent calls over one client, each with its own answer", async () => {
    const client = await connect(server.url);
    try {
      const contents = Array.from({ length: 100 }, (_, i) => `run ${i}\n${pytest}`);
      const answers = await Promise.all(
        contents.map((content) => client.callTool({ name: "pithy_compress", arguments: { content, tool: "Bash" } })),
      );
      const keys = await Promise.all(contents.map((c) => computeKeyAsync(c)));
      expect(answers.map((a) => (a.structuredContent as { key: string }).key)).toEqual(keys);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("answers a tool name that is not a string with one short sentence", async () => {
    const client = await connect(server.url);
    try {
      const error = await client.callTool({ name: 7 as unknown as string }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).message).toMatch(/^MCP error -32602: Invalid params: tools\/call needs "name"/);
    } finally {
      await client.close();
    }
  });
});

describe("pithy mcp over Streamable HTTP, written to as no SDK client would", () => {
  it("answers a body that is not JSON with -32700", async () => {
    const answer = await post(server.url, "{nope");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ id: null, error: { code: -32700 } });
  });

  it("answers a body over the message cap with 413 and keeps serving", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { c: "x".repeat(2 << 20) } });
    const answer = await post(server.url, big);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.message).toMatch(/Payload Too Large/);
    const list = await post(server.url, '{"jsonrpc":"2.0","id":2,"method":"tools/list"}');
    expect(JSON.parse(list.body)).toMatchObject({ id: 2, result: { tools: expect.any(Array) } });
  });

  it("refuses a Host or Origin that is not loopback (DNS rebinding), and answers loopback ones", async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    expect((await post(server.url, body, { host: "evil.example:80" })).status).toBe(403);
    expect((await post(server.url, body, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(server.url, body, { origin: "null" })).status).toBe(403);
    const port = new URL(server.url).port;
    expect(
      (await post(server.url, body, { host: `localhost:${port}`, origin: `http://localhost:${port}` })).status,
    ).toBe(200);
  });

  it("frees the slots of clients that hang up mid-request, waiting for a slot or not", async () => {
    const { port } = new URL(server.url);
    const sockets = Array.from({ length: 70 }, () => connectSocket(Number(port)));
    await Promise.all(sockets.map((s) => new Promise((resolve) => s.once("connect", resolve))));
    for (const socket of sockets) {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          "Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const socket of sockets) socket.destroy();
    const list = await post(server.url, '{"jsonrpc":"2.0","id":3,"method":"tools/list"}');
    expect(JSON.parse(list.body)).toMatchObject({ id: 3, result: { tools: expect.any(Array) } });
  });

  it("answers GET with 405 (no server-initiated stream) and other paths with 404", async () => {
    const get = await post(server.url, "", {}, "GET");
    expect(get.status).toBe(405);
    expect((await post(server.url.replace(/\/mcp$/, "/other"), "{}")).status).toBe(404);
  });
});

describe("runMcpServer({ http: true })", () => {
  it("says where it listens through warn, serves there, and stops listening on close()", async () => {
    const notices: string[] = [];
    const handle = await runMcpServer({ http: true, port: 0, store: null, warn: (line) => void notices.push(line) });
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(notices).toEqual([`pithy mcp listening on ${handle.url}`]);
    const client = await connect(handle.url as string);
    const result = await client.callTool({ name: "pithy_compress", arguments: { content: "ok\n" } });
    expect(texts(result)).toEqual(["ok\n", expect.stringContaining('"too_short"')]);
    await client.close();
    await handle.close();
    await handle.closed;
    await expect(post(handle.url as string, "{}")).rejects.toThrow(/ECONNREFUSED/);
  });

  it("refuses a bad port before opening anything, naming the option", async () => {
    await expect(runMcpServer({ http: true, port: 70000, store: null })).rejects.toThrow(
      /option "port" must be an integer from 0 to 65535/,
    );
  });
});

describe("pithy mcp --http from the command line", () => {
  const cliDir = join(root, "cli");
  let cli = "";

  beforeAll(async () => {
    const require = createRequire(import.meta.url);
    const { build } = require("esbuild") as typeof import("esbuild");
    cli = join(cliDir, "cli.js");
    await build({
      entryPoints: [fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url))],
      bundle: true,
      format: "esm",
      platform: "node",
      target: "es2022",
      outfile: cli,
      banner: {
        js: 'import { createRequire as __pithyRequire } from "node:module"; const require = __pithyRequire(import.meta.url);',
      },
      logLevel: "warning",
    });
  }, 60_000);

  it("serves the tools on the port it prints, --port 0 picking one", async () => {
    const { command, args } = runtimeArgs(cli, [
      "mcp",
      "--http",
      "--port",
      "0",
      "--store-dir",
      join(root, "cli-store"),
    ]);
    const running = await startHttpProcess(command, args);
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = await connect(running.url);
      expect((await client.listTools()).tools).toHaveLength(3);
      await client.close();
    } finally {
      await running.stop();
    }
  }, 60_000);

  it("binds the host --host names, IPv6 loopback included", async () => {
    const { command, args } = runtimeArgs(cli, [
      "mcp",
      "--http",
      "--host",
      "::1",
      "--port",
      "0",
      "--store-dir",
      join(root, "cli-store"),
    ]);
    const running = await startHttpProcess(command, args);
    try {
      expect(running.url).toMatch(/^http:\/\/\[::1\]:\d+\/mcp$/);
      const client = await connect(running.url);
      expect((await client.listTools()).tools).toHaveLength(3);
      await client.close();
    } finally {
      await running.stop();
    }
  }, 60_000);

  it("refuses --port without --http, and a port that is not a number, with exit 2", () => {
    for (const flags of [
      ["--port", "80"],
      ["--http", "--port", "eighty"],
    ]) {
      const { command, args } = runtimeArgs(cli, ["mcp", ...flags]);
      const result = spawnSync(command, args, { encoding: "utf8", input: "" });
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/option "port" must be/);
    }
  }, 60_000);
});

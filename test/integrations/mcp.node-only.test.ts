import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { computeKeyAsync } from "../../src/ccr/key.js";
import { parseMarkers } from "../../src/ccr/marker.js";
import { RECALL_TOOL_DESCRIPTION, recallToolSchema } from "../../src/messages/recall-tool.js";
import { corpusCases, readCase, type CorpusCase } from "../support/corpus.js";
import { bundleMcpServer, spawnRawServer, startMcpSession, type McpSession } from "./fixtures/mcp-process.js";

type TextBlock = { type: "text"; text: string };

const root = mkdtempSync(join(tmpdir(), "pithy-mcp-"));
const storeDir = join(root, "store");
let bundle = "";
let session: McpSession;
let pytest: CorpusCase & { text: string };

beforeAll(async () => {
  bundle = await bundleMcpServer(root);
  session = await startMcpSession(bundle, storeDir);
  const found = (await corpusCases()).find((c) => c.id === "log-requests-pytest-fail");
  if (found === undefined) throw new Error("corpus case log-requests-pytest-fail is missing");
  pytest = { ...found, text: await readCase(found) };
}, 60_000);

afterAll(async () => {
  await session?.transport.close();
  rmSync(root, { recursive: true, force: true });
});

/** The text blocks of a tool result (the SDK types `callTool`'s answer as a union with a legacy shape). */
function texts(result: unknown): string[] {
  return (result as { content: TextBlock[] }).content.map((block) => block.text);
}

async function compressPytest(s: McpSession) {
  return s.client.callTool({ name: "pithy_compress", arguments: { content: pytest.text, tool: "Bash" } });
}

describe("pithy's MCP server, through the SDK client over stdio", () => {
  it("introduces itself as pithy with the package's version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(session.client.getServerVersion()).toEqual({ name: "pithy", version: pkg.version });
    expect(session.client.getServerCapabilities()?.tools).toBeDefined();
  });

  it("lists pithy_compress, pithy_recall and pithy_stats with JSON Schemas of their arguments", async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["pithy_compress", "pithy_recall", "pithy_stats"]);
    expect(tools[0].inputSchema.required).toEqual(["content"]);
    expect(tools[0].outputSchema?.required).toContain("tokensOut");
    expect(tools[1]).toMatchObject({ description: RECALL_TOOL_DESCRIPTION, inputSchema: recallToolSchema() });
  });

  it("compresses a pytest log into fewer tokens that still show every failure", async () => {
    const result = await compressPytest(session);
    expect(result.isError).toBeFalsy();
    const [output] = texts(result);
    const fields = result.structuredContent as { action: string; tokensIn: number; tokensOut: number; key?: string };
    expect(fields).toMatchObject({ action: "compressed", type: "log" });
    expect(fields.tokensOut).toBeLessThan(fields.tokensIn);
    expect(output.length).toBeLessThan(pytest.text.length);
    for (const kept of pytest.must_keep) expect(output).toContain(kept);
    expect(output).toContain(`[[pithy:${fields.key}`);
  });

  it("mirrors the structured result as one JSON line in a second text block", async () => {
    const result = await compressPytest(session);
    const blocks = texts(result);
    expect(blocks).toHaveLength(2);
    expect(blocks[1]).not.toContain("\n");
    expect(JSON.parse(blocks[1])).toEqual(result.structuredContent);
  });

  it("recalls the exact original behind the key of a compressed output", async () => {
    const key = ((await compressPytest(session)).structuredContent as { key: string }).key;
    const recalled = await session.client.callTool({ name: "pithy_recall", arguments: { key } });
    expect(recalled.isError).toBeFalsy();
    expect(texts(recalled)).toEqual([pytest.text]);
  });

  it("recalls the original when the model passes the whole marker as the key", async () => {
    const output = texts(await compressPytest(session))[0];
    const marker = /\[\[pithy:[^\]]*\]\]/.exec(output)?.[0] ?? "";
    expect(marker).not.toBe("");
    const recalled = await session.client.callTool({ name: "pithy_recall", arguments: { key: marker } });
    // A pasted marker asks for the lines it names, exactly.
    const [first, last] = parseMarkers(marker)[0].lines![0];
    const lines = pytest.text.split(/(?<=\n)/);
    expect(texts(recalled)).toEqual([lines.slice(first - 1, last).join("")]);
  });

  it("answers a recall call without a key with a plain isError message", async () => {
    const recalled = await session.client.callTool({ name: "pithy_recall", arguments: {} });
    expect(recalled.isError).toBe(true);
    expect(texts(recalled)[0]).toMatch(/^pithy: the recall call needs \{"key"/);
  });

  it("answers a recall of an unknown key with a plain isError message", async () => {
    const recalled = await session.client.callTool({ name: "pithy_recall", arguments: { key: "0".repeat(32) } });
    expect(recalled.isError).toBe(true);
    expect(texts(recalled)[0]).toMatch(/^pithy: key 0{32} is unknown or has expired/);
  });

  it("answers a recall of something that is not a key with a plain isError message", async () => {
    const recalled = await session.client.callTool({ name: "pithy_recall", arguments: { key: "../../etc/passwd" } });
    expect(recalled.isError).toBe(true);
    expect(texts(recalled)[0]).toMatch(/^pithy: /);
    expect(texts(recalled)[0]).not.toMatch(/\n\s+at /);
  });

  it("answers a compress call without content, or with a non-string hint, with an isError message", async () => {
    const missing = await session.client.callTool({ name: "pithy_compress", arguments: { tool: "Bash" } });
    expect(missing.isError).toBe(true);
    expect(texts(missing)[0]).toContain('"content"');
    const badHint = await session.client.callTool({ name: "pithy_compress", arguments: { content: "x", query: 42 } });
    expect(badHint.isError).toBe(true);
    expect(texts(badHint)[0]).toContain('"query"');
  });

  it("returns short content unchanged with the reason it was skipped", async () => {
    const result = await session.client.callTool({ name: "pithy_compress", arguments: { content: "ok\n" } });
    expect(texts(result)[0]).toBe("ok\n");
    expect(result.structuredContent).toMatchObject({ action: "skipped", reason: "too_short", strategy: "none" });
  });

  it("reports calls, savings, recalls and the store directory in pithy_stats", async () => {
    const result = await session.client.callTool({ name: "pithy_stats", arguments: {} });
    const report = JSON.parse(texts(result)[0]);
    expect(report).toEqual(result.structuredContent);
    expect(report.telemetry.compressions).toBeGreaterThanOrEqual(1);
    expect(report.telemetry.totals.tokensSaved).toBeGreaterThan(0);
    expect(report.telemetry.recalls.hits).toBeGreaterThanOrEqual(1);
    expect(report.store).toMatchObject({ dir: storeDir });
    expect(report.store.fallback).toBeUndefined();
    expect(report.store.entries).toBeGreaterThanOrEqual(1);
  });

  it("rejects a call of a tool it does not have with a protocol error", async () => {
    await expect(session.client.callTool({ name: "pithy_explode", arguments: {} })).rejects.toBeInstanceOf(McpError);
  });

  it("answers a tool name that is not a string with one short sentence, not a validation dump", async () => {
    const error = await session.client
      .callTool({ name: 42 as unknown as string, arguments: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toBe(
      'MCP error -32602: Invalid params: tools/call needs "name", the tool to call, as a string; pithy has pithy_compress, pithy_recall, pithy_stats.',
    );
  });
});

describe("pithy's MCP server under load and with large messages, through the SDK client", () => {
  it("answers 300 concurrent calls over one connection, each with the answer to its own request", async () => {
    const contents = Array.from({ length: 100 }, (_, i) => `pytest run ${i} of the requests suite\n${pytest.text}`);
    const keys = await Promise.all(contents.map((c) => computeKeyAsync(c)));
    const calls = contents.flatMap((content, i) => [
      session.client.callTool({ name: "pithy_compress", arguments: { content, tool: "Bash" } }),
      session.client.callTool({ name: "pithy_compress", arguments: { content: `short ${i}\n` } }),
      session.client.callTool({ name: "pithy_recall", arguments: { key: "0".repeat(31) + (i % 10) } }),
    ]);
    const answers = await Promise.all(calls);
    expect(answers).toHaveLength(300);
    for (let i = 0; i < 100; i++) {
      const [compressed, short, miss] = answers.slice(3 * i, 3 * i + 3);
      expect((compressed.structuredContent as { key?: string }).key).toBe(keys[i]);
      expect(texts(short)[0]).toBe(`short ${i}\n`);
      expect(texts(miss)[0]).toContain(`key ${"0".repeat(31)}${i % 10} is unknown`);
    }
    const recalled = await session.client.callTool({ name: "pithy_recall", arguments: { key: keys[57] } });
    expect(texts(recalled)).toEqual([contents[57]]);
  }, 120_000);

  it("answers content too large to return with a short note and a marker, and stays connected", async () => {
    // 12 MiB: over the gate's 8 Mi characters, so the pipeline leaves it whole; echoed, the
    // reply would overflow the SDK client's 10 MiB buffer and close the connection.
    const content = `${"0123456789abcdef".repeat(64)}\n`.repeat(12 * 1024);
    const result = await session.client.callTool({ name: "pithy_compress", arguments: { content } });
    const [note] = texts(result);
    expect(note.length).toBeLessThan(600);
    expect(result.structuredContent).toMatchObject({ action: "skipped", reason: "too_large", capped: true });
    const [marker] = parseMarkers(note);
    expect(marker.key).toBe(await computeKeyAsync(content));
    // The answer is the original's first part, within the recall bound, and says how to ask for the next.
    const recalled = texts(await session.client.callTool({ name: "pithy_recall", arguments: { key: marker.key } }))[0];
    expect(recalled.length).toBeLessThanOrEqual(64 * 1024);
    expect(content.startsWith(recalled.slice(0, recalled.indexOf("[pithy: ")))).toBe(true);
    expect(recalled).toMatch(/Next part: pithy_recall \{"key": "[0-9a-f]{32}", "lines": "\d+-\d+"\}/);
    expect((await session.client.listTools()).tools).toHaveLength(3);
  }, 120_000);

  it("answers a 70 MB message with an error naming the 32 MiB cap, and keeps serving", async () => {
    const content = "x".repeat(70 * 1000 * 1000);
    const error = await session.client
      .callTool({ name: "pithy_compress", arguments: { content } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32600);
    expect((error as McpError).message).toMatch(
      /the message has 70000\d{3} bytes, over pithy's limit of 33554432 \(32 MiB\)/,
    );
    const after = await session.client.callTool({ name: "pithy_compress", arguments: { content: "ok\n" } });
    expect(texts(after)[0]).toBe("ok\n");
  }, 120_000);
});

describe("pithy's MCP server on raw stdio, written to as no SDK client would", () => {
  it("answers malformed JSON with -32700 and id null, then answers the next request", async () => {
    const server = spawnRawServer(bundle, join(root, "raw-store"));
    try {
      server.write('{"jsonrpc":"2.0","id":1,"method":"tools/list"\n');
      expect(await server.next()).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32700, message: expect.stringMatching(/^Parse error: the message is not valid JSON/) },
      });
      server.write('{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n');
      expect(await server.next()).toMatchObject({ id: 2, result: { tools: expect.any(Array) } });
    } finally {
      server.child.stdin?.end();
      expect(await server.exited).toBe(0);
    }
  }, 30_000);

  it("answers requests piped in before stdin closes, then exits 0", async () => {
    const server = spawnRawServer(bundle, join(root, "raw-store"));
    server.write(
      '{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"pithy_compress","arguments":{"content":"hi\\n"}}}\n' +
        '{"jsonrpc":"2.0","id":"b","method":"tools/call","params":{"name":"pithy_stats","arguments":{}}}\n',
    );
    server.child.stdin?.end();
    const ids = [(await server.next()).id, (await server.next()).id].sort();
    expect(ids).toEqual(["a", "b"]);
    expect(await server.exited).toBe(0);
  }, 30_000);

  it("answers a message over a configured cap by its id, without keeping it, and stays up", async () => {
    const server = spawnRawServer(bundle, join(root, "raw-store"), { maxMessageBytes: 65536 });
    try {
      const big = JSON.stringify({
        method: "tools/call",
        params: { name: "pithy_compress", arguments: { content: "y".repeat(1e6) } },
        jsonrpc: "2.0",
        id: 31,
      });
      server.write(big + "\n");
      expect(await server.next()).toMatchObject({
        id: 31,
        error: { code: -32600, data: { bytes: big.length, maxMessageBytes: 65536 } },
      });
      server.write('{"jsonrpc":"2.0","id":32,"method":"tools/list"}\n');
      expect(await server.next()).toMatchObject({ id: 32 });
    } finally {
      server.child.stdin?.end();
      await server.exited;
    }
  }, 30_000);
});

describe("pithy's MCP server across a restart", () => {
  it("recalls, in a new server on the same store directory, a key handed out by a server that was killed", async () => {
    const dir = join(root, "restart-store");
    const first = await startMcpSession(bundle, dir);
    const key = ((await compressPytest(first)).structuredContent as { key: string }).key;
    const pid = first.transport.pid;
    expect(pid).toBeTypeOf("number");
    const gone = new Promise<void>((resolve) => (first.client.onclose = resolve));
    process.kill(pid as number, "SIGKILL");
    await gone;

    const second = await startMcpSession(bundle, dir);
    try {
      expect(second.transport.pid).not.toBe(pid);
      const recalled = await second.client.callTool({ name: "pithy_recall", arguments: { key } });
      expect(recalled.isError, second.stderr()).toBeFalsy();
      expect(texts(recalled)).toEqual([pytest.text]);
    } finally {
      await second.transport.close();
    }
  }, 60_000);

  it("keeps serving from memory, and says so on stderr, when the store directory cannot be used", async () => {
    const notADir = join(root, "a-file");
    writeFileSync(notADir, "");
    const s = await startMcpSession(bundle, notADir);
    try {
      const report = JSON.parse(texts(await s.client.callTool({ name: "pithy_stats", arguments: {} }))[0]);
      expect(report.store.fallback).toMatch(/\S/);
      const key = ((await compressPytest(s)).structuredContent as { key: string }).key;
      expect(texts(await s.client.callTool({ name: "pithy_recall", arguments: { key } }))).toEqual([pytest.text]);
      // stderr is its own pipe: the warning may trail the answers on stdout.
      await vi.waitFor(() => expect(s.stderr()).toMatch(/^pithy mcp: originals are kept in memory only/));
    } finally {
      await s.transport.close();
    }
  }, 30_000);

  it("exits on its own, without a signal, when the client closes its stdin", async () => {
    const s = await startMcpSession(bundle, join(root, "exit-store"));
    const pid = s.transport.pid as number;
    const started = performance.now();
    // close() ends stdin and sends SIGTERM only if the server is still running 2 s later.
    await s.transport.close();
    expect(performance.now() - started).toBeLessThan(1900);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(s.stderr()).toBe("");
  }, 30_000);
});

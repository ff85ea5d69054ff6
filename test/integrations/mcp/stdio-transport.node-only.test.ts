import { PassThrough, Writable } from "node:stream";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it, vi } from "vitest";
import { LineStdioServerTransport } from "../../../src/integrations/mcp/stdio-transport.js";

/** A transport on in-memory streams: what the server received, and every line it wrote. */
async function harness(maxMessageBytes?: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: unknown[] = [];
  let pending = "";
  output.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    for (let nl = pending.indexOf("\n"); nl !== -1; nl = pending.indexOf("\n")) {
      written.push(JSON.parse(pending.slice(0, nl)));
      pending = pending.slice(nl + 1);
    }
  });
  const transport = new LineStdioServerTransport(input, output, { maxMessageBytes });
  const received: JSONRPCMessage[] = [];
  const closed = vi.fn();
  transport.onmessage = (message) => void received.push(message);
  transport.onclose = closed;
  await transport.start();
  /** Writes raw text to the transport's input and lets the streams deliver it. */
  const write = async (text: string | Buffer) => {
    input.write(text);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { input, output, transport, received, written, closed, write };
}

const request = (id: number, method = "tools/call") =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params: {} }) + "\n";

describe("LineStdioServerTransport", () => {
  it("hands each JSON-RPC message to the server", async () => {
    const h = await harness();
    await h.write(request(1, "tools/list") + '{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    expect(h.received).toEqual([
      { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
      { jsonrpc: "2.0", method: "notifications/initialized" },
    ]);
    expect(h.written).toEqual([]);
  });

  it("answers a line that is not JSON with -32700 and id null, and keeps reading", async () => {
    const h = await harness();
    await h.write('{"jsonrpc":"2.0","id":1,"method":\n' + request(2));
    expect(h.written).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32700, message: expect.stringMatching(/^Parse error: the message is not valid JSON/) },
      },
    ]);
    expect(h.received.map((m) => ("id" in m ? m.id : null))).toEqual([2]);
    expect(h.closed).not.toHaveBeenCalled();
  });

  it("answers JSON that is not a JSON-RPC message with -32600, echoing a usable id", async () => {
    const h = await harness();
    await h.write('{"id":5,"method":"x"}\n[{"jsonrpc":"2.0","id":6,"method":"x"}]\n"text"\n');
    expect(h.written).toMatchObject([
      {
        id: 5,
        error: { code: -32600, message: expect.stringMatching(/^Invalid Request: a message needs "jsonrpc": "2.0"/) },
      },
      {
        id: null,
        error: { code: -32600, message: expect.stringMatching(/batches \(JSON arrays\) are not supported/) },
      },
      { id: null, error: { code: -32600 } },
    ]);
    expect(h.received).toEqual([]);
  });

  it("answers a message over the cap with an error carrying its id, and reads the next one", async () => {
    const h = await harness(4096);
    const big = JSON.stringify({
      method: "tools/call",
      params: { arguments: { content: "x".repeat(10_000) } },
      jsonrpc: "2.0",
      id: 9,
    });
    await h.write(big.slice(0, 5000));
    await h.write(big.slice(5000) + "\n" + request(10));
    expect(h.written).toEqual([
      {
        jsonrpc: "2.0",
        id: 9,
        error: {
          code: -32600,
          message: expect.stringMatching(
            /^Invalid Request: the message has 10\d\d\d bytes, over pithy's limit of 4096 \(4 KiB\)/,
          ),
          data: { bytes: big.length, maxMessageBytes: 4096 },
        },
      },
    ]);
    expect(h.received.map((m) => ("id" in m ? m.id : null))).toEqual([10]);
  });

  it("hands on a message nested 100 000 levels deep, and answers a bare deep array as a batch", async () => {
    const h = await harness();
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    await h.write(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{"v":${deep}}}}\n${deep}\n`);
    expect(h.received.map((m) => ("id" in m ? m.id : null))).toEqual([1]);
    expect(h.written).toMatchObject([{ id: null, error: { code: -32600 } }]);
  });

  it("pauses reading while 256 requests are unanswered, and resumes once one is answered", async () => {
    const h = await harness();
    await h.write(Array.from({ length: 256 }, (_, i) => request(i)).join(""));
    expect(h.input.isPaused()).toBe(true);
    await h.transport.send({ jsonrpc: "2.0", id: 0, result: {} });
    expect(h.input.isPaused()).toBe(false);
  });

  it("pauses reading while the unanswered requests add up to the message cap", async () => {
    const h = await harness(2048);
    const large = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "x", params: { c: "y".repeat(1500) } });
    await h.write(large(1) + "\n");
    expect(h.input.isPaused()).toBe(false);
    await h.write(large(2) + "\n");
    expect(h.input.isPaused()).toBe(true);
    await h.transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    expect(h.input.isPaused()).toBe(false);
  });

  it("counts a cancelled request as answered (the server sends nothing for it)", async () => {
    const h = await harness(2048);
    const large = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "x", params: { c: "y".repeat(1500) } });
    await h.write(large(1) + "\n");
    await h.write('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}\n');
    await h.write(large(2) + "\n");
    expect(h.input.isPaused()).toBe(false);
  });

  it("when the client closes its input, writes the answers still owed before it closes", async () => {
    const h = await harness();
    await h.write(request(1) + request(2));
    h.input.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.closed).not.toHaveBeenCalled();
    await h.transport.send({ jsonrpc: "2.0", id: 2, result: {} });
    expect(h.closed).not.toHaveBeenCalled();
    await h.transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    expect(h.closed).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.written.map((m) => (m as { id: number }).id)).toEqual([2, 1]);
  });

  it("closes at once when the client closes its input with nothing owed", async () => {
    const h = await harness();
    h.input.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.closed).toHaveBeenCalledTimes(1);
  });

  it("reports a server that throws on a message as an error, and keeps reading", async () => {
    const h = await harness();
    const errors: Error[] = [];
    h.transport.onerror = (error) => void errors.push(error);
    h.transport.onmessage = (message) => {
      if ("id" in message && message.id === 1) throw new Error("handler broke");
      h.received.push(message);
    };
    await h.write(request(1) + request(2));
    expect(errors.map((e) => e.message)).toEqual(["handler broke"]);
    expect(h.received.map((m) => ("id" in m ? m.id : null))).toEqual([2]);
  });

  it("closes, without throwing, when its output breaks", async () => {
    const input = new PassThrough();
    const output = new Writable({ write: (_chunk, _encoding, done) => done(new Error("EPIPE")) });
    const transport = new LineStdioServerTransport(input, output);
    const errors: Error[] = [];
    transport.onerror = (error) => void errors.push(error);
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    await transport.start();
    input.write("not json\n");
    await closed;
    expect(errors.map((e) => e.message)).toContain("EPIPE");
    await expect(transport.send({ jsonrpc: "2.0", id: 1, result: {} })).rejects.toThrow(/closed/);
  });

  it("waits for the output to drain when it is full, with one listener however many sends wait", async () => {
    const input = new PassThrough();
    const release: Array<() => void> = [];
    const output = new Writable({ highWaterMark: 16, write: (_chunk, _encoding, done) => void release.push(done) });
    const transport = new LineStdioServerTransport(input, output);
    await transport.start();
    let sent = 0;
    const sends = Array.from({ length: 20 }, (_, i) =>
      transport.send({ jsonrpc: "2.0", id: i, result: {} }).then(() => sent++),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(0);
    expect(output.listenerCount("drain")).toBe(1);
    while (release.length > 0 || sent < 20) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(sends);
    expect(sent).toBe(20);
  });
});

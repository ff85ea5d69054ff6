// `pithy proxy`: flags, the filesystem store, the log, graceful shutdown on a
// stop signal (in process, and as a real child process of Node and of Deno).
import Anthropic from "@anthropic-ai/sdk";
import { type ChildProcess, spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import process from "node:process";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { EXIT, type Io, main } from "../../src/cli/main.js";
import { proxyCommand } from "../../src/cli/proxy-command.js";
import { detectRuntime } from "../../src/runtime.js";
import { anthropicConversation, BASH_TOOL_ANTHROPIC, bigLog, markerKey } from "../proxy/support/conversations.js";
import { type FakeUpstreamServer, startFakeUpstream } from "../proxy/support/fake-upstream-server.js";
import { anthropicMessage } from "../proxy/support/shapes.js";

const root = new URL("../../", import.meta.url).pathname;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "pithy-proxy-cli-"));
  dirs.push(dir);
  return dir;
};
let upstream: FakeUpstreamServer | undefined;
const children: ChildProcess[] = [];

afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** An in-process Io whose stdout and stderr are kept: `out()` and `err()`. */
function io(argv: string[]): Io & { err: () => string; out: () => string } {
  let err = "";
  let out = "";
  return {
    argv,
    env: {},
    cwd: process.cwd(),
    stdin: (async function* () {})(),
    stdinIsTty: false,
    openFile: (path) => createReadStream(path),
    stdout: {
      isClosed: false,
      async write(chunk) {
        out += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
      },
    },
    stderr: (s) => {
      err += s;
    },
    stderrIsTty: false,
    outputsShareTarget: false,
    err: () => err,
    out: () => out,
  };
}

const until = async (condition: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
};

const request = (url: string, content: string) =>
  new Anthropic({ apiKey: "sk-ant-test", baseURL: url, maxRetries: 0 }).messages.create({
    model: "claude-sonnet-4-5",
    max_tokens: 64,
    tools: [BASH_TOOL_ANTHROPIC] as Anthropic.Tool[],
    messages: anthropicConversation(content) as unknown as Anthropic.MessageParam[],
  });

describe("pithy proxy", () => {
  it("names a bad flag and exits 2", async () => {
    for (const argv of [
      ["proxy", "--port", "http"],
      ["proxy", "--anthropic-upstream", "ftp://x"],
      ["proxy", "--max-recall-rounds", "1.5"],
      ["proxy", "extra"],
    ]) {
      const cli = io(argv);
      expect(await main(cli)).toBe(EXIT.usage);
      expect(cli.err()).toMatch(/^pithy: option "(--port|--anthropic-upstream|--max-recall-rounds|proxy)" must be/);
    }
  });

  it("prints its help", async () => {
    const cli = io(["proxy", "--help"]);
    expect(await main(cli)).toBe(EXIT.ok);
    const out = cli.out();
    expect(out).toContain("ANTHROPIC_BASE_URL=http://127.0.0.1:8787");
    expect(out).toContain("--anthropic-upstream URL");
  });

  it("serves until a stop signal, keeps originals in the filesystem store and logs one line per request", async () => {
    const log = await bigLog();
    upstream = await startFakeUpstream(() => ({ json: anthropicMessage([{ type: "text", text: "ok" }]) }));
    const storeDir = tempDir();
    const signals = new EventEmitter();
    const cli = io([]);
    const running = proxyCommand(
      cli,
      [],
      { namespace: "proxy-test" },
      { port: "0", "anthropic-upstream": upstream.url, "store-dir": storeDir },
      signals as never,
    );
    await until(() => cli.err().includes("listening on"));
    const url = /pithy proxy listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(cli.err())![1];
    await request(url, log);
    const key = markerKey(upstream.requests[0].json.messages[2].content[0].content);
    expect(cli.err()).toMatch(/pithy proxy: POST \/v1\/messages 200 anthropic tool results 1\/1 compressed/);
    const stats = await (await fetch(`${url}/pithy/stats`)).json();
    expect(stats.proxy.toolResults.compressed).toBe(1);
    signals.emit("SIGTERM");
    expect(await running).toBe(EXIT.ok);
    expect(cli.err()).toContain("pithy proxy: stopped");
    // The original outlives the proxy: `pithy recall` finds it in the same store.
    // In the namespace the proxy kept it in.
    const recall = io(["recall", key, "--store-dir", storeDir, "--namespace", "proxy-test"]);
    expect(await main(recall)).toBe(EXIT.ok);
    expect(recall.out()).toBe(log);
  });

  it("stays quiet with --quiet but still says where it listens", async () => {
    upstream = await startFakeUpstream(() => ({ json: anthropicMessage([{ type: "text", text: "ok" }]) }));
    const signals = new EventEmitter();
    const cli = io([]);
    const running = proxyCommand(
      cli,
      [],
      {},
      { port: "0", quiet: true, "anthropic-upstream": upstream.url, "store-dir": tempDir() },
      signals as never,
    );
    await until(() => cli.err().includes("listening on"));
    const url = /listening on (\S+)/.exec(cli.err())![1];
    await request(url, "short");
    signals.emit("SIGINT");
    await running;
    expect(cli.err()).not.toContain("POST /v1/messages");
  });

  it("says so and exits 1 when the port is taken", async () => {
    const taken = await startFakeUpstream(() => ({ json: {} }));
    const port = new URL(taken.url).port;
    const cli = io([]);
    expect(await proxyCommand(cli, [], {}, { port, "store-dir": tempDir() }, new EventEmitter() as never)).toBe(1);
    expect(cli.err()).toContain(`cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
    await taken.close();
  });

  async function startChild(command: string, args: string[]) {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, NO_COLOR: "1" },
    });
    children.push(child);
    let err = "";
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await until(() => /listening on http/.test(err) || child.exitCode !== null, 60_000);
    const url = /pithy proxy listening on (http:\/\/\S+)/.exec(err)?.[1];
    if (url === undefined) throw new Error(`the proxy did not start:\n${err}`);
    return { child, url, exited, err: () => err };
  }

  async function servesThenStopsGracefully(command: string, args: string[]) {
    let answered = false;
    upstream = await startFakeUpstream(async () => {
      // Still answering when the stop signal arrives.
      await new Promise((r) => setTimeout(r, 400));
      answered = true;
      return { json: anthropicMessage([{ type: "text", text: "finished in flight" }]) };
    });
    const { child, url, exited, err } = await startChild(command, [
      ...args,
      "proxy",
      "--port",
      "0",
      "--anthropic-upstream",
      upstream.url,
      "--store-dir",
      tempDir(),
    ]);
    const inFlight = request(url, "short output");
    await until(() => upstream!.requests.length === 1);
    child.kill("SIGTERM");
    const message = await inFlight;
    expect(answered).toBe(true);
    expect(message.content).toEqual([{ type: "text", text: "finished in flight" }]);
    const code = await exited;
    expect(err()).toContain("pithy proxy: stopped");
    // Deno's child_process reports the signal it sent, not the exit code, even when the child exited 0.
    if (detectRuntime() === "node") expect(code).toBe(0);
  }

  it("runs as `node dist/cli.js proxy` and finishes a request in flight on SIGTERM", async () => {
    await servesThenStopsGracefully("node", ["dist/cli.js"]);
  }, 60_000);

  it("starts under Deno (`deno run -A dist/cli.js proxy --port 0`) and serves", async () => {
    // The binary itself, not the npm package's node wrapper: the wrapper does not pass signals on
    // (in a terminal, Ctrl-C reaches both, as they share a process group).
    const deno = join(dirname(createRequire(import.meta.url).resolve("deno/bin.cjs")), "deno");
    await servesThenStopsGracefully(deno, ["run", "-A", "dist/cli.js"]);
  }, 120_000);
});

// A real redis-server for tests and benches, on a free loopback port, with no
// persistence, stopped by the caller. Node and Deno only (child_process, net).
//
// redis-server cannot pick its own port (`--port 0` turns TCP off), so a free
// one is found by binding a throwaway server to port 0 first; another process
// could take it in between, so a server that exits at start is retried on a
// new port.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import process from "node:process";

/** The redis-server binary: `PITHY_REDIS_SERVER`, else Debian's. */
export const REDIS_SERVER_BIN = process.env.PITHY_REDIS_SERVER ?? "/usr/bin/redis-server";

/** A redis-server process the test owns. */
export interface RedisTestServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  /** Stops the server (its data is gone: no persistence). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Stops and starts it: every connection drops, every entry is lost. */
  restart(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open but nothing answers. */
  pause(): void;
  /** Thaws a paused process (SIGCONT). */
  resume(): void;
}

/** Whether a redis-server binary is there to start. */
export function hasRedisServer(): boolean {
  return existsSync(REDIS_SERVER_BIN);
}

/**
 * Starts a redis-server on a free loopback port; resolves once it answers
 * PING. Throws with an install hint when the binary is missing.
 */
export async function startRedisServer(): Promise<RedisTestServer> {
  if (!hasRedisServer()) {
    throw new Error(
      `redis-server not found at ${REDIS_SERVER_BIN}: apt-get install redis-server, or set PITHY_REDIS_SERVER`,
    );
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    try {
      let child = await spawnServer(port);
      const server: RedisTestServer = {
        port,
        url: `redis://127.0.0.1:${port}`,
        stop: () => stopServer(child),
        start: async () => {
          child = await spawnServer(port);
        },
        restart: async () => {
          await stopServer(child);
          child = await spawnServer(port);
        },
        pause: () => signal(child, "SIGSTOP"),
        resume: () => signal(child, "SIGCONT"),
      };
      return server;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** A port nothing listens on right now, found by letting the OS pick one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

async function spawnServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER_BIN,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--loglevel",
      "warning",
      "--daemonize",
      "no",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  // A test run that dies or times out before its afterAll must not leave the server behind.
  const reap = () => signal(child, "SIGKILL");
  process.once("exit", reap);
  child.once("exit", () => process.off("exit", reap));
  let stderr = "";
  child.stderr?.on("data", (chunk: Uint8Array) => (stderr += String(chunk)));
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if (await answersPing(port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  signal(child, "SIGKILL");
  throw new Error(`redis-server did not start on port ${port}: ${stderr.trim() || "no answer within 5 s"}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // A paused process ignores SIGTERM until it is thawed.
  signal(child, "SIGCONT");
  signal(child, "SIGTERM");
  const timer = setTimeout(() => signal(child, "SIGKILL"), 3000);
  await exited;
  clearTimeout(timer);
}

/** Whether something on `port` answers a RESP PING with +PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let reply = "";
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk: Uint8Array) => {
      reply += String(chunk);
      if (reply.includes("\r\n")) done(reply.startsWith("+PONG"));
    });
  });
}

/**
 * Sends `name` to the child by pid: Deno's `ChildProcess.kill` ignores
 * SIGSTOP and SIGCONT, `process.kill` does not.
 */
function signal(child: ChildProcess, name: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(child.pid, name);
  } catch {
    // Already gone.
  }
}

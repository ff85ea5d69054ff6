/**
 * `pithy proxy`: runs the OpenAI- and Anthropic-compatible proxy until
 * SIGINT or SIGTERM, then lets the requests in flight finish. Originals go to
 * the filesystem store, so a marker in a long session stays recallable
 * across restarts (and by `pithy recall KEY`). Runs in Node ≥ 20 and Deno ≥ 2.
 */
import { PithyConfigError } from "../errors.js";
import { createPithy, type PithyOptions } from "../pipeline.js";
import { createProxy } from "../proxy/create-proxy.js";
import {
  DEFAULT_ANTHROPIC_UPSTREAM,
  DEFAULT_HOST,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_RECALL_ROUNDS,
  DEFAULT_OPENAI_UPSTREAM,
  DEFAULT_PORT,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
} from "../proxy/options.js";
import { FsStore } from "../stores/fs.js";
import type { Command } from "./command.js";
import type { Io } from "./io.js";
import { namespacedOptions } from "./pipeline-options.js";

/** `pithy proxy`, as an entry of the CLI's command table. */
export const proxyEntry: Command = {
  flags: [
    "host",
    "port",
    "anthropic-upstream",
    "openai-upstream",
    "max-recall-rounds",
    "max-body-mb",
    "upstream-timeout",
    "mode",
    "profile",
    "quiet",
    "store-dir",
    "namespace",
  ],
  run: (context) => proxyCommand(context.io, context.args, namespacedOptions(context), context.flags),
};

/** `pithy proxy --help`. */
export const PROXY_HELP = `Usage: pithy proxy [--host ${DEFAULT_HOST}] [--port ${DEFAULT_PORT}] [options]

An OpenAI- and Anthropic-compatible HTTP proxy. Point an agent at it
(ANTHROPIC_BASE_URL=http://127.0.0.1:${DEFAULT_PORT}, OPENAI_BASE_URL=http://127.0.0.1:${DEFAULT_PORT}/v1):
tool results in POST /v1/messages, /v1/chat/completions and /v1/responses are
compressed, the pithy_recall tool is offered when a marker is present, and the
model's recall calls are answered by the proxy. Everything else is forwarded
untouched. Prints "pithy proxy listening on http://HOST:PORT" on stderr when
ready, then one line per request (no content, no secrets).

  --host HOST                address to bind (default ${DEFAULT_HOST}, loopback only)
  --port PORT                port to bind; 0 picks a free one (default ${DEFAULT_PORT})
  --anthropic-upstream URL   default ${DEFAULT_ANTHROPIC_UPSTREAM}
  --openai-upstream URL      default ${DEFAULT_OPENAI_UPSTREAM} (the client's /v1/… path is appended)
  --max-recall-rounds N      recall rounds answered per request (default ${DEFAULT_MAX_RECALL_ROUNDS}; 0: never)
  --max-body-mb N            largest request body in MiB (default ${DEFAULT_MAX_BODY_BYTES / 1024 / 1024}); larger: 413
  --upstream-timeout SEC     longest wait for an upstream's response headers (default ${DEFAULT_UPSTREAM_TIMEOUT_MS / 1000})
  --mode MODE, --profile NAME  as for compressing
  --quiet                    no line per request
  --store-dir DIR            where originals are kept (default $XDG_CACHE_HOME/pithy or ~/.cache/pithy)
  -h, --help                 this help

Stops on SIGINT or SIGTERM, letting requests in flight finish (up to 10 s).
Counters: GET http://HOST:PORT/pithy/stats
`;

interface SignalSource {
  once(signal: "SIGINT" | "SIGTERM", listener: () => void): unknown;
  off(signal: "SIGINT" | "SIGTERM", listener: () => void): unknown;
}

/** Runs the proxy until a stop signal; returns the exit code. Bad flags throw {@link PithyConfigError}. */
export async function proxyCommand(
  io: Io,
  args: string[],
  options: PithyOptions,
  values: Record<string, unknown>,
  signals: SignalSource = (globalThis as unknown as { process: SignalSource }).process,
): Promise<number> {
  if (args.length > 0) throw new PithyConfigError("proxy", "given no arguments (flags only)", args[0]);
  const flags = readFlags(values);
  const store = await FsStore.open({ dir: values["store-dir"] as string | undefined, onUnusable: "memory" });
  const fallback = (await store.stats()).fallback;
  if (fallback !== undefined)
    io.stderr(`pithy: store directory unusable (${fallback}); originals kept in memory only\n`);
  const pithy = await createPithy({ ...options, store });
  const quiet = values.quiet === true;
  const proxy = createProxy({ ...flags, pithy, log: quiet ? null : (line) => io.stderr(`${line}\n`) });
  let address: { url: string };
  try {
    address = await proxy.listen();
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    io.stderr(`pithy proxy: cannot listen on ${flags.host ?? DEFAULT_HOST}:${flags.port ?? DEFAULT_PORT} (${code})\n`);
    return 1;
  }
  io.stderr(`pithy proxy listening on ${address.url}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      signals.off("SIGINT", stop);
      signals.off("SIGTERM", stop);
      resolve();
    };
    signals.once("SIGINT", stop);
    signals.once("SIGTERM", stop);
  });
  io.stderr("pithy proxy: stopping; letting requests in flight finish\n");
  await proxy.close();
  io.stderr("pithy proxy: stopped\n");
  return 0;
}

/** The proxy options the flags set; a bad value throws naming the flag. */
function readFlags(values: Record<string, unknown>) {
  const flags: {
    host?: string;
    port?: number;
    anthropicUpstream?: string;
    openaiUpstream?: string;
    maxRecallRounds?: number;
    maxBodyBytes?: number;
    upstreamTimeoutMs?: number;
  } = {};
  if (values.host !== undefined) flags.host = String(values.host);
  if (values.port !== undefined) flags.port = integer(values.port, "--port", 0, 65535);
  if (values["anthropic-upstream"] !== undefined)
    flags.anthropicUpstream = url(values["anthropic-upstream"], "--anthropic-upstream");
  if (values["openai-upstream"] !== undefined)
    flags.openaiUpstream = url(values["openai-upstream"], "--openai-upstream");
  if (values["max-recall-rounds"] !== undefined)
    flags.maxRecallRounds = integer(values["max-recall-rounds"], "--max-recall-rounds", 0, 100);
  if (values["max-body-mb"] !== undefined)
    flags.maxBodyBytes = integer(values["max-body-mb"], "--max-body-mb", 1, 2047) * 1024 * 1024;
  if (values["upstream-timeout"] !== undefined)
    flags.upstreamTimeoutMs = integer(values["upstream-timeout"], "--upstream-timeout", 1, 86_400) * 1000;
  return flags;
}

function integer(value: unknown, flag: string, min: number, max: number): number {
  const n = Number(value);
  if (typeof value === "string" && /^\d+$/.test(value) && n >= min && n <= max) return n;
  throw new PithyConfigError(flag, `an integer from ${min} to ${max}`, value);
}

function url(value: unknown, flag: string): string {
  try {
    const parsed = new URL(String(value));
    if (parsed.protocol === "http:" || parsed.protocol === "https:") return parsed.href;
  } catch {
    // reported below
  }
  throw new PithyConfigError(flag, "an http:// or https:// URL", value);
}

// An in-process Io for the CLI's command tests: stdin from a string, stdout
// and stderr collected. The real process plumbing (pipes, EPIPE, ENOSPC) is
// tested on child processes in filter.node-only.test.ts.
import { createReadStream } from "node:fs";
import process from "node:process";
import { EXIT, type Io, main } from "../../src/cli/main.js";

/** What one in-process run of the CLI printed. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
  bytes: Buffer;
}

/** Options of {@link cli}. */
export interface FakeIoOptions {
  stdin?: string | Uint8Array;
  env?: Record<string, string>;
  cwd?: string;
  stdinIsTty?: boolean;
  stderrIsTty?: boolean;
}

/** Runs `pithy argv…` in this process. */
export async function cli(argv: string[], options: FakeIoOptions = {}): Promise<CliRun> {
  const chunks: Uint8Array[] = [];
  let err = "";
  const stdin = options.stdin ?? "";
  const bytes = typeof stdin === "string" ? new TextEncoder().encode(stdin) : stdin;
  const io: Io = {
    argv,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    stdin: (async function* () {
      if (bytes.length > 0) yield bytes;
    })(),
    stdinIsTty: options.stdinIsTty ?? false,
    openFile: (path) => createReadStream(path),
    stdout: {
      isClosed: false,
      async write(chunk) {
        chunks.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
      },
    },
    stderr: (text) => {
      err += text;
    },
    stderrIsTty: options.stderrIsTty ?? false,
    outputsShareTarget: false,
  };
  const code = await main(io);
  const all = Buffer.concat(chunks);
  return { code, out: all.toString("utf8"), err, bytes: all };
}

export { EXIT };

/**
 * What the `pithy` command reads and writes, as bytes, separated from
 * `process` so the commands can be driven by tests, and built for a real
 * process by {@link processIo}.
 *
 * Input is an async stream of chunks, never `readFileSync(0)`: in Node the
 * bundle's `import process from "node:process"` puts fd 0 in non-blocking
 * mode, and a synchronous read of a pipe whose producer is slower than us then
 * fails with EAGAIN. Output goes through a {@link ByteSink} that turns the two
 * ends a Unix filter must survive into plain outcomes: a reader that went away
 * (EPIPE: `pithy … | head -1`) closes the sink quietly, and a write that
 * fails (ENOSPC: `> /dev/full`) rejects with an {@link OutputError} that the
 * command reports in one line.
 */
import { createReadStream, fstatSync } from "node:fs";

/** A stream of input bytes (stdin, a file). Iterating it may reject with a Node-style error (`code`). */
export type ByteSource = AsyncIterable<Uint8Array>;

/** Where output bytes go. Strings are written as UTF-8. */
export interface ByteSink {
  /**
   * Writes `chunk`; resolves once the destination took it (so a long
   * passthrough follows the reader's pace). Resolves without writing once the
   * reader has gone away; rejects with {@link OutputError} when the write fails.
   */
  write(chunk: Uint8Array | string): Promise<void>;
  /** Whether the reader went away (EPIPE): producing more output is pointless. */
  readonly isClosed: boolean;
}

/** A write to stdout failed for a reason other than the reader leaving (ENOSPC, EIO…). */
export class OutputError extends Error {
  override name = "OutputError";
  constructor(
    /** The system error code, such as `ENOSPC`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Everything a command may touch. */
export interface Io {
  /** The arguments after the program name. */
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** The working directory; it names the default store namespace. */
  cwd: string;
  stdin: ByteSource;
  /** Whether stdin is a terminal (then `pithy` with no FILE prints help instead of waiting). */
  stdinIsTty: boolean;
  /** The bytes of a file, streamed. */
  openFile(path: string): ByteSource;
  stdout: ByteSink;
  /** One or more whole lines of diagnostics. */
  stderr(text: string): void;
  /** Whether stderr is a terminal (for the eval progress bar). */
  stderrIsTty: boolean;
  /**
   * Whether stdout and stderr end up in the same place (one terminal, or
   * `2>&1`): the savings line then needs a line break of its own after
   * output that has no final newline.
   */
  outputsShareTarget: boolean;
}

/** The subset of a Node writable stream that {@link streamSink} needs. */
export interface WritableLike {
  write(chunk: Uint8Array | string, callback: (error?: Error | null) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

/** A {@link ByteSink} over a Node-style writable stream (process.stdout). */
export function streamSink(stream: WritableLike): ByteSink {
  let closed = false;
  // Node emits EPIPE and ENOSPC as 'error' events too; unheard, they would crash the process.
  stream.on("error", () => {});
  return {
    get isClosed() {
      return closed;
    },
    write(chunk) {
      if (closed) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const settle = (error?: Error | null) => {
          if (error === null || error === undefined) return resolve();
          const code = (error as { code?: unknown }).code;
          if (code === "EPIPE" || code === "ERR_STREAM_DESTROYED") {
            closed = true;
            return resolve();
          }
          reject(new OutputError(typeof code === "string" ? code : "EIO", describeWriteError(error)));
        };
        // Node reports a failed write to its callback; Deno throws from write() on a file (ENOSPC on /dev/full).
        try {
          stream.write(chunk, settle);
        } catch (error) {
          settle(error as Error);
        }
      });
    },
  };
}

function describeWriteError(error: Error): string {
  const code = (error as { code?: unknown }).code;
  // Node: "ENOSPC: no space left on device, write"; Deno: "No space left on device (os error 28)".
  const reason = error.message
    .replace(/^[A-Z]+:\s*/, "")
    .replace(/,\s*write$/, "")
    .replace(/\s*\(os error \d+\)$/, "")
    .toLowerCase();
  return typeof code === "string" ? `${code} (${reason})` : reason;
}

interface ProcessLike {
  argv: string[];
  env: Record<string, string | undefined>;
  cwd(): string;
  stdin: AsyncIterable<Uint8Array> & { isTTY?: boolean };
  stdout: WritableLike & { isTTY?: boolean };
  stderr: WritableLike & { isTTY?: boolean; write(s: string): unknown };
}

/** The {@link Io} of this process. */
export function processIo(proc: ProcessLike): Io {
  proc.stderr.on("error", () => {});
  return {
    argv: proc.argv.slice(2),
    env: proc.env,
    cwd: proc.cwd(),
    stdin: proc.stdin,
    stdinIsTty: proc.stdin.isTTY === true,
    openFile: (path) => createReadStream(path),
    stdout: streamSink(proc.stdout),
    stderr: (text) => void proc.stderr.write(text),
    stderrIsTty: proc.stderr.isTTY === true,
    outputsShareTarget: sameTarget(proc),
  };
}

/** Whether fd 1 and fd 2 are the same file, pipe or terminal. */
function sameTarget(proc: ProcessLike): boolean {
  try {
    const out = fstatSync(1);
    const err = fstatSync(2);
    return out.dev === err.dev && out.ino === err.ino;
  } catch {
    return proc.stdout.isTTY === true && proc.stderr.isTTY === true;
  }
}

/**
 * `pithy [FILE|-]`: the Unix filter. Reads bytes, hands the pipeline only
 * input that is UTF-8 text within the size limit (read-input.ts), and passes
 * everything else through byte for byte as it streams in, so a binary or a
 * 16 GB input costs a bounded amount of memory.
 */
import { DEFAULT_MAX_CHARS } from "../../config.js";
import { estimateTokens } from "../../kernels/tokens.js";
import type { CompressResult, SkipReason } from "../../types.js";
import { UsageError } from "../args.js";
import { type Command, type CommandContext, EXIT } from "../command.js";
import { HELP } from "../help.js";
import type { ByteSource, Io } from "../io.js";
import { namespacedOptions } from "../pipeline-options.js";
import { type InputRead, readInput } from "../read-input.js";
import { passthroughLine, savingsLine } from "../savings-line.js";
import { openSession } from "../session.js";

/** The default command. */
export const compressCommand: Command = {
  flags: ["tool", "filename", "query", "mode", "profile", "code", "json", "quiet", "store-dir", "namespace"],
  run: compress,
};

async function compress(context: CommandContext): Promise<number> {
  const { io, flags, args } = context;
  if (args.length > 1) throw new UsageError(`expected at most one FILE, got ${args.length}`);
  const source = args[0] ?? "-";
  if (args.length === 0 && io.stdinIsTty) {
    // Nothing piped in and no file named: waiting for a terminal to type a tool output helps nobody.
    io.stderr(HELP.main);
    return EXIT.usage;
  }
  const options = namespacedOptions(context);
  const session = await openSession(io, options, flags["store-dir"] as string | undefined);
  const what = source === "-" ? "stdin" : source;
  const input = source === "-" ? io.stdin : io.openFile(source);
  let read: InputRead;
  try {
    read = await readInput(input, options.maxChars ?? DEFAULT_MAX_CHARS);
  } catch (error) {
    return cannotRead(io, what, error);
  }
  const asJson = flags.json === true;
  const quiet = flags.quiet === true;

  if (read.kind === "bytes") {
    let bytes = read.headBytes;
    let readToEnd = read.rest === null;
    if (asJson) {
      await closeSource(read.rest);
    } else {
      try {
        bytes = await passThrough(io, read.head, read.rest);
        readToEnd = true;
      } catch (error) {
        if (!isReadError(error)) throw error;
        return cannotRead(io, what, error);
      }
    }
    if (asJson) await io.stdout.write(JSON.stringify(bytesReport(read.reason, bytes, readToEnd), null, 2) + "\n");
    if (!quiet) io.stderr(passthroughLine(bytes, read.reason) + (readToEnd ? "" : " (read no further)") + "\n");
    await session.finish([{ reason: read.reason, bytes }]);
    return EXIT.ok;
  }

  const result = withRealCounts(
    await session.pithy.compress(read.text, {
      tool: flags.tool as string | undefined,
      filename: (flags.filename as string | undefined) ?? (source === "-" ? undefined : source),
      query: flags.query as string | undefined,
      compressCode: flags.code === true ? true : undefined,
    }),
    read.text,
  );
  const shown = asJson ? JSON.stringify(result, null, 2) + "\n" : result.output;
  await io.stdout.write(shown);
  if (!quiet) {
    // Output without a final newline would have the savings line glued to its last line on a shared terminal.
    const breakFirst = io.outputsShareTarget && shown.length > 0 && !shown.endsWith("\n") && !io.stdout.isClosed;
    io.stderr((breakFirst ? "\n" : "") + savingsLine(result) + "\n");
  }
  await session.finish();
  return EXIT.ok;
}

/**
 * `off` mode skips before anything is counted, so the pipeline reports 0
 * tokens; the savings line should say how much went through.
 */
function withRealCounts(result: CompressResult, text: string): CompressResult {
  if (result.reason !== "mode_off" || text.length === 0 || result.tokensIn > 0) return result;
  const tokens = estimateTokens(text);
  return { ...result, tokensIn: tokens, tokensOut: tokens };
}

/** Writes what was read, then streams the rest; stops early when the reader leaves. The bytes written. */
async function passThrough(io: Io, head: Uint8Array[], rest: ByteSource | null): Promise<number> {
  let bytes = 0;
  for (const chunk of head) {
    if (io.stdout.isClosed) break;
    await io.stdout.write(chunk);
    bytes += chunk.length;
  }
  if (rest === null) return bytes;
  if (io.stdout.isClosed) {
    await closeSource(rest);
    return bytes;
  }
  try {
    for await (const chunk of rest) {
      await io.stdout.write(chunk);
      bytes += chunk.length;
      if (io.stdout.isClosed) break;
    }
  } catch (error) {
    throw new ReadFailure(error);
  }
  return bytes;
}

/** A read error met while streaming, told apart from a write error. */
class ReadFailure extends Error {
  constructor(readonly original: unknown) {
    super("read failed");
  }
}

function isReadError(error: unknown): error is ReadFailure {
  return error instanceof ReadFailure;
}

/** Stops reading a source that will not be read to its end (a pipe, /dev/zero). */
async function closeSource(source: ByteSource | null): Promise<void> {
  if (source === null) return;
  try {
    await source[Symbol.asyncIterator]().return?.();
  } catch {
    // Closing a source that already failed: nothing more to learn from it.
  }
}

/** The `--json` result of input passed through as bytes: no `output`, which is the input itself. */
function bytesReport(reason: SkipReason & ("binary" | "too_large"), bytes: number, readToEnd: boolean) {
  return {
    action: "skipped",
    reason,
    type: "unknown",
    strategy: "none",
    bytesIn: bytes,
    bytesOut: bytes,
    tokensIn: 0,
    tokensOut: 0,
    detail: { readToEnd: readToEnd ? 1 : 0 },
  };
}

function cannotRead(io: Io, what: string, error: unknown): number {
  const cause = error instanceof ReadFailure ? error.original : error;
  const code = (cause as { code?: unknown } | null)?.code;
  io.stderr(`pithy: cannot read ${what} (${typeof code === "string" ? code : "error"})\n`);
  return EXIT.unreadable;
}

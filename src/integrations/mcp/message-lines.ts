/**
 * Splits a byte stream into newline-delimited messages in linear time, with
 * a cap on the size of one message.
 *
 * The MCP SDK's own stdio reader (`ReadBuffer`) concatenates its whole buffer
 * with every 64 KiB chunk and searches it again from the start, so a message
 * of n bytes costs O(n²/64 KiB): 8 MiB took 0.35 s, 32 MiB 7 s
 * (bench/mcp-read.mjs). Here each chunk is searched once for `\n` and kept as
 * it came; the pieces of a line are joined once, when its newline arrives.
 *
 * A line over the cap is not kept: its pieces are dropped as soon as the cap
 * is crossed, the rest streams through a {@link RequestIdScanner} until the
 * newline, and the sink hears how large it was and which id it carried. So
 * memory stays within the cap plus one chunk whatever the client sends.
 */
import { type JsonRpcId, RequestIdScanner } from "./request-id-scanner.js";

/** Where {@link MessageLines} delivers what it reads. */
export interface MessageSink {
  /** One whole line under the cap, decoded as UTF-8 (invalid bytes become U+FFFD), without its `\r\n`, and its size in bytes. */
  message(text: string, bytes: number): void;
  /** A line over the cap was discarded: the bytes received before its newline, and the request id found in them. */
  oversized(bytes: number, id: JsonRpcId | null): void;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Newline-delimited message reader with a byte cap per message.
 * @example
 * const lines = new MessageLines(32 * 1024 * 1024, { message: handle, oversized: refuse });
 * stdin.on("data", (chunk) => lines.push(chunk));
 * stdin.on("end", () => lines.end());
 */
export class MessageLines {
  private pieces: Uint8Array[] = [];
  private pendingBytes = 0;
  /** Set while the rest of an oversized line streams past. */
  private discarding: RequestIdScanner | null = null;
  private discardedBytes = 0;
  private readonly decoder = new TextDecoder();

  /**
   * @param maxMessageBytes largest line kept, in bytes, not counting its line ending
   * @param sink receives the lines and the oversized reports, in input order
   */
  constructor(
    readonly maxMessageBytes: number,
    private readonly sink: MessageSink,
  ) {}

  /** Reads the next chunk; delivers every line it completes. */
  push(chunk: Uint8Array): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      if (newline === -1) {
        this.take(chunk.subarray(start));
        return;
      }
      this.take(chunk.subarray(start, newline));
      this.finishLine();
      start = newline + 1;
    }
  }

  /** The input ended: a last line without a newline is delivered too. */
  end(): void {
    if (this.pendingBytes > 0 || this.discarding !== null) this.finishLine();
  }

  private take(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (this.discarding !== null) {
      this.discarding.feed(piece);
      this.discardedBytes += piece.length;
      return;
    }
    // Checked before the piece is kept, so nothing over the cap is ever held
    // (one byte of slack for the `\r` of a `\r\n` line ending).
    if (this.pendingBytes + piece.length > this.maxMessageBytes + 1) {
      const scanner = new RequestIdScanner();
      for (const kept of this.pieces) scanner.feed(kept);
      scanner.feed(piece);
      this.discarding = scanner;
      this.discardedBytes = this.pendingBytes + piece.length;
      this.pieces = [];
      this.pendingBytes = 0;
      return;
    }
    this.pieces.push(piece);
    this.pendingBytes += piece.length;
  }

  private finishLine(): void {
    if (this.discarding !== null) {
      const { discardedBytes: bytes, discarding: scanner } = this;
      this.discarding = null;
      this.discardedBytes = 0;
      this.sink.oversized(bytes, scanner.id());
      return;
    }
    let line = this.joinPieces();
    this.pieces = [];
    this.pendingBytes = 0;
    if (line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN) line = line.subarray(0, line.length - 1);
    if (line.length > this.maxMessageBytes) {
      // Over by the one byte that could still have been a `\r`.
      const scanner = new RequestIdScanner();
      scanner.feed(line);
      this.sink.oversized(line.length, scanner.id());
      return;
    }
    if (isBlank(line)) return;
    this.sink.message(this.decoder.decode(line), line.length);
  }

  private joinPieces(): Uint8Array {
    if (this.pieces.length === 1) return this.pieces[0];
    const line = new Uint8Array(this.pendingBytes);
    let at = 0;
    for (const piece of this.pieces) {
      line.set(piece, at);
      at += piece.length;
    }
    return line;
  }
}

/** Blank lines between messages are not messages: skipped, not answered. */
function isBlank(line: Uint8Array): boolean {
  for (let i = 0; i < line.length; i++) {
    const b = line[i];
    if (b !== 0x20 && b !== 0x09 && b !== CARRIAGE_RETURN) return false;
  }
  return true;
}

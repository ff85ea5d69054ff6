/**
 * Finds the `id` of a JSON-RPC message that is too large to keep, as its
 * bytes stream past, in constant memory.
 *
 * A message over the size cap is discarded unread, but its sender still waits
 * for an answer to that id: the official SDK client writes the id *last*
 * (`{"method":…,"params":{…},"jsonrpc":"2.0","id":7}`), so neither a head nor
 * a tail of fixed size finds it in general. This is a byte-level JSON
 * tokenizer that tracks only string/escape state and nesting depth, and
 * captures the value of a top-level `"id"` member (nested `"id"` keys, such
 * as a record inside the tool's arguments, are not the request's id). UTF-8
 * continuation bytes are all ≥ 0x80, so no multi-byte character can be
 * mistaken for a structural character.
 *
 * Like `JSON.parse`, the last top-level `id` wins when there are several.
 * Anything that is not a string or a finite number (an object, `true`, a
 * value longer than {@link MAX_ID_BYTES}, a key spelled with escapes) gives
 * `null`, the id JSON-RPC prescribes when the request's id cannot be known.
 */

/** A JSON-RPC request id. */
export type JsonRpcId = string | number;

/** Longest id value captured; an MCP id is a short integer or string. */
export const MAX_ID_BYTES = 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const I = 0x69;
const D = 0x64;

/**
 * Streams the bytes of one JSON text and reports the top-level `id` it holds.
 * @example
 * const scanner = new RequestIdScanner();
 * for (const chunk of chunks) scanner.feed(chunk);
 * scanner.id(); // 7, "abc" or null
 */
export class RequestIdScanner {
  private depth = 0;
  private isTopObject = false;
  private inString = false;
  private isEscaped = false;
  /** At depth 1 of an object, the next string is a member name. */
  private expectsKey = false;
  private isReadingKey = false;
  /** Characters of the member name matched against `id` so far; -1 once it differs. */
  private keyMatched = 0;
  /** The member just named is `id`: its value is the one to capture. */
  private isIdValue = false;
  private capture: Uint8Array | null = null;
  private captured = 0;
  private found: JsonRpcId | null = null;

  /** Consumes the next bytes of the text. */
  feed(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) this.step(bytes[i]);
  }

  /** The last top-level `id` seen so far, or null when none was usable. */
  id(): JsonRpcId | null {
    return this.found;
  }

  private step(b: number): void {
    if (this.inString) {
      if (this.capture !== null) this.keep(b);
      if (this.isEscaped) {
        this.isEscaped = false;
        if (this.isReadingKey) this.keyMatched = -1;
      } else if (b === BACKSLASH) {
        this.isEscaped = true;
      } else if (b === QUOTE) {
        this.inString = false;
        this.isReadingKey = false;
      } else if (this.isReadingKey) {
        this.keyMatched = this.keyMatched === 0 && b === I ? 1 : this.keyMatched === 1 && b === D ? 2 : -1;
      }
      return;
    }
    switch (b) {
      case 0x20:
      case 0x09:
      case 0x0a:
      case 0x0d:
        return;
      case QUOTE:
        this.inString = true;
        if (this.depth === 1 && this.isTopObject) {
          if (this.expectsKey) {
            this.expectsKey = false;
            this.isReadingKey = true;
            this.keyMatched = 0;
          } else if (this.isIdValue && this.capture === null) {
            this.startCapture();
            this.keep(b);
          }
        }
        return;
      case COLON:
        if (this.depth === 1 && this.isTopObject) this.isIdValue = this.keyMatched === 2;
        return;
      case COMMA:
        if (this.depth === 1 && this.isTopObject) {
          this.finishCapture();
          this.expectsKey = true;
          this.keyMatched = 0;
        }
        return;
      case OPEN_BRACE:
      case OPEN_BRACKET:
        this.depth++;
        if (this.depth === 1) {
          this.isTopObject = b === OPEN_BRACE;
          this.expectsKey = this.isTopObject;
        }
        return;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        if (this.depth === 1 && this.isTopObject) this.finishCapture();
        if (this.depth > 0) this.depth--;
        return;
      default:
        // The bytes of a number or literal (`7`, `-1.5e3`, `true`, `null`).
        if (this.depth === 1 && this.isTopObject && this.isIdValue) {
          if (this.capture === null) this.startCapture();
          this.keep(b);
        }
    }
  }

  private startCapture(): void {
    this.capture = new Uint8Array(MAX_ID_BYTES);
    this.captured = 0;
  }

  private keep(b: number): void {
    const capture = this.capture as Uint8Array;
    // One past the bound marks the value as too long to be an id.
    if (this.captured < capture.length) capture[this.captured] = b;
    if (this.captured <= capture.length) this.captured++;
  }

  /** Ends the value of the member that was just read, taking it as the id when it was `id`. */
  private finishCapture(): void {
    if (this.isIdValue) this.found = this.capturedId();
    this.isIdValue = false;
    this.capture = null;
    this.captured = 0;
  }

  private capturedId(): JsonRpcId | null {
    const capture = this.capture;
    if (capture === null || this.captured > capture.length) return null;
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder().decode(capture.subarray(0, this.captured)));
    } catch {
      return null;
    }
    if (typeof value === "string") return value;
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  }
}

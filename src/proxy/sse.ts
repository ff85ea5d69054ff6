/**
 * An incremental parser of `text/event-stream` bodies, as the providers send
 * them. Chunks arrive cut anywhere (inside a line, inside a UTF-8 sequence);
 * the parser hands back each complete event with the exact text it came in,
 * so an event the proxy has no reason to change is relayed byte for byte.
 * Field rules follow the WHATWG EventSource grammar: lines end in CRLF, LF or
 * CR; `event:` names the event; `data:` lines are joined with LF; a leading
 * space after the colon is dropped; lines starting with `:` are comments.
 */

/** One server-sent event. */
export interface SseEvent {
  /** The `event:` field, or `null` when the event has none. */
  event: string | null;
  /** The `data:` lines joined with LF (empty when the event has no data). */
  data: string;
  /** The event's exact text, terminating blank line included. */
  raw: string;
}

/** Longest text kept while waiting for an event to end (a bound for untrusted upstreams). */
export const MAX_PENDING_EVENT_CHARS = 64 * 1024 * 1024;

/** Thrown when one event grows past {@link MAX_PENDING_EVENT_CHARS}. */
export class SseEventTooLargeError extends Error {
  override name = "SseEventTooLargeError";
}

/**
 * Turns a stream of byte chunks into complete events. Feed it with `push`,
 * then call `end` once the body is over to get a final event that had no
 * blank line after it.
 */
export class SseParser {
  private readonly decoder = new TextDecoder();
  private pending = "";
  /** Where the search for the event's end resumes (no rescans of long events). */
  private scanFrom = 0;

  /** Adds a chunk; returns the events it completed, in order. */
  push(chunk: Uint8Array | string): SseEvent[] {
    this.pending += typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.drain();
  }

  /** Ends the body: returns the last event when it was not followed by a blank line. */
  end(): SseEvent[] {
    this.pending += this.decoder.decode();
    const events = this.drain();
    if (this.pending.length > 0) {
      const raw = this.pending;
      this.pending = "";
      this.scanFrom = 0;
      events.push(parseEvent(raw));
    }
    return events;
  }

  private drain(): SseEvent[] {
    const events: SseEvent[] = [];
    let start = 0;
    let from = this.scanFrom;
    for (;;) {
      const end = findEventEnd(this.pending, from);
      if (end === -1) break;
      const raw = this.pending.slice(start, end);
      events.push(parseEvent(raw));
      start = end;
      from = end;
    }
    if (start > 0) this.pending = this.pending.slice(start);
    // A blank line may straddle the next chunk: resume two characters back.
    this.scanFrom = Math.max(0, this.pending.length - 2);
    if (this.pending.length > MAX_PENDING_EVENT_CHARS) {
      throw new SseEventTooLargeError(`an event longer than ${MAX_PENDING_EVENT_CHARS} characters`);
    }
    return events;
  }
}

/**
 * The index just past the blank line that ends the first event in `text`
 * (searching from `from`), or -1. A blank line is a line break right after
 * another one; a CR at the very end may be the first half of a CRLF still to
 * come, so it does not end an event yet.
 */
function findEventEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    // The line break at i ends a line; is the line that follows empty?
    let next = i + 1;
    if (c === 13) {
      if (next >= text.length) return -1;
      if (text.charCodeAt(next) === 10) next++;
    }
    if (next >= text.length) return -1;
    const d = text.charCodeAt(next);
    if (d === 10) return next + 1;
    if (d === 13) {
      if (next + 1 >= text.length) return -1;
      return text.charCodeAt(next + 1) === 10 ? next + 2 : next + 1;
    }
    i = next - 1;
  }
  return -1;
}

const LINE_BREAK = /\r\n|\r|\n/;

/** The fields of one event's text (a stray blank line gives an event with no fields). */
function parseEvent(raw: string): SseEvent {
  let event: string | null = null;
  const data: string[] = [];
  for (const line of raw.split(LINE_BREAK)) {
    if (line.length === 0 || line.charCodeAt(0) === 58) continue; // blank, or a ":" comment
    const colon = line.indexOf(":");
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (name === "event") event = value;
    else if (name === "data") data.push(value);
  }
  return { event, data: data.join("\n"), raw };
}

/** The text of an event with the given name and data (one `data:` line per line of data). */
export function formatSseEvent(event: string | null, data: string): string {
  const head = event === null ? "" : `event: ${event}\n`;
  return `${head}${data
    .split(LINE_BREAK)
    .map((line) => `data: ${line}`)
    .join("\n")}\n\n`;
}

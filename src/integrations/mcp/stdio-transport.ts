/**
 * An MCP stdio server transport (the SDK's `Transport` interface) that stays
 * up whatever the client writes.
 *
 * Why not the SDK's `StdioServerTransport`: its reader is quadratic in the
 * size of a message (see message-lines.ts), and a message over its buffer
 * cap closes the transport, so the server exits 0 without a reply; a line
 * that is not JSON gets no answer at all. Here:
 *
 * - lines are read in linear time, at most {@link DEFAULT_MAX_MESSAGE_BYTES}
 *   each; a longer one is discarded as it streams past and answered with a
 *   JSON-RPC error carrying its id, so the caller's request fails at once
 *   instead of timing out;
 * - a line that is not JSON is answered `-32700` with id null, JSON that is
 *   not a JSON-RPC message `-32600`, as JSON-RPC 2.0 prescribes;
 * - reading pauses while {@link MAX_REQUESTS_IN_FLIGHT} requests, or requests
 *   adding up to the message cap, are being answered, so a fast client
 *   cannot queue unbounded work (at most twice the cap is held);
 * - when the client closes stdin, the answers still owed are written before
 *   the transport closes (the SDK's server drops them on close).
 */
import process from "node:process";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  invalidRequestResponse,
  type JsonRpcErrorResponse,
  oversizedMessageResponse,
  parseErrorResponse,
} from "./jsonrpc-errors.js";
import { MessageLines } from "./message-lines.js";
import type { JsonRpcId } from "./request-id-scanner.js";
import { DEFAULT_MAX_MESSAGE_BYTES } from "./settings.js";

/** Requests answered at once before reading pauses. */
export const MAX_REQUESTS_IN_FLIGHT = 256;

/** The readable side: `process.stdin` or any Node-style byte stream. */
export type MessageInput = Pick<NodeJS.ReadableStream, "on" | "off" | "pause" | "resume">;
/** The writable side: `process.stdout` or any Node-style stream. */
export type MessageOutput = Pick<NodeJS.WritableStream, "write" | "on" | "off" | "once">;

/** Options of {@link LineStdioServerTransport}. */
export interface LineStdioOptions {
  /** Largest message read, in bytes. Default {@link DEFAULT_MAX_MESSAGE_BYTES}. */
  maxMessageBytes?: number;
}

/**
 * Newline-delimited JSON-RPC over a pair of streams, for the SDK's `Server`.
 * @example
 * const server = await createMcpServer(pithy);
 * await server.connect(new LineStdioServerTransport());
 */
export class LineStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private readonly lines: MessageLines;
  /** Requests handed to the server and not yet answered, with their size in bytes. */
  private readonly inFlight = new Map<JsonRpcId, number>();
  private inFlightBytes = 0;
  private isPaused = false;
  private hasInputEnded = false;
  private isStarted = false;
  private isClosed = false;
  private drained: Promise<void> | null = null;
  private resolveDrained: (() => void) | null = null;

  constructor(
    private readonly input: MessageInput = process.stdin,
    private readonly output: MessageOutput = process.stdout,
    options: LineStdioOptions = {},
  ) {
    const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.lines = new MessageLines(maxMessageBytes, {
      message: (text, bytes) => this.receive(text, bytes),
      oversized: (bytes, id) => this.reply(oversizedMessageResponse(id, bytes, maxMessageBytes)),
    });
  }

  /** Starts reading; the SDK's `connect()` calls it. */
  async start(): Promise<void> {
    if (this.isStarted) throw new Error("pithy: this stdio transport was already started");
    this.isStarted = true;
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onStreamError);
    this.output.on("error", this.onOutputError);
    this.output.on("drain", this.onDrain);
  }

  /** Writes one message as a line, waiting while the output is full. */
  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (this.isClosed) throw new Error("pithy: the stdio transport is closed");
    await this.write(message);
    this.settle(message);
  }

  /** Stops reading and tells the server, once. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onStreamError);
    this.output.off("error", this.onOutputError);
    this.output.off("drain", this.onDrain);
    this.input.pause();
    this.resolveDrained?.();
    this.onclose?.();
  }

  private readonly onData = (chunk: Uint8Array | string) => {
    this.lines.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
  };

  private readonly onEnd = () => {
    this.lines.end();
    this.hasInputEnded = true;
    if (this.inFlight.size === 0) void this.close();
  };

  private readonly onStreamError = (error: Error) => {
    this.onerror?.(error);
  };

  /** A closed or broken stdout (the client is gone): nothing more can be answered. */
  private readonly onOutputError = (error: Error) => {
    this.onerror?.(error);
    void this.close();
  };

  private readonly onDrain = () => {
    const resolve = this.resolveDrained;
    this.drained = null;
    this.resolveDrained = null;
    resolve?.();
  };

  /** One line under the cap: parsed and checked here, so every fault gets its JSON-RPC answer. */
  private receive(text: string, bytes: number): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.reply(parseErrorResponse(error));
      return;
    }
    const checked = JSONRPCMessageSchema.safeParse(value);
    if (!checked.success) {
      this.reply(invalidRequestResponse(value));
      return;
    }
    const message = checked.data as JSONRPCMessage;
    this.track(message, bytes);
    try {
      this.onmessage?.(message);
    } catch (error) {
      // Thrown here it would escape the stream's data handler and end the process.
      this.onerror?.(asError(error));
    }
  }

  /** Counts a request in, or a cancellation out (the server sends nothing for a cancelled request). */
  private track(message: JSONRPCMessage, bytes: number): void {
    if ("method" in message && "id" in message) {
      this.inFlight.set(message.id, (this.inFlight.get(message.id) ?? 0) + bytes);
      this.inFlightBytes += bytes;
      if (
        !this.isPaused &&
        (this.inFlight.size >= MAX_REQUESTS_IN_FLIGHT || this.inFlightBytes >= this.lines.maxMessageBytes)
      ) {
        this.isPaused = true;
        this.input.pause();
      }
    } else if ("method" in message && message.method === "notifications/cancelled") {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === "string" || typeof id === "number") this.answered(id);
    }
  }

  /** A response went out: its request is done; reading resumes, or the transport closes after the last one. */
  private settle(message: JSONRPCMessage): void {
    if ("method" in message || !("id" in message) || message.id === undefined) return;
    this.answered(message.id);
  }

  private answered(id: JsonRpcId): void {
    const bytes = this.inFlight.get(id);
    if (bytes === undefined) return;
    this.inFlight.delete(id);
    this.inFlightBytes -= bytes;
    if (this.hasInputEnded) {
      if (this.inFlight.size === 0) void this.close();
      return;
    }
    if (
      this.isPaused &&
      this.inFlight.size < MAX_REQUESTS_IN_FLIGHT &&
      this.inFlightBytes < this.lines.maxMessageBytes
    ) {
      this.isPaused = false;
      this.input.resume();
    }
  }

  /** Answers a fault found here; a failure to write is reported, never thrown into the reader. */
  private reply(response: JsonRpcErrorResponse): void {
    if (this.isClosed) return;
    this.write(response).catch((error: unknown) => this.onerror?.(asError(error)));
  }

  private async write(message: JSONRPCMessage | JsonRpcErrorResponse): Promise<void> {
    const isFull = !this.output.write(JSON.stringify(message) + "\n");
    if (isFull && !this.isClosed) await this.untilDrained();
  }

  /** One promise per full buffer, shared by every writer waiting on it (no listener per send). */
  private untilDrained(): Promise<void> {
    if (this.drained === null) this.drained = new Promise<void>((resolve) => (this.resolveDrained = resolve));
    return this.drained;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

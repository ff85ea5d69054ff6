/**
 * The few Redis commands RedisStore sends, over a node-redis client, each
 * bounded in time and mapped onto `PithyStoreError` codes.
 *
 * Commands go through `sendCommand` only, so any node-redis client works
 * (with or without modules, RESP2 or RESP3, its own type mapping) and the
 * store's calls cannot be changed by the client's `keyPrefix`. Three rules
 * keep a store call from hanging when Redis is down or stuck:
 * - a client that is not ready (never connected, reconnecting, closed) fails
 *   the call at once, whatever the client's offline queue would do;
 * - every command is bounded by `commandTimeoutMs`, from sending to reply,
 *   so a server that accepts the connection but does not answer (paused,
 *   overloaded) fails it then;
 * - node-redis keeps matching replies to commands in order, including those
 *   the store gave up on, so a late reply is dropped, never handed to the
 *   next command.
 */
import { Buffer } from "node:buffer";
import { PithyStoreError } from "../../errors.js";

/**
 * What RedisStore needs of a client: node-redis's `createClient()` result
 * (package `redis` ≥ 5) has it.
 */
export interface RedisClientLike {
  /** Whether the client is connected and can send commands now. */
  readonly isReady: boolean;
  /** The client's options; the store reads `commandsQueueMaxLength` to keep its scans within the queue. */
  readonly options?: { readonly commandsQueueMaxLength?: number };
  /** Sends one raw command; node-redis's signature. */
  sendCommand(args: ReadonlyArray<string | Buffer>, options?: RedisCommandOptions): Promise<unknown>;
}

/** The node-redis per-command options RedisStore uses. */
export interface RedisCommandOptions {
  typeMapping?: Record<number, unknown>;
}

/** RESP blob strings (`$`) come back as Buffers with this mapping, as JS strings without it. */
const BLOB_STRING = 36;
const AS_BUFFER = { [BLOB_STRING]: Buffer };

/** A node-redis client with the store's time bound on every command. */
export class RedisConnection {
  constructor(
    readonly client: RedisClientLike,
    private readonly commandTimeoutMs: number,
  ) {}

  /** GET as raw bytes, or `null` when the key is absent. */
  async getBytes(key: string): Promise<Uint8Array | null> {
    const reply = await this.send(["GET", key], true);
    return reply instanceof Uint8Array ? reply : null;
  }

  /**
   * Keeps `value` under `key` (with a `PX` time to live unless `ttlMs` is
   * `Infinity`) in one `SET … GET`, and says whether it is new: false when
   * the key already held the same bytes from `sameFrom` on (the same entry
   * but for its timestamp). SET's GET option (Redis ≥ 6.2) answers nil for a
   * new key, so only a repeated put pays for bringing the old value back; a
   * Lua script comparing on the server cost ~0.6 ms a put for 100 KB, several
   * times a plain SET.
   */
  async putValue(key: string, value: Buffer, ttlMs: number, sameFrom: number): Promise<boolean> {
    const expiry = ttlMs === Infinity ? [] : ["PX", String(Math.max(1, Math.ceil(ttlMs)))];
    const old = await this.send(["SET", key, value, ...expiry, "GET"], true);
    if (!(old instanceof Uint8Array) || old.length !== value.length) return true;
    return Buffer.compare(old.subarray(sameFrom), value.subarray(sameFrom)) !== 0;
  }

  /** DEL; whether the key existed. */
  async deleteKey(key: string): Promise<boolean> {
    return Number(await this.send(["DEL", key], false)) > 0;
  }

  /** One SCAN step over string keys matching `pattern`: the next cursor and the keys. */
  async scanStrings(cursor: string, pattern: string, count: number): Promise<{ cursor: string; keys: string[] }> {
    const reply = await this.send(["SCAN", cursor, "MATCH", pattern, "COUNT", String(count), "TYPE", "string"], false);
    if (!Array.isArray(reply) || reply.length !== 2 || !Array.isArray(reply[1])) {
      throw new PithyStoreError("pithy: redis answered SCAN with something unexpected", "failed");
    }
    return { cursor: String(reply[0]), keys: (reply[1] as unknown[]).map(String) };
  }

  /** GETRANGE as a latin-1 string of at most `bytes` bytes from the start; "" when absent. */
  async head(key: string, bytes: number): Promise<string> {
    const reply = await this.send(["GETRANGE", key, "0", String(bytes - 1)], true);
    return reply instanceof Uint8Array
      ? Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength).toString("latin1")
      : "";
  }

  /** STRLEN: the value's length in bytes, 0 when absent. */
  async byteLength(key: string): Promise<number> {
    return Number(await this.send(["STRLEN", key], false));
  }

  private async send(args: ReadonlyArray<string | Buffer>, asBytes: boolean): Promise<unknown> {
    const command = String(args[0]);
    if (!this.client.isReady) {
      throw new PithyStoreError("pithy: redis is not connected", "unavailable");
    }
    const reply = this.client.sendCommand(args, { typeMapping: asBytes ? AS_BUFFER : {} });
    // node-redis bounds only the wait to be written, not the wait for the
    // reply, so the store bounds the whole. A reply that comes later is still
    // matched to its own command by node-redis, then dropped here.
    reply.catch(() => {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expiry = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(
          new PithyStoreError(
            `pithy: redis ${command} got no answer within ${this.commandTimeoutMs} ms`,
            "unavailable",
          ),
        );
      }, this.commandTimeoutMs);
    });
    try {
      return await Promise.race([reply, expiry]);
    } catch (error) {
      throw toStoreError(error, command);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * A client or server failure as a store error: an error reply from the server
 * (`OOM` under `maxmemory-policy noeviction`, `WRONGTYPE`, `NOPERM`) is `failed`; everything
 * else — offline, closed, timed out, socket errors — is `unavailable`.
 */
function toStoreError(error: unknown, command: string): PithyStoreError {
  if (error instanceof PithyStoreError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = isServerReply(error) ? "failed" : "unavailable";
  return new PithyStoreError(`pithy: redis ${command} failed: ${message}`, code, { cause: error });
}

/**
 * Whether node-redis raised `error` for an error reply of the server. Checked
 * by class name along the prototype chain rather than `instanceof`, because a
 * client passed in may come from another copy of the package.
 */
function isServerReply(error: unknown): boolean {
  for (
    let proto = error === null || typeof error !== "object" ? null : Object.getPrototypeOf(error);
    proto !== null && proto !== Error.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name === "ErrorReply") return true;
  }
  return false;
}

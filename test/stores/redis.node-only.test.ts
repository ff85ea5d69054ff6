// RedisStore against a real redis-server started here on a free loopback port
// (see test/support/redis-server.ts): the Store contract, native TTL, the
// value format (and the older one), failing fast while Redis is down or
// stuck, coming back after a restart, 10 000 puts/gets from two clients
// across a restart, and stats over 20 000 entries within the command queue.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Buffer } from "node:buffer";
import { createClient } from "redis";
import { PithyConfigError, PithyStoreError } from "../../src/errors.js";
import { computeKey } from "../../src/ccr/key.js";
import { MemoryStore } from "../../src/ccr/memory-store.js";
import { entryBytes, withNamespace } from "../../src/ccr/store.js";
import { encodeWtf8 } from "../../src/ccr/wtf8.js";
import { createPithy } from "../../src/pipeline.js";
import { detectRuntime } from "../../src/runtime.js";
import { DEFAULT_REDIS_TTL_MS, RedisStore, type RedisStoreOptions } from "../../src/stores/redis.js";
import { TieredStore } from "../../src/stores/tiered.js";
import { runStoreContract } from "../ccr/store-contract.js";
import { type RedisTestServer, startRedisServer } from "../support/redis-server.js";

let server: RedisTestServer;
/** A client of the test's own, to look at what the store wrote. */
let raw: ReturnType<typeof createClient>;
const opened: RedisStore[] = [];

beforeAll(async () => {
  server = await startRedisServer();
  raw = createClient({ url: server.url, socket: { reconnectStrategy: 50 } });
  raw.on("error", () => {});
  await raw.connect();
}, 20_000);

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  raw?.destroy();
  await server?.stop();
});

let prefixes = 0;
/** A store on the test server under a prefix no other test uses. */
async function open(options: RedisStoreOptions = {}): Promise<RedisStore> {
  const store = await RedisStore.open({ url: server.url, prefix: `t${++prefixes}:`, ...options });
  opened.push(store);
  return store;
}

function keyOf(label: string | number): string {
  return computeKey(`redis entry ${label}`);
}

/** A loopback port nothing listens on. */
const DEAD_URL = "redis://127.0.0.1:9";

async function rejection(call: Promise<unknown>): Promise<PithyStoreError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PithyStoreError);
  return error as PithyStoreError;
}

/** The raw bytes of a value, as the store wrote them. */
async function rawBytes(key: string): Promise<Buffer> {
  const reply = await raw.sendCommand(["GET", key], { typeMapping: { 36: Buffer } });
  return reply as unknown as Buffer;
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("RedisStore runtime", () => {
  it("runs in Node or Deno, the runtime its project names", () => {
    expect(detectRuntime()).toBe(inject("runtime"));
    expect(["node", "deno"]).toContain(detectRuntime());
  });
});

// Redis evicts by its own maxmemory policy and expires by its own clock, so
// the contract's strict LRU-by-bytes and injected-clock TTL checks are skipped;
// native TTL is tested below with real time.
runStoreContract(
  "RedisStore",
  (options) => open({ maxBytes: options.maxBytes, maxEntryBytes: options.maxEntryBytes, now: options.now }),
  { lru: false, ttl: false },
);

runStoreContract(
  "TieredStore over RedisStore",
  async (options) =>
    new TieredStore({
      front: new MemoryStore({ maxBytes: options.maxBytes, maxEntryBytes: options.maxEntryBytes }),
      back: await open({ maxBytes: options.maxBytes, maxEntryBytes: options.maxEntryBytes }),
    }),
  { lru: false, ttl: false },
);

describe("RedisStore in Redis", () => {
  it("keeps an entry at prefix + store key, with a header naming the key", async () => {
    const store = await open({ prefix: "app-1:" });
    await withNamespace(store, "tenant").put(keyOf(1), "héllo\n");
    const value = await raw.get(`app-1:tenant:${keyOf(1)}`);
    expect(value).toMatch(new RegExp(`^pithy-redis/1 \\d{15} u 000000000006 000000000007 tenant:${keyOf(1)}\n`));
  });

  it("stores non-ASCII content as its WTF-8 bytes, lone surrogates included", async () => {
    const store = await open({ prefix: "wtf8:" });
    for (const [label, content] of [
      ["accent", "résumé 😀 café\n".repeat(50)],
      ["lone", "cut \ud83d then more text"],
      ["BOM", "\ufeff after a BOM"],
    ]) {
      await store.put(keyOf(label), content);
      const value = await rawBytes(`wtf8:${keyOf(label)}`);
      const cut = value.indexOf(0x0a) + 1;
      expect(value.subarray(0, cut).toString("latin1")).toContain(" u ");
      expect(new Uint8Array(value.subarray(cut))).toEqual(encodeWtf8(content));
      expect(await store.get(keyOf(label))).toBe(content);
    }
  });

  it("keeps mostly-CJK content as UTF-16LE, where WTF-8 would be larger", async () => {
    const store = await open({ prefix: "cjk:" });
    await store.put(keyOf("cjk"), "日志行内容：构建失败");
    const value = await rawBytes(`cjk:${keyOf("cjk")}`);
    expect(value.toString("latin1")).toMatch(/^pithy-redis\/1 \d{15} w 000000000010 /);
    expect(await store.get(keyOf("cjk"))).toBe("日志行内容：构建失败");
  });

  it("reads values of the older UTF-16LE format exactly", async () => {
    const store = await open({ prefix: "old:" });
    const content = "x\ud800 résumé \u0000 \udc00";
    const payload = Buffer.alloc(2 * content.length);
    for (let i = 0; i < content.length; i++) payload.writeUInt16LE(content.charCodeAt(i), 2 * i);
    const header = `pithy-redis/1 ${"1700000000000".padStart(15, "0")} w ${String(content.length).padStart(12, "0")} ${keyOf("old")}\n`;
    await raw.set(`old:${keyOf("old")}`, Buffer.concat([Buffer.from(header, "latin1"), payload]));
    expect(await store.get(keyOf("old"))).toBe(content);
    expect(await store.stats()).toMatchObject({ entries: 1, bytes: entryBytes(keyOf("old"), content) });
  });

  it("reads a WTF-8 value cut short, or with its length edited, as missing", async () => {
    const store = await open({ prefix: "torn-u:" });
    await store.put(keyOf("u"), "ünïcødé ".repeat(30));
    const whole = await rawBytes(`torn-u:${keyOf("u")}`);
    await raw.set(`torn-u:${keyOf("u")}`, whole.subarray(0, -1));
    expect(await store.get(keyOf("u"))).toBeUndefined();
    // Same bytes, one unit claimed more: the decoded length gives it away.
    const text = whole.toString("latin1");
    const edited = text.replace(/ u (\d{12}) /, (_, units) => ` u ${String(Number(units) + 1).padStart(12, "0")} `);
    await raw.set(`torn-u:${keyOf("u")}`, Buffer.from(edited, "latin1"));
    expect(await store.get(keyOf("u"))).toBeUndefined();
    expect((await store.stats()).corrupt).toBe(2);
  });

  it("stores ASCII content as one byte per unit", async () => {
    const store = await open({ prefix: "ascii:" });
    await store.put(keyOf(2), "x".repeat(1000));
    const length = await raw.strLen(`ascii:${keyOf(2)}`);
    expect(length).toBeLessThan(1000 + 100);
  });

  it("sets the time to live with PX, 7 days by default", async () => {
    const store = await open();
    await store.put(keyOf(3), "ttl");
    const pttl = await raw.pTTL(`${store.prefix}${keyOf(3)}`);
    expect(pttl).toBeGreaterThan(DEFAULT_REDIS_TTL_MS - 60_000);
    expect(pttl).toBeLessThanOrEqual(DEFAULT_REDIS_TTL_MS);
  });

  it("sets no expiry when ttlMs is Infinity", async () => {
    const store = await open({ ttlMs: Infinity });
    await store.put(keyOf(4), "forever");
    expect(await raw.pTTL(`${store.prefix}${keyOf(4)}`)).toBe(-1);
  });

  it("lets Redis expire an entry once its time to live runs out", async () => {
    const store = await open({ ttlMs: 400 });
    await store.put(keyOf(5), "short-lived");
    expect(await store.get(keyOf(5))).toBe("short-lived");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await store.get(keyOf(5))).toBeUndefined();
  });

  it("renews the time to live and counts a dedupe when the same content is put again", async () => {
    const store = await open({ ttlMs: 60_000 });
    await store.put(keyOf(6), "again");
    await raw.pExpire(`${store.prefix}${keyOf(6)}`, 1000);
    await store.put(keyOf(6), "again");
    expect(await raw.pTTL(`${store.prefix}${keyOf(6)}`)).toBeGreaterThan(50_000);
    expect(await store.stats()).toMatchObject({ puts: 1, dedupes: 1, entries: 1 });
  });

  it("replaces different content under the same key and counts it as a put", async () => {
    const store = await open();
    await store.put(keyOf(7), "first");
    await store.put(keyOf(7), "second");
    expect(await store.get(keyOf(7))).toBe("second");
    expect(await store.stats()).toMatchObject({ puts: 2, dedupes: 0, entries: 1 });
  });

  it("reads another key's value copied under a key as missing, and counts it corrupt", async () => {
    const store = await open({ prefix: "copy:" });
    await store.put(keyOf(8), "eight");
    await raw.copy(`copy:${keyOf(8)}`, `copy:${keyOf(9)}`);
    expect(await store.get(keyOf(9))).toBeUndefined();
    expect((await store.stats()).corrupt).toBe(1);
  });

  it("reads a truncated or foreign value as missing", async () => {
    const store = await open({ prefix: "torn:" });
    await store.put(keyOf(10), "ten".repeat(100));
    const whole = await raw.get(`torn:${keyOf(10)}`);
    await raw.set(`torn:${keyOf(10)}`, whole!.slice(0, -1));
    await raw.set(`torn:${keyOf(11)}`, "not ours");
    expect(await store.get(keyOf(10))).toBeUndefined();
    expect(await store.get(keyOf(11))).toBeUndefined();
    expect((await store.stats()).entries).toBe(0);
  });

  it("counts entries, bytes and age on the server across two stores of one prefix", async () => {
    const clock = { t: 5_000_000 };
    const a = await open({ prefix: "shared-1:", now: () => clock.t });
    const b = await open({ prefix: "shared-1:", now: () => clock.t });
    await a.put(keyOf(12), "from a");
    clock.t += 700;
    await b.put(keyOf(13), "from b 😀");
    expect(await b.get(keyOf(12))).toBe("from a");
    expect(await a.stats()).toMatchObject({
      entries: 2,
      bytes: entryBytes(keyOf(12), "from a") + entryBytes(keyOf(13), "from b 😀"),
      oldestAgeMs: 700,
      prefix: "shared-1:",
      connected: true,
    });
  });

  it("refuses an entry over the cap before sending anything, even while Redis is down", async () => {
    const store = new RedisStore({ url: DEAD_URL, maxBytes: 1 << 20, maxEntryBytes: 1000 });
    opened.push(store);
    expect((await rejection(store.put(keyOf(14), "x".repeat(1000)))).code).toBe("too_large");
    expect((await rejection(store.put(keyOf(14), "x"))).code).toBe("unavailable");
  });

  it("leaves a client passed in open when closed", async () => {
    const client = createClient({ url: server.url });
    await client.connect();
    const store = new RedisStore({ client, prefix: "passed:" });
    await store.put(keyOf(15), "passed in");
    await store.close();
    expect(client.isReady).toBe(true);
    expect(await store.get(keyOf(15))).toBe("passed in");
    client.destroy();
    expect((await rejection(store.get(keyOf(15)))).code).toBe("unavailable");
  });

  it("works with a RESP3 client passed in", async () => {
    const client = createClient({ url: server.url, RESP: 3 });
    await client.connect();
    const store = new RedisStore({ client, prefix: "resp3:" });
    await store.put(keyOf(16), "x\ud800y");
    expect(await store.get(keyOf(16))).toBe("x\ud800y");
    expect((await store.stats()).entries).toBe(1);
    client.destroy();
  });

  it("keeps the password of a URL out of its error messages", () => {
    let message = "";
    try {
      new RedisStore({ url: "http://user:s3cret@example.invalid:6379" });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain("http://***@example.invalid:6379");
    expect(message).not.toContain("s3cret");
  });

  it("refuses options out of range, naming the option", () => {
    const bad: Array<[RedisStoreOptions, string]> = [
      [{ prefix: "" }, "prefix"],
      [{ prefix: "a*" }, "prefix"],
      [{ prefix: "x".repeat(65) }, "prefix"],
      [{ url: "http://localhost" }, "url"],
      [{ ttlMs: 0 }, "ttlMs"],
      [{ maxEntryBytes: 10, maxBytes: 5 }, "maxEntryBytes"],
      [{ commandTimeoutMs: -1 }, "commandTimeoutMs"],
      [{ client: {} as never }, "client"],
      [{ client: raw, url: server.url }, "url"],
    ];
    for (const [options, option] of bad) {
      const error = (() => {
        try {
          new RedisStore(options);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(PithyConfigError);
      expect((error as PithyConfigError).option).toBe(option);
    }
  });
});

describe("RedisStore when Redis is down", () => {
  it("rejects open with unavailable within the connect timeout", async () => {
    const started = Date.now();
    const error = await rejection(RedisStore.open({ url: DEAD_URL, connectTimeoutMs: 200 }));
    expect(error.code).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("rejects put, get, delete and stats with unavailable at once", async () => {
    const store = new RedisStore({ url: DEAD_URL });
    opened.push(store);
    const started = Date.now();
    for (const call of [store.put(keyOf(20), "x"), store.get(keyOf(20)), store.delete(keyOf(20)), store.stats()]) {
      expect((await rejection(call)).code).toBe("unavailable");
    }
    expect(Date.now() - started).toBeLessThan(100);
    expect(store.isConnected).toBe(false);
  });

  it("rejects with unavailable after the command timeout when the server does not answer", async () => {
    const store = await open({ commandTimeoutMs: 150 });
    await store.put(keyOf(21), "before the freeze");
    server.pause();
    try {
      const started = Date.now();
      const [put, get] = await Promise.all([rejection(store.put(keyOf(22), "x")), rejection(store.get(keyOf(21)))]);
      expect([put.code, get.code]).toEqual(["unavailable", "unavailable"]);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      server.resume();
    }
    // The replies held up by the freeze drain first; on a busy machine that can outlast one short timeout.
    let after: string | undefined;
    for (let attempt = 0; attempt < 20 && after === undefined; attempt++)
      after = await store.get(keyOf(21)).catch(() => undefined);
    expect(after).toBe("before the freeze");
  });

  it("degrades compress to lossless output and answers recall with store unavailable", async () => {
    const store = new RedisStore({ url: DEAD_URL });
    opened.push(store);
    const pithy = await createPithy({ store });
    const line = (i: number) =>
      `2024-05-01T10:00:${String(i % 60).padStart(2, "0")}Z INFO worker handled request id=${i} in ${i % 90}ms`;
    const log = Array.from({ length: 1500 }, (_, i) => line(i)).join("\n") + "\n";
    const result = await pithy.compress(log, { tool: "Bash" });
    expect(result.key).toBeUndefined();
    expect(result.output.includes("[[pithy:")).toBe(false);
    expect(pithy.stats().ccr.failures).toBe(1);
    const recall = await pithy.recall(keyOf(23));
    expect(recall).toMatchObject({ found: false, reason: "unavailable" });
  });

  it("comes back on its own after the server restarts", async () => {
    const store = await open();
    await store.put(keyOf(24), "before the restart");
    await server.stop();
    expect((await rejection(store.get(keyOf(24)))).code).toBe("unavailable");
    expect((await rejection(store.put(keyOf(25), "x"))).code).toBe("unavailable");
    await server.start();
    await until(() => store.isConnected, 3000);
    // The server keeps nothing across a restart: missing, not wrong.
    expect(await store.get(keyOf(24))).toBeUndefined();
    await store.put(keyOf(25), "after the restart");
    expect(await store.get(keyOf(25))).toBe("after the restart");
    expect((await store.stats()).failures).toBe(2);
    await until(() => raw.isReady, 3000);
  });
});

describe("RedisStore reliability", () => {
  it("never returns wrong content over 10 000 puts and gets from two clients across a restart", async () => {
    const [a, b] = await Promise.all([
      open({ prefix: "rel:", commandTimeoutMs: 500 }),
      open({ prefix: "rel:", commandTimeoutMs: 500 }),
    ]);
    const content = (i: number) => `entry ${i} `.repeat(1 + (i % 40)) + (i % 7 === 0 ? "\ud800 😀" : "");
    const keys = Array.from({ length: 500 }, (_, i) => keyOf(`rel ${i}`));
    const ops = 10_000;
    const tally = { ok: 0, missing: 0, failed: 0, wrong: 0, okAfterRestart: 0 };
    let next = 0;
    let restart: Promise<void> | undefined;
    let isRestarted = false;
    // 16 workers per client, each doing one operation at a time, share the
    // budget of operations; the server restarts a third of the way through,
    // under load. A worker whose call failed waits a little, as a caller would.
    const worker = async (self: RedisStore, other: RedisStore) => {
      while (next < ops) {
        const n = next++;
        if (n === Math.floor(ops / 3)) restart = server.restart().then(() => void (isRestarted = true));
        const i = (n * 7919) % keys.length;
        try {
          if (n % 3 === 0) {
            await self.put(keys[i], content(i));
            tally.ok++;
          } else {
            // Read through the other client what either may have written.
            const got = await other.get(keys[i]);
            if (got === undefined) tally.missing++;
            else if (got === content(i)) tally.ok++;
            else tally.wrong++;
          }
          if (isRestarted) tally.okAfterRestart++;
        } catch (error) {
          expect((error as PithyStoreError).code).toBe("unavailable");
          tally.failed++;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    await Promise.all(Array.from({ length: 32 }, (_, w) => (w % 2 === 0 ? worker(a, b) : worker(b, a))));
    await restart;
    expect(tally.wrong).toBe(0);
    expect(tally.ok + tally.missing + tally.failed).toBe(ops);
    expect(tally.failed).toBeGreaterThan(0);
    // Both clients came back on their own and served the rest of the run.
    expect(tally.okAfterRestart).toBeGreaterThan(0);
    await until(() => a.isConnected && b.isConnected, 3000);
    await a.put(keys[0], content(0));
    expect(await b.get(keys[0])).toBe(content(0));
    for (let i = 0; i < keys.length; i++) {
      const got = await b.get(keys[i]);
      if (got !== undefined) expect(got).toBe(content(i));
    }
  }, 20_000);
});

describe("RedisStore over many entries", () => {
  const COUNT = 20_000;
  const PREFIX = "many:";
  // A database of their own, as in production: SCAN steps then return their full COUNT of keys and more.
  const url = () => `${server.url}/1`;
  const content = (i: number) => `entry ${i} ${i % 3 === 0 ? "é 😀 \ud800" : "plain"}\n`;
  let weight = 0;

  beforeAll(async () => {
    const store = await open({ url: url(), prefix: PREFIX });
    // Written in waves well inside the client's queue: the scans are what is under test.
    for (let i = 0; i < COUNT; i += 250) {
      const wave = Array.from({ length: Math.min(250, COUNT - i) }, (_, j) => i + j);
      await Promise.all(wave.map((n) => store.put(keyOf(`many ${n}`), content(n))));
    }
    for (let i = 0; i < COUNT; i++) weight += entryBytes(keyOf(`many ${i}`), content(i));
  }, 120_000);

  it("counts 20 000 entries in stats() and takes a put right after", async () => {
    const store = await open({ url: url(), prefix: PREFIX });
    expect(await store.stats()).toMatchObject({ entries: COUNT, bytes: weight, failures: 0 });
    await store.put(keyOf("after stats"), "right after");
    expect(await store.get(keyOf("after stats"))).toBe("right after");
    await store.delete(keyOf("after stats"));
  }, 60_000);

  it("takes puts and gets made while stats() scans 20 000 entries", async () => {
    const store = await open({ url: url(), prefix: PREFIX });
    const scan = store.stats();
    const during = Array.from({ length: 300 }, (_, i) => store.put(keyOf(`during ${i}`), `during ${i}`));
    const reads = Array.from({ length: 300 }, (_, i) => store.get(keyOf(`many ${i}`)));
    await Promise.all(during);
    expect(await Promise.all(reads)).toEqual(Array.from({ length: 300 }, (_, i) => content(i)));
    expect((await scan).entries).toBeGreaterThanOrEqual(COUNT);
    await Promise.all(Array.from({ length: 300 }, (_, i) => store.delete(keyOf(`during ${i}`))));
  }, 60_000);

  it("keeps its scan within the queue of a client passed in, however small", async () => {
    for (const queue of [16, 7]) {
      const client = createClient({ url: url(), commandsQueueMaxLength: queue });
      await client.connect();
      try {
        const store = new RedisStore({ client, prefix: PREFIX });
        expect((await store.stats()).entries).toBe(COUNT);
        await store.put(keyOf(`queue ${queue}`), "fits");
        expect(await store.get(keyOf(`queue ${queue}`))).toBe("fits");
        await store.delete(keyOf(`queue ${queue}`));
      } finally {
        client.destroy();
      }
    }
  }, 120_000);

  it("prunes 20 000 entries without scanning and takes a put right after", async () => {
    const store = await open({ url: url(), prefix: PREFIX });
    expect(await store.prune()).toBe(0);
    await store.put(keyOf("after prune"), "right after");
    expect(await store.get(keyOf("after prune"))).toBe("right after");
    await store.delete(keyOf("after prune"));
  });
});

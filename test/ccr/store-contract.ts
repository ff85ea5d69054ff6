// The Store contract as a reusable suite: every store (memory, lazy, fs,
// IndexedDB, Redis) calls runStoreContract from its own test file, so they
// all keep originals the same way. Not a test file itself.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PithyConfigError, PithyStoreError } from "../../src/errors.js";
import { computeKey } from "../../src/ccr/key.js";
import { type Store, entryBytes, withNamespace } from "../../src/ccr/store.js";
import { isWellFormed } from "../../src/ccr/wtf8.js";

/** What the suite asks of a fresh store; a store maps these onto its own options. */
export interface StoreContractOptions {
  maxBytes?: number;
  maxEntryBytes?: number;
  ttlMs?: number;
  /** The clock the store must use for its time to live, in ms. */
  now?: () => number;
}

/** Parts of the contract a backend may not be able to honour exactly. */
export interface StoreCapabilities {
  /** Evicts least recently used entries by {@link entryBytes} and reports exact `bytes`. Default true. */
  lru?: boolean;
  /** Honours `ttlMs` against the injected clock. Default true. */
  ttl?: boolean;
}

type MakeStore = (options: StoreContractOptions) => Promise<Store> | Store;

const KB = 1024;

/** A distinct, realistic key per label. */
function keyOf(label: string | number): string {
  return computeKey(`entry ${label}`);
}

/** Strings a store must give back unchanged, UTF-16 unit for unit. */
const AWKWARD_CONTENTS: Record<string, string> = {
  empty: "",
  nul: "a\u0000b\u0000",
  "non-BMP": "𝄞 😀 𠜎",
  "lone high surrogate": "x\ud800y",
  "lone low surrogate": "x\udc00y",
  "reversed pair": "\udc00\ud800",
  "trailing high surrogate": "end\udbff",
  "byte order mark": "\ufeffBOM",
  "byte order mark after a lone surrogate": "é\ud800\ufeff tail",
  "lone surrogates around a pair": "\udc00\ud83d\ude00\ud800",
  "Hangul beside a lone surrogate": "\ud55c\ud800\ud7a3 \ud000",
  "mostly CJK with a lone surrogate": "构建\ud800失败",
  "cut emoji at the end": "build done 🚀".slice(0, -1),
  "CRLF and CR": "a\r\nb\rc\n",
  "control characters": "\u0001\u001b[31m\u007f\u0085\u2028",
  "U+FFFD": "\ufffd",
};

/** Content whose code units cover surrogates, NUL and ASCII. */
const anyContent = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    fc.constantFrom("\u0000", "\ud800", "\udfff", "a", "\n"),
  ),
  maxLength: 300,
});

/** Mostly text with lone surrogates dropped in, as a log cut mid-emoji; U+FFFD and BOM beside them. */
const withLoneSurrogates = fc
  .array(
    fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 10 }),
      fc.constantFrom("\ud83d", "\ude00", "\udbff", "\udc00", "\ufffd", "\ufeff", "構", "é"),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(""));

/**
 * Runs the whole Store contract against stores made by `make`, one fresh
 * store per test.
 * @example runStoreContract("MemoryStore", (o) => new MemoryStore(o));
 */
export function runStoreContract(name: string, make: MakeStore, capabilities: StoreCapabilities = {}): void {
  const lru = capabilities.lru ?? true;
  const ttl = capabilities.ttl ?? true;

  describe(`${name} keeps the Store contract`, () => {
    describe("cancellation", () => {
      it("rejects put, get and delete with an AbortError once the signal has fired, and stores nothing", async () => {
        const store = await make({});
        const signal = AbortSignal.abort();
        const isAbort = (e: unknown) => e instanceof Error && e.name === "AbortError";
        await expect(store.put(keyOf("abort"), "never", { signal })).rejects.toSatisfy(isAbort);
        await expect(store.get(keyOf("abort"), { signal })).rejects.toSatisfy(isAbort);
        await expect(store.delete(keyOf("abort"), { signal })).rejects.toSatisfy(isAbort);
        expect(await store.get(keyOf("abort"))).toBeUndefined();
      });
    });

    describe("put and get", () => {
      it("gives back exactly what was put", async () => {
        const store = await make({});
        await store.put(keyOf(1), "hello, world");
        expect(await store.get(keyOf(1))).toBe("hello, world");
      });

      for (const [label, content] of Object.entries(AWKWARD_CONTENTS)) {
        it(`gives back content with ${label} unit for unit`, async () => {
          const store = await make({});
          await store.put(keyOf(label), content);
          expect(await store.get(keyOf(label))).toBe(content);
        });
      }

      it("gives back a 200 KB original unchanged", async () => {
        const store = await make({});
        const content = "line of a long log 😀\n".repeat(10_000);
        await store.put(keyOf("big"), content);
        expect(await store.get(keyOf("big"))).toBe(content);
      });

      it("gives back any string unit for unit", async () => {
        const store = await make({});
        let n = 0;
        await fc.assert(
          fc.asyncProperty(anyContent, async (content) => {
            const key = keyOf(`random ${n++}`);
            await store.put(key, content);
            expect(await store.get(key)).toBe(content);
          }),
          { numRuns: 60 },
        );
      });

      it("gives back strings with lone surrogates unit for unit", async () => {
        const store = await make({});
        let n = 0;
        let lone = 0;
        await fc.assert(
          fc.asyncProperty(withLoneSurrogates, async (content) => {
            if (!isWellFormed(content)) lone++;
            const key = keyOf(`lone ${n++}`);
            await store.put(key, content);
            expect(await store.get(key)).toBe(content);
          }),
          { numRuns: 60 },
        );
        // The case that matters was generated, not only well-formed text.
        expect(lone).toBeGreaterThan(15);
      });

      it("keeps a lone surrogate and its U+FFFD replacement apart under two keys", async () => {
        const store = await make({});
        const cut = "done 🚀".slice(0, -1);
        const replaced = `${cut.slice(0, -1)}\ufffd`;
        await store.put(keyOf("cut"), cut);
        await store.put(keyOf("replaced"), replaced);
        expect(await store.get(keyOf("cut"))).toBe(cut);
        expect(await store.get(keyOf("replaced"))).toBe(replaced);
      });

      it("finds an entry under its key in upper case", async () => {
        const store = await make({});
        await store.put(keyOf(2).toUpperCase(), "case");
        expect(await store.get(keyOf(2))).toBe("case");
        expect(await store.get(keyOf(2).toUpperCase())).toBe("case");
      });

      it("answers undefined for a key it never saw", async () => {
        const store = await make({});
        expect(await store.get(keyOf("unknown"))).toBeUndefined();
      });

      it("keeps every entry of many puts made at once", async () => {
        const store = await make({});
        const labels = Array.from({ length: 50 }, (_, i) => i);
        await Promise.all(labels.map((i) => store.put(keyOf(i), `content ${i}`)));
        const got = await Promise.all(labels.map((i) => store.get(keyOf(i))));
        expect(got).toEqual(labels.map((i) => `content ${i}`));
      });
    });

    describe("many entries", () => {
      it("counts 300 entries put at once and takes a put right after stats", async () => {
        const store = await make({});
        const labels = Array.from({ length: 300 }, (_, i) => i);
        await Promise.all(labels.map((i) => store.put(keyOf(`many ${i}`), `many ${i} é\ud800`)));
        expect((await store.stats()).entries).toBe(300);
        await store.put(keyOf("after"), "after stats");
        expect(await store.get(keyOf("after"))).toBe("after stats");
        expect((await store.prune?.()) ?? 0).toBe(0);
        await store.put(keyOf("after prune"), "after prune");
        expect(await store.get(keyOf("after prune"))).toBe("after prune");
      });
    });

    describe("idempotence", () => {
      it("holds one entry after the same put twice", async () => {
        const store = await make({});
        await store.put(keyOf(3), "twice");
        const once = await store.stats();
        await store.put(keyOf(3), "twice");
        const twice = await store.stats();
        expect(twice.entries).toBe(once.entries);
        expect(twice.bytes).toBe(once.bytes);
        expect(twice.dedupes).toBe(once.dedupes + 1);
        expect(await store.get(keyOf(3))).toBe("twice");
      });
    });

    describe("delete", () => {
      it("drops an entry and says whether there was one", async () => {
        const store = await make({});
        await store.put(keyOf(4), "gone soon");
        expect(await store.delete(keyOf(4))).toBe(true);
        expect(await store.get(keyOf(4))).toBeUndefined();
        expect(await store.delete(keyOf(4))).toBe(false);
        expect((await store.stats()).entries).toBe(0);
      });
    });

    describe("stats", () => {
      it("counts entries, puts, hits and misses", async () => {
        const store = await make({});
        await store.put(keyOf(5), "five");
        await store.put(keyOf(6), "six");
        await store.get(keyOf(5));
        await store.get(keyOf("absent"));
        const stats = await store.stats();
        expect(stats).toMatchObject({ entries: 2, puts: 2, hits: 1, misses: 1, dedupes: 0, refused: 0 });
      });

      it("returns a copy that later calls do not change", async () => {
        const store = await make({});
        const before = await store.stats();
        before.entries = 99;
        await store.put(keyOf(7), "seven");
        const after = await store.stats();
        expect(after.entries).toBe(1);
        expect(after).not.toBe(await store.stats());
      });

      it("reports the caps it was given", async () => {
        const store = await make({ maxBytes: 64 * KB, maxEntryBytes: 8 * KB });
        expect(await store.stats()).toMatchObject({ maxBytes: 64 * KB, maxEntryBytes: 8 * KB });
      });

      if (lru) {
        it("weighs entries at two bytes per UTF-16 unit of key and content", async () => {
          const store = await make({});
          await store.put(keyOf(8), "😀 eight");
          await store.put(keyOf(9), "");
          expect((await store.stats()).bytes).toBe(entryBytes(keyOf(8), "😀 eight") + entryBytes(keyOf(9), ""));
        });
      }
    });

    describe("per-entry cap", () => {
      const cap = 4 * KB;

      it("refuses an entry over the cap with too_large and keeps nothing of it", async () => {
        const store = await make({ maxBytes: 64 * KB, maxEntryBytes: cap });
        const content = "x".repeat(cap);
        const error = await store.put(keyOf(10), content).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PithyStoreError);
        expect((error as PithyStoreError).code).toBe("too_large");
        expect(await store.get(keyOf(10))).toBeUndefined();
        expect(await store.stats()).toMatchObject({ entries: 0, refused: 1 });
      });

      it("accepts an entry exactly at the cap", async () => {
        const store = await make({ maxBytes: 64 * KB, maxEntryBytes: cap });
        const content = "y".repeat(cap / 2 - keyOf(11).length);
        expect(entryBytes(keyOf(11), content)).toBe(cap);
        await store.put(keyOf(11), content);
        expect(await store.get(keyOf(11))).toBe(content);
      });
    });

    if (lru) {
      describe("eviction", () => {
        const content = (label: string) => label.repeat(1000);
        const weight = entryBytes(keyOf("a"), content("a"));

        it("evicts the least recently used entry once the total passes maxBytes", async () => {
          const store = await make({ maxBytes: 3 * weight + 10, maxEntryBytes: weight });
          for (const label of ["a", "b", "c"]) await store.put(keyOf(label), content(label));
          expect(await store.get(keyOf("a"))).toBe(content("a"));
          await store.put(keyOf("d"), content("d"));
          expect(await store.get(keyOf("b"))).toBeUndefined();
          for (const label of ["a", "c", "d"]) expect(await store.get(keyOf(label))).toBe(content(label));
          expect(await store.stats()).toMatchObject({ entries: 3, evictions: 1, bytes: 3 * weight });
        });

        it("stays within maxBytes and keeps the newest entry, whatever is put", async () => {
          await fc.assert(
            fc.asyncProperty(
              fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 900 })), { maxLength: 40 }),
              async (puts) => {
                const store = await make({ maxBytes: 4 * KB, maxEntryBytes: 2 * KB });
                for (const [label, length] of puts) {
                  const body = "z".repeat(length);
                  await store.put(keyOf(label), body);
                  expect(await store.get(keyOf(label))).toBe(body);
                  expect((await store.stats()).bytes).toBeLessThanOrEqual(4 * KB);
                }
              },
            ),
            { numRuns: 30 },
          );
        });
      });
    }

    if (ttl) {
      describe("time to live", () => {
        async function clocked() {
          const clock = { t: 1_000_000 };
          const store = await make({ ttlMs: 1000, now: () => clock.t });
          return { clock, store };
        }

        it("serves an entry until its time to live runs out", async () => {
          const { clock, store } = await clocked();
          await store.put(keyOf(12), "fresh");
          clock.t += 999;
          expect(await store.get(keyOf(12))).toBe("fresh");
          clock.t += 1;
          expect(await store.get(keyOf(12))).toBeUndefined();
        });

        it("renews the time to live when the same content is put again", async () => {
          const { clock, store } = await clocked();
          await store.put(keyOf(13), "renewed");
          clock.t += 800;
          await store.put(keyOf(13), "renewed");
          clock.t += 800;
          expect(await store.get(keyOf(13))).toBe("renewed");
        });

        it("counts expired entries and prunes them", async () => {
          const { clock, store } = await clocked();
          await store.put(keyOf(14), "old");
          clock.t += 600;
          await store.put(keyOf(15), "young");
          clock.t += 500;
          expect(await store.stats()).toMatchObject({ entries: 2, expiredEntries: 1, oldestAgeMs: 1100 });
          expect(await store.prune?.()).toBe(1);
          expect(await store.stats()).toMatchObject({ entries: 1, expiredEntries: 0 });
          expect(await store.get(keyOf(15))).toBe("young");
        });
      });
    }

    describe("prune", () => {
      it("drops nothing when nothing has expired", async () => {
        const store = await make({});
        await store.put(keyOf(16), "kept");
        expect((await store.prune?.()) ?? 0).toBe(0);
        expect(await store.get(keyOf(16))).toBe("kept");
      });
    });

    describe("bad keys", () => {
      const bad = [
        "../../etc/passwd",
        "",
        "abc",
        `${keyOf(17).slice(0, 16)}\u0000${keyOf(17).slice(16)}`,
        "k".repeat(10 * KB),
        `/${keyOf(17)}`,
        `${keyOf(17)}.json`,
      ];

      it("refuses to put under something that is not a key", async () => {
        const store = await make({});
        for (const key of bad) {
          const error = await store.put(key, "x").catch((e: unknown) => e);
          expect(error).toBeInstanceOf(PithyStoreError);
          expect((error as PithyStoreError).code).toBe("invalid_key");
        }
        expect((await store.stats()).entries).toBe(0);
      });

      it("answers undefined and false for gets and deletes of something that is not a key", async () => {
        const store = await make({});
        for (const key of bad) {
          expect(await store.get(key)).toBeUndefined();
          expect(await store.delete(key)).toBe(false);
        }
      });
    });

    describe("namespaces", () => {
      it("keeps one namespace's entries out of another's reach", async () => {
        const base = await make({});
        const a = withNamespace(base, "tenant-a");
        const b = withNamespace(base, "tenant-b");
        await a.put(keyOf(18), "secret of a");
        expect(await a.get(keyOf(18))).toBe("secret of a");
        expect(await b.get(keyOf(18))).toBeUndefined();
        expect(await base.get(keyOf(18))).toBeUndefined();
        expect(await b.delete(keyOf(18))).toBe(false);
        expect(await a.get(keyOf(18))).toBe("secret of a");
      });

      it("stores a namespaced entry under namespace:key in the underlying store", async () => {
        const base = await make({});
        await withNamespace(base, "tenant-a").put(keyOf(19), "a's");
        expect(await base.get(`tenant-a:${keyOf(19)}`)).toBe("a's");
      });

      it("refuses keys that try to name another namespace", async () => {
        const base = await make({});
        const a = withNamespace(base, "a");
        await withNamespace(base, "b").put(keyOf(20), "b's");
        expect(await a.get(`b:${keyOf(20)}`)).toBeUndefined();
        expect(await a.get(`:b:${keyOf(20)}`)).toBeUndefined();
        expect(await a.delete(`b:${keyOf(20)}`)).toBe(false);
        const error = await a.put(`b:${keyOf(20)}`, "overwrite").catch((e: unknown) => e);
        expect((error as PithyStoreError).code).toBe("invalid_key");
        expect(await withNamespace(base, "b").get(keyOf(20))).toBe("b's");
      });

      it("nests namespaces as tenant:session:key", async () => {
        const base = await make({});
        const session = withNamespace(withNamespace(base, "tenant"), "session-1");
        await session.put(keyOf(21), "nested");
        expect(await session.get(keyOf(21))).toBe("nested");
        expect(await base.get(`tenant:session-1:${keyOf(21)}`)).toBe("nested");
        expect(await withNamespace(base, "tenant").get(keyOf(21))).toBeUndefined();
      });

      it("nests up to eight levels and refuses a ninth", async () => {
        let view = await make({});
        for (let level = 1; level <= 8; level++) view = withNamespace(view, `l${level}`);
        await view.put(keyOf(22), "deep");
        expect(await view.get(keyOf(22))).toBe("deep");
        expect(() => withNamespace(view, "l9")).toThrow(PithyConfigError);
      });

      it("refuses a namespace name that is not 1–64 of a-z0-9_-", async () => {
        const base = await make({});
        for (const ns of ["", "Tenant", "a:b", "../x", "x".repeat(65), "a b"]) {
          expect(() => withNamespace(base, ns)).toThrow(PithyConfigError);
        }
      });
    });
  });
}

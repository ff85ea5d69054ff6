import { afterAll, describe, expect, inject, it } from "vitest";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  copyFileSync,
  renameSync,
} from "node:fs";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import fc from "fast-check";
import { PithyConfigError, PithyStoreError } from "../../src/errors.js";
import { computeKey } from "../../src/ccr/key.js";
import { entryBytes, withNamespace } from "../../src/ccr/store.js";
import { encodeWtf8 } from "../../src/ccr/wtf8.js";
import { DEFAULT_FS_TTL_MS, FsStore, type FsStoreOptions } from "../../src/stores/fs.js";
import { HEADER_BYTES } from "../../src/stores/fs/entry-file.js";
import { detectRuntime } from "../../src/runtime.js";
import { runStoreContract } from "../ccr/store-contract.js";

const root = mkdtempSync(join(tmpdir(), "pithy-fs-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let dirs = 0;
/** A fresh, not yet existing directory under this file's temp root. */
function freshDir(): string {
  return join(root, `store-${++dirs}`);
}

function keyOf(label: string | number): string {
  return computeKey(`fs entry ${label}`);
}

/** A clock the test moves by hand. */
function manualClock(start = 1_700_000_000_000) {
  const clock = { t: start, now: () => clock.t };
  return clock;
}

const MAGIC_LENGTH = "pithy-fs/1".length;

/**
 * An entry file in the format stores wrote before WTF-8 (`a` for ASCII,
 * `w` for UTF-16LE code units), built here from the format's description
 * rather than by the code under test.
 */
function legacyEntryFile(storeKey: string, content: string, tag: "a" | "w"): Buffer {
  const payload = Buffer.alloc(tag === "a" ? content.length : 2 * content.length);
  for (let i = 0; i < content.length; i++) {
    const unit = content.charCodeAt(i);
    if (tag === "a") payload[i] = unit;
    else payload.writeUInt16LE(unit, 2 * i);
  }
  const digest = createHash("sha256").update(`pithy-fs/1\0${storeKey}\0${tag}\0`).update(payload).digest("hex");
  const header = `pithy-fs/1 ${tag} ${String(content.length).padStart(12, "0")} ${digest}\n`;
  return Buffer.concat([Buffer.from(header, "latin1"), payload]);
}

function open(dir: string, options: FsStoreOptions = {}): Promise<FsStore> {
  return FsStore.open({ dir, onUnusable: "throw", ...options });
}

describe("FsStore runtime", () => {
  it("runs in Node or Deno, the runtime its project names", () => {
    expect(detectRuntime()).toBe(inject("runtime"));
    expect(["node", "deno"]).toContain(detectRuntime());
  });
});

runStoreContract("FsStore", (options) => open(freshDir(), options));

describe("FsStore on disk", () => {
  it("keeps one file per entry, namespaces in @-prefixed directories", async () => {
    const dir = freshDir();
    const store = await open(dir);
    await store.put(keyOf(1), "plain");
    await withNamespace(withNamespace(store, "tenant"), "s-1").put(keyOf(2), "nested");
    expect(existsSync(join(dir, keyOf(1)))).toBe(true);
    expect(existsSync(join(dir, "@tenant", "@s-1", keyOf(2)))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([keyOf(1), "@tenant"].sort());
  });

  it("writes a fixed header, then ASCII content as bytes", async () => {
    const dir = freshDir();
    const store = await open(dir);
    await store.put(keyOf("ascii"), "hello\u0000\n");
    const file = readFileSync(join(dir, keyOf("ascii")));
    expect(file.subarray(0, 26).toString("latin1")).toBe("pithy-fs/1 a 000000000007 ");
    expect(file.length).toBe(HEADER_BYTES + 7);
    expect(file.subarray(HEADER_BYTES).toString("latin1")).toBe("hello\u0000\n");
  });

  it("writes non-ASCII content as WTF-8, lone surrogates included", async () => {
    const dir = freshDir();
    const store = await open(dir);
    for (const [label, content] of [
      ["accent", "héllo"],
      ["lone", "x\ud800y"],
      ["emoji", "😀 done"],
      ["cut emoji", "done \ud83d"],
      ["BOM", "\ufeffstart"],
    ]) {
      await store.put(keyOf(label), content);
      const file = readFileSync(join(dir, keyOf(label)));
      expect(file.subarray(0, 26).toString("latin1")).toBe(`pithy-fs/1 u ${String(content.length).padStart(12, "0")} `);
      expect(new Uint8Array(file.subarray(HEADER_BYTES))).toEqual(encodeWtf8(content));
    }
  });

  it("keeps mostly-CJK content as UTF-16LE, where WTF-8 would be larger", async () => {
    const dir = freshDir();
    const store = await open(dir);
    const content = "日志行内容：构建失败";
    await store.put(keyOf("cjk"), content);
    const file = readFileSync(join(dir, keyOf("cjk")));
    expect(file.subarray(0, 13).toString("latin1")).toBe("pithy-fs/1 w ");
    expect(file.length).toBe(HEADER_BYTES + 2 * content.length);
    expect(file.subarray(HEADER_BYTES).toString("utf16le")).toBe(content);
  });

  it("never takes more payload bytes on disk than two per UTF-16 unit", async () => {
    const dir = freshDir();
    const store = await open(dir);
    let n = 0;
    let wtf8 = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 80 }), async (content) => {
        const key = keyOf(`size ${n++}`);
        await store.put(key, content);
        const file = readFileSync(join(dir, key));
        if (file[MAGIC_LENGTH + 1] === 0x75) wtf8++;
        expect(file.length - HEADER_BYTES).toBeLessThanOrEqual(2 * content.length);
        expect(await store.get(key)).toBe(content);
      }),
      { numRuns: 150 },
    );
    expect(wtf8).toBeGreaterThan(10);
  });

  it("leaves no temp file behind after puts", async () => {
    const dir = freshDir();
    const store = await open(dir);
    for (let i = 0; i < 20; i++) await store.put(keyOf(i), `content ${i}`);
    expect(readdirSync(dir).filter((name) => name.startsWith("."))).toEqual([]);
  });

  // POSIX modes only: Windows has no such permission bits.
  it.skipIf(process.platform === "win32")("creates its directory 0700 and its files 0600", async () => {
    const dir = freshDir();
    const store = await open(dir);
    await withNamespace(store, "ns").put(keyOf(3), "private");
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "@ns")).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "@ns", keyOf(3))).mode & 0o777).toBe(0o600);
  });

  it("puts again after its directory was removed under it", async () => {
    const dir = freshDir();
    const store = await open(dir);
    rmSync(dir, { recursive: true });
    await store.put(keyOf(4), "back");
    expect(await store.get(keyOf(4))).toBe("back");
  });
});

describe("FsStore across restarts and instances", () => {
  it("reads entries a previous store on the same directory wrote", async () => {
    const dir = freshDir();
    const first = await open(dir);
    await first.put(keyOf(1), "survives");
    await withNamespace(first, "tenant").put(keyOf(2), "mine");
    await first.put(keyOf(3), "x\ud800 lone \u0000");
    const second = await open(dir);
    expect(await second.get(keyOf(1))).toBe("survives");
    expect(await withNamespace(second, "tenant").get(keyOf(2))).toBe("mine");
    expect(await second.get(keyOf(3))).toBe("x\ud800 lone \u0000");
  });

  it("reads entries of the older UTF-16LE and ASCII formats exactly", async () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    const old: [string, string, "a" | "w"][] = [
      ["old ascii", "plain log line\n", "a"],
      ["old accent", "résumé 😀 café\n", "w"],
      ["old lone", "x\ud800 lone \u0000 \udc00", "w"],
      ["old BOM", "\ufeff after a BOM", "w"],
    ];
    for (const [label, content, tag] of old)
      writeFileSync(join(dir, keyOf(label)), legacyEntryFile(keyOf(label), content, tag));
    mkdirSync(join(dir, "@tenant"));
    writeFileSync(join(dir, "@tenant", keyOf("old ns")), legacyEntryFile(`tenant:${keyOf("old ns")}`, "ns é", "w"));
    const store = await open(dir);
    for (const [label, content] of old) expect(await store.get(keyOf(label))).toBe(content);
    expect(await withNamespace(store, "tenant").get(keyOf("old ns"))).toBe("ns é");
    expect((await store.stats()).corrupt).toBe(0);
  });

  it("rewrites an old UTF-16LE entry as WTF-8 when the same content is put again", async () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, keyOf("again")), legacyEntryFile(keyOf("again"), "déjà vu", "w"));
    const store = await open(dir);
    await store.put(keyOf("again"), "déjà vu");
    expect(
      readFileSync(join(dir, keyOf("again")))
        .subarray(0, 13)
        .toString("latin1"),
    ).toBe("pithy-fs/1 u ");
    expect(await store.get(keyOf("again"))).toBe("déjà vu");
  });

  it("re-indexes ASCII entries at their exact weight", async () => {
    const dir = freshDir();
    const first = await open(dir);
    await first.put(keyOf(1), "one");
    await first.put(keyOf(2), "two two");
    const stats = await (await open(dir)).stats();
    expect(stats.entries).toBe(2);
    expect(stats.bytes).toBe(entryBytes(keyOf(1), "one") + entryBytes(keyOf(2), "two two"));
  });

  it("re-indexes other entries at an upper bound, exact again once read", async () => {
    const dir = freshDir();
    await (await open(dir)).put(keyOf(1), "😀 é");
    const second = await open(dir);
    expect((await second.stats()).bytes).toBeGreaterThan(entryBytes(keyOf(1), "😀 é"));
    await second.get(keyOf(1));
    expect((await second.stats()).bytes).toBe(entryBytes(keyOf(1), "😀 é"));
  });

  it("reads an entry another open store put a moment ago", async () => {
    const dir = freshDir();
    const a = await open(dir);
    const b = await open(dir);
    await a.put(keyOf(5), "from a");
    expect(await b.get(keyOf(5))).toBe("from a");
    expect(await b.delete(keyOf(5))).toBe(true);
    expect(await a.get(keyOf(5))).toBeUndefined();
  });

  it("drops expired entries when it opens", async () => {
    const dir = freshDir();
    const clock = manualClock();
    const first = await open(dir, { ttlMs: 1000, now: clock.now });
    await first.put(keyOf(1), "old");
    clock.t += 600;
    await first.put(keyOf(2), "young");
    clock.t += 500;
    const second = await open(dir, { ttlMs: 1000, now: clock.now });
    expect(await second.stats()).toMatchObject({ entries: 1, expirations: 1 });
    expect(existsSync(join(dir, keyOf(1)))).toBe(false);
    expect(await second.get(keyOf(2))).toBe("young");
  });

  it("evicts the least recently used entries when it opens with a smaller cap", async () => {
    const dir = freshDir();
    const clock = manualClock();
    const first = await open(dir, { now: clock.now });
    const body = "b".repeat(1000);
    for (const label of ["a", "b", "c", "d"]) {
      await first.put(keyOf(label), body);
      clock.t += 10;
    }
    await first.get(keyOf("a"));
    clock.t += 10;
    const weight = entryBytes(keyOf("a"), body);
    const second = await open(dir, { now: clock.now, maxBytes: 2 * weight, maxEntryBytes: weight });
    expect(await second.stats()).toMatchObject({ entries: 2, evictions: 2, bytes: 2 * weight });
    expect(await second.get(keyOf("a"))).toBe(body);
    expect(await second.get(keyOf("d"))).toBe(body);
    expect(await second.get(keyOf("b"))).toBeUndefined();
  });

  it("spares an entry another store read since, evicting the next least recent", async () => {
    const dir = freshDir();
    const clock = manualClock();
    const body = "s".repeat(1000);
    const weight = entryBytes(keyOf("x"), body);
    const a = await open(dir, { now: clock.now, maxBytes: 2 * weight + 10, maxEntryBytes: weight });
    const b = await open(dir, { now: clock.now });
    await a.put(keyOf("x"), body);
    clock.t += 10;
    await a.put(keyOf("y"), body);
    clock.t += 10;
    expect(await b.get(keyOf("x"))).toBe(body);
    clock.t += 10;
    await a.put(keyOf("z"), body);
    expect(await b.get(keyOf("x"))).toBe(body);
    expect(await b.get(keyOf("y"))).toBeUndefined();
    expect(await a.get(keyOf("z"))).toBe(body);
  });

  it("bounds the whole directory once prune has seen every store's entries", async () => {
    const dir = freshDir();
    const body = "p".repeat(1000);
    const weight = entryBytes(keyOf(0), body);
    const a = await open(dir, { maxBytes: 4 * weight, maxEntryBytes: weight });
    const b = await open(dir, { maxBytes: 4 * weight, maxEntryBytes: weight });
    for (let i = 0; i < 4; i++) await a.put(keyOf(`a${i}`), body);
    for (let i = 0; i < 4; i++) await b.put(keyOf(`b${i}`), body);
    expect(readdirSync(dir).length).toBe(8);
    await a.prune();
    expect(await a.stats()).toMatchObject({ entries: 4, bytes: 4 * weight });
    expect(readdirSync(dir).length).toBe(4);
  });

  it("leaves files that are not its own alone", async () => {
    const dir = freshDir();
    mkdirSync(join(dir, "notes"), { recursive: true });
    writeFileSync(join(dir, "README.txt"), "mine");
    writeFileSync(join(dir, "notes", keyOf(1)), "not an entry either");
    writeFileSync(join(dir, keyOf(2).toUpperCase()), "upper-case name");
    const store = await open(dir, { maxBytes: 1000, maxEntryBytes: 500 });
    await store.put(keyOf(3), "q".repeat(200));
    await store.prune();
    expect(readdirSync(dir).sort()).toEqual(["README.txt", "notes", keyOf(2).toUpperCase(), keyOf(3)].sort());
    expect((await store.stats()).entries).toBe(1);
  });
});

describe("FsStore against damaged files", () => {
  async function storeWithEntry() {
    const dir = freshDir();
    const store = await open(dir);
    const content = "a line of a log\n".repeat(100);
    await store.put(keyOf("victim"), content);
    return { dir, store, content, file: join(dir, keyOf("victim")) };
  }

  it("reads a truncated file as missing, removes it and counts it", async () => {
    const { store, file } = await storeWithEntry();
    truncateSync(file, HEADER_BYTES + 40);
    expect(await store.get(keyOf("victim"))).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect(await store.stats()).toMatchObject({ corrupt: 1, entries: 0, misses: 1 });
  });

  it("reads a file with one byte changed as missing", async () => {
    const { store, file } = await storeWithEntry();
    const bytes = readFileSync(file);
    bytes[HEADER_BYTES + 7] ^= 0x01;
    writeFileSync(file, bytes);
    expect(await store.get(keyOf("victim"))).toBeUndefined();
    expect((await store.stats()).corrupt).toBe(1);
  });

  it("reads a file with a broken header as missing", async () => {
    const { store, file } = await storeWithEntry();
    const bytes = readFileSync(file);
    bytes[3] = 0x58;
    writeFileSync(file, bytes);
    expect(await store.get(keyOf("victim"))).toBeUndefined();
  });

  it("reads a WTF-8 file with one payload byte changed as missing", async () => {
    const dir = freshDir();
    const store = await open(dir);
    await store.put(keyOf("u"), "ünïcødé\ud800".repeat(20));
    const file = join(dir, keyOf("u"));
    const bytes = readFileSync(file);
    bytes[HEADER_BYTES + 1] ^= 0x01;
    writeFileSync(file, bytes);
    expect(await store.get(keyOf("u"))).toBeUndefined();
    expect((await store.stats()).corrupt).toBe(1);
  });

  it("reads a WTF-8 file whose length in units was edited as missing", async () => {
    const dir = freshDir();
    const store = await open(dir);
    const content = "ünïcødé".repeat(20);
    await store.put(keyOf("units"), content);
    const file = join(dir, keyOf("units"));
    const bytes = readFileSync(file);
    // The digest covers the payload, not the header's length: the decoded length is checked against it.
    bytes.write(String(content.length + 1).padStart(12, "0"), MAGIC_LENGTH + 3, "latin1");
    writeFileSync(file, bytes);
    expect(await store.get(keyOf("units"))).toBeUndefined();
    expect((await store.stats()).corrupt).toBe(1);
  });

  it("reads a file with an unknown encoding tag as missing", async () => {
    const dir = freshDir();
    const store = await open(dir);
    await store.put(keyOf("tag"), "tagged");
    const file = join(dir, keyOf("tag"));
    const bytes = readFileSync(file);
    bytes[MAGIC_LENGTH + 1] = 0x78;
    writeFileSync(file, bytes);
    expect(await store.get(keyOf("tag"))).toBeUndefined();
    expect((await store.stats()).corrupt).toBe(1);
  });

  it("does not serve an entry's file copied under another key", async () => {
    const { dir, store, file } = await storeWithEntry();
    copyFileSync(file, join(dir, keyOf("impostor")));
    expect(await store.get(keyOf("impostor"))).toBeUndefined();
  });

  it("does not serve an entry's file moved into another namespace", async () => {
    const { dir, store } = await storeWithEntry();
    await withNamespace(store, "a").put(keyOf(7), "a's secret");
    mkdirSync(join(dir, "@b"));
    renameSync(join(dir, "@a", keyOf(7)), join(dir, "@b", keyOf(7)));
    expect(await withNamespace(store, "b").get(keyOf(7))).toBeUndefined();
  });

  it("drops a file too short to hold a header when it opens", async () => {
    const { dir, file } = await storeWithEntry();
    writeFileSync(file, "pithy");
    const reopened = await open(dir);
    expect(await reopened.stats()).toMatchObject({ entries: 0, corrupt: 1 });
    expect(existsSync(file)).toBe(false);
  });

  it("neither reads nor removes a file larger than any entry it accepts", async () => {
    const { dir, content } = await storeWithEntry();
    const small = await open(dir, { maxBytes: 4096, maxEntryBytes: 512 });
    expect(content.length * 2).toBeGreaterThan(512);
    expect(await small.get(keyOf("victim"))).toBeUndefined();
    expect(existsSync(join(dir, keyOf("victim")))).toBe(true);
  });

  it("answers a miss when a directory has taken an entry's name", async () => {
    const dir = freshDir();
    const store = await open(dir);
    mkdirSync(join(dir, keyOf("dir")));
    expect(await store.get(keyOf("dir"))).toBeUndefined();
    expect(existsSync(join(dir, keyOf("dir")))).toBe(true);
  });

  it("replaces a truncated file when the same content is put again", async () => {
    const { store, file, content } = await storeWithEntry();
    truncateSync(file, HEADER_BYTES + 40);
    await store.put(keyOf("victim"), content);
    expect(await store.get(keyOf("victim"))).toBe(content);
  });

  it("replaces a file damaged in place, header intact, when the same content is put again", async () => {
    const { store, file, content } = await storeWithEntry();
    const bytes = readFileSync(file);
    bytes[bytes.length - 3] ^= 0x20;
    writeFileSync(file, bytes);
    await store.put(keyOf("victim"), content);
    expect(await store.get(keyOf("victim"))).toBe(content);
    expect(await store.stats()).toMatchObject({ corrupt: 0, puts: 2, dedupes: 0 });
  });
});

describe("FsStore keys", () => {
  const hostile = [
    "../../etc/passwd",
    "/etc/passwd",
    `../${keyOf(1)}`,
    `..:${keyOf(1)}`,
    `@x:${keyOf(1)}`,
    `a/b:${keyOf(1)}`,
    `${keyOf(1)}\u0000`,
    `C:\\${keyOf(1)}`,
    "k".repeat(10 * 1024),
    `${"a:".repeat(9)}${keyOf(1)}`,
  ];

  it("refuses keys that could name a path, and writes nothing for them", async () => {
    const dir = freshDir();
    const store = await open(dir);
    for (const key of hostile) {
      const error = await store.put(key, "x").catch((e: unknown) => e);
      expect((error as PithyStoreError).code).toBe("invalid_key");
      expect(await store.get(key)).toBeUndefined();
      expect(await store.delete(key)).toBe(false);
    }
    expect(readdirSync(dir)).toEqual([]);
    expect(readdirSync(root).every((name) => name.startsWith("store-"))).toBe(true);
  });

  it("names the file by the lower-case key whatever case was put", async () => {
    const dir = freshDir();
    const store = await open(dir);
    await store.put(keyOf(2).toUpperCase(), "upper");
    expect(readdirSync(dir)).toEqual([keyOf(2)]);
  });
});

describe("FsStore options and fallback", () => {
  it("names the option when one is out of range", async () => {
    const bad: [keyof FsStoreOptions, unknown][] = [
      ["maxBytes", 0],
      ["maxEntryBytes", -1],
      ["ttlMs", 0],
      ["onUnusable", "ignore"],
      ["create", "no"],
      ["dir", ""],
      ["dir", "a\u0000b"],
      ["now", 5],
    ];
    for (const [option, value] of bad) {
      const error = await FsStore.open({ [option]: value } as FsStoreOptions).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PithyConfigError);
      expect((error as Error).message).toContain(`"${option}"`);
    }
  });

  it("defaults to 256 MiB in all, 32 MiB per entry and a week to live", async () => {
    const store = await open(freshDir());
    expect(await store.stats()).toMatchObject({ maxBytes: 256 * 1024 * 1024, maxEntryBytes: 32 * 1024 * 1024 });
    expect(DEFAULT_FS_TTL_MS).toBe(7 * 24 * 3600 * 1000);
  });

  it("rejects with unavailable when the directory cannot be used and asked to throw", async () => {
    const file = join(root, `plain-file-${++dirs}`);
    writeFileSync(file, "not a directory");
    const error = await FsStore.open({ dir: join(file, "store"), onUnusable: "throw" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PithyStoreError);
    expect((error as PithyStoreError).code).toBe("unavailable");
    expect((error as Error).message).toContain(file);
    // The file system's own error stays reachable for whoever logs it.
    expect((error as Error).cause).toMatchObject({ code: "ENOTDIR" });
  });

  it("falls back to memory with the reason in stats when the directory cannot be used", async () => {
    const file = join(root, `plain-file-${++dirs}`);
    writeFileSync(file, "not a directory");
    const store = await FsStore.open({ dir: join(file, "store"), maxBytes: 1 << 30 });
    await store.put(keyOf(1), "kept in memory");
    expect(await store.get(keyOf(1))).toBe("kept in memory");
    const stats = await store.stats();
    expect(stats.fallback).toMatch(/^(ENOTDIR|EEXIST)/);
    expect(stats.dir).toBe(join(file, "store"));
    expect(stats.maxBytes).toBe(256 * 1024 * 1024);
  });

  it("reports no fallback when it works on disk", async () => {
    const stats = await (await open(freshDir())).stats();
    expect(stats.fallback).toBeUndefined();
    expect(stats.corrupt).toBe(0);
  });

  describe("default directory", () => {
    async function withEnv<T>(vars: Record<string, string | undefined>, body: () => Promise<T>): Promise<T> {
      const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
      const set = (values: Record<string, string | undefined>) => {
        for (const [name, value] of Object.entries(values)) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      };
      set(vars);
      try {
        return await body();
      } finally {
        set(saved);
      }
    }

    it("lives in $XDG_CACHE_HOME/pithy when that is set", async () => {
      const cache = join(root, `xdg-${++dirs}`);
      const store = await withEnv({ XDG_CACHE_HOME: cache }, () => FsStore.open({ onUnusable: "throw" }));
      expect(store.dir).toBe(join(cache, "pithy"));
      await store.put(keyOf(1), "cached");
      expect(existsSync(join(cache, "pithy", keyOf(1)))).toBe(true);
    });

    it.skipIf(process.platform === "win32")(
      "lives in ~/.cache/pithy when XDG_CACHE_HOME is unset or relative",
      async () => {
        const home = join(root, `home-${++dirs}`);
        mkdirSync(home);
        for (const xdg of [undefined, "relative/cache"]) {
          const store = await withEnv({ XDG_CACHE_HOME: xdg, HOME: home }, () => FsStore.open({ onUnusable: "throw" }));
          expect(store.dir).toBe(join(home, ".cache", "pithy"));
        }
      },
    );

    it('takes a relative XDG_CACHE_HOME such as "." for unset, never the working directory', async () => {
      const home = join(root, `home-${++dirs}`);
      mkdirSync(home);
      const store = await withEnv({ XDG_CACHE_HOME: ".", HOME: home }, () => FsStore.open({ onUnusable: "throw" }));
      expect(store.dir).toBe(join(home, ".cache", "pithy"));
      expect(store.dir.startsWith(process.cwd())).toBe(false);
    });
  });

  // Read-only directories, symlinks, FIFOs and directory creation: fs-hostile.node-only.test.ts.
});

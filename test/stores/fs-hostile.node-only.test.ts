// FsStore against a directory that holds what it did not put there, or that
// it cannot fully use: symlinks and FIFOs at entry names, symlinked namespace
// directories, a read-only directory, a store directory under /proc, and
// opening for recall without creating anything. Runs in Node and Deno.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { PithyStoreError } from "../../src/errors.js";
import { computeKey } from "../../src/ccr/key.js";
import { withNamespace } from "../../src/ccr/store.js";
import { FsStore, type FsStoreOptions } from "../../src/stores/fs.js";
import { bundleFsStore, exited, fixture, spawnScript } from "./fixtures/child.js";

const root = mkdtempSync(join(tmpdir(), "pithy-fs-hostile-"));
/** Undo steps for directories made read-only, run even when a test fails (an immutable dir cannot be removed). */
const undoReadOnly: (() => void)[] = [];
/** Probe children still running: a hung one must not outlive the run. */
const running = new Set<{ kill(signal: NodeJS.Signals): boolean }>();
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
  for (const undo of undoReadOnly) undo();
  rmSync(root, { recursive: true, force: true });
});

let dirs = 0;
function freshDir(): string {
  return join(root, `store-${++dirs}`);
}

function keyOf(label: string | number): string {
  return computeKey(`fs hostile ${label}`);
}

function open(dir: string, options: FsStoreOptions = {}): Promise<FsStore> {
  return FsStore.open({ dir, onUnusable: "throw", ...options });
}

async function rejection(call: Promise<unknown>): Promise<PithyStoreError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PithyStoreError);
  return error as PithyStoreError;
}

const isPosix = process.platform !== "win32";

/** How long a probe child may take before it counts as hung; far above what it needs, only a hang reaches it. */
const HANG_MS = 10_000;
/** Timeout of a test that runs probes: a hang is then reported by the probe, not by vitest. */
const PROBE_TEST_MS = 3 * HANG_MS;

let bundle = "";
beforeAll(async () => {
  bundle = await bundleFsStore(root);
});

/**
 * Runs fixtures/fs-probe.mjs with `args`, killing it if it has not finished
 * within {@link HANG_MS}: what it printed, and whether it had to be killed.
 */
async function probe(args: string[]): Promise<{ killed: boolean; report: Record<string, unknown> | null }> {
  const child = spawnScript(fixture("fs-probe.mjs"), [bundle, ...args]);
  running.add(child);
  let out = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => (out += chunk));
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill("SIGKILL");
  }, HANG_MS);
  const ending = await exited(child);
  clearTimeout(timer);
  running.delete(child);
  const line = out.trim();
  if (!killed && line === "") throw new Error(`probe printed nothing: ${ending.stderr}`);
  return { killed, report: line === "" ? null : JSON.parse(line) };
}

describe("FsStore with a symlink or a FIFO at an entry's name", () => {
  it("does not follow a symlink at an entry's name to another store's valid entry", async () => {
    const elsewhere = freshDir();
    await (await open(elsewhere)).put(keyOf(1), "lives elsewhere");
    const dir = freshDir();
    const store = await open(dir);
    symlinkSync(join(elsewhere, keyOf(1)), join(dir, keyOf(1)));
    expect(await store.get(keyOf(1))).toBeUndefined();
    expect(lstatSync(join(dir, keyOf(1))).isSymbolicLink()).toBe(true);
    expect(await store.delete(keyOf(1))).toBe(false);
    expect(lstatSync(join(dir, keyOf(1))).isSymbolicLink()).toBe(true);
    expect(await (await open(elsewhere)).get(keyOf(1))).toBe("lives elsewhere");
  });

  it("replaces a symlink at an entry's name on put, leaving its target untouched", async () => {
    const elsewhere = freshDir();
    await (await open(elsewhere)).put(keyOf(2), "the target");
    const before = readFileSync(join(elsewhere, keyOf(2)));
    const dir = freshDir();
    const store = await open(dir);
    symlinkSync(join(elsewhere, keyOf(2)), join(dir, keyOf(2)));
    await store.put(keyOf(2), "the target");
    expect(lstatSync(join(dir, keyOf(2))).isFile()).toBe(true);
    expect(await store.get(keyOf(2))).toBe("the target");
    expect(readFileSync(join(elsewhere, keyOf(2)))).toEqual(before);
  });

  it.runIf(isPosix)(
    "answers a get of a FIFO at an entry's name with a miss instead of blocking",
    async () => {
      const dir = freshDir();
      await (await open(dir)).put(keyOf(3), "a neighbour");
      execFileSync("mkfifo", [join(dir, keyOf(4))]);
      const { killed, report } = await probe(["get", dir, keyOf(4)]);
      expect(killed).toBe(false);
      expect(report).toMatchObject({ opened: true, found: false });
      // Not the store's file: left where it is.
      expect(lstatSync(join(dir, keyOf(4))).isFIFO()).toBe(true);
      expect((await probe(["get", dir, keyOf(3)])).report).toMatchObject({ found: true, content: "a neighbour" });
    },
    PROBE_TEST_MS,
  );
});

describe("FsStore with a symlinked namespace directory", () => {
  it("refuses a put into a namespace directory that is a symlink, writing nothing outside the store", async () => {
    const outside = freshDir();
    mkdirSync(outside);
    const dir = freshDir();
    const store = await open(dir);
    symlinkSync(outside, join(dir, "@ns"));
    const error = await rejection(withNamespace(store, "ns").put(keyOf(5), "must stay inside"));
    expect(error.code).toBe("unavailable");
    expect(error.message).toContain("@ns");
    expect(readdirSync(outside)).toEqual([]);
  });

  it("refuses a put into a nested namespace whose inner level is a symlink", async () => {
    const outside = freshDir();
    mkdirSync(outside);
    const dir = freshDir();
    const store = await open(dir);
    mkdirSync(join(dir, "@tenant"), { recursive: true });
    symlinkSync(outside, join(dir, "@tenant", "@session"));
    const session = withNamespace(withNamespace(store, "tenant"), "session");
    expect((await rejection(session.put(keyOf(6), "nested"))).code).toBe("unavailable");
    expect(readdirSync(outside)).toEqual([]);
  });

  it("neither reads nor deletes an entry through a symlinked namespace directory", async () => {
    const other = freshDir();
    await withNamespace(await open(other), "ns").put(keyOf(7), "other store's secret");
    const dir = freshDir();
    const store = await open(dir);
    symlinkSync(join(other, "@ns"), join(dir, "@ns"));
    const view = withNamespace(store, "ns");
    expect(await view.get(keyOf(7))).toBeUndefined();
    expect(await view.delete(keyOf(7))).toBe(false);
    expect(existsSync(join(other, "@ns", keyOf(7)))).toBe(true);
  });

  it("accounts the same entries before and after a prune when a namespace is a symlink", async () => {
    const outside = freshDir();
    mkdirSync(outside);
    const dir = freshDir();
    const store = await open(dir);
    symlinkSync(outside, join(dir, "@ns"));
    const view = withNamespace(store, "ns");
    for (let i = 0; i < 5; i++) {
      await store.put(keyOf(`plain ${i}`), `plain ${i}`);
      await view.put(keyOf(`ns ${i}`), `ns ${i}`).catch(() => {});
    }
    const before = await store.stats();
    await store.prune();
    const after = await store.stats();
    expect(before.entries).toBe(5);
    expect(after.entries).toBe(before.entries);
    expect(after.bytes).toBe(before.bytes);
  });

  it("creates a missing namespace directory as a real directory", async () => {
    const dir = freshDir();
    const store = await open(dir);
    await withNamespace(withNamespace(store, "a"), "b").put(keyOf(8), "nested");
    expect(lstatSync(join(dir, "@a")).isDirectory()).toBe(true);
    expect(lstatSync(join(dir, "@a", "@b")).isDirectory()).toBe(true);
    expect(await withNamespace(withNamespace(store, "a"), "b").get(keyOf(8))).toBe("nested");
  });
});

/**
 * Makes `dir` impossible to write into: mode 0500 for an ordinary user; as
 * root, which ignores modes, the immutable attribute (`chattr +i`), where the
 * file system has it. Returns whether it worked; the undo runs in afterAll.
 */
function makeReadOnly(dir: string): boolean {
  if (!isPosix) return false;
  if (process.getuid?.() !== 0) {
    execFileSync("chmod", ["0500", dir]);
    undoReadOnly.push(() => execFileSync("chmod", ["0700", dir]));
    return true;
  }
  try {
    execFileSync("chattr", ["+i", dir], { stdio: "ignore" });
  } catch {
    return false;
  }
  undoReadOnly.push(() => execFileSync("chattr", ["-i", dir], { stdio: "ignore" }));
  return true;
}

describe("FsStore on a read-only directory", () => {
  it("serves the entries on disk and keeps new ones in memory", async (context) => {
    const dir = freshDir();
    const writer = await open(dir);
    await writer.put(keyOf(10), "written before");
    await withNamespace(writer, "ns").put(keyOf(11), "namespaced before");
    if (!makeReadOnly(dir)) context.skip();
    const store = await FsStore.open({ dir });
    expect(await store.get(keyOf(10))).toBe("written before");
    expect(await withNamespace(store, "ns").get(keyOf(11))).toBe("namespaced before");
    await store.put(keyOf(12), "new, in memory");
    expect(await store.get(keyOf(12))).toBe("new, in memory");
    expect(existsSync(join(dir, keyOf(12)))).toBe(false);
    const stats = await store.stats();
    expect(stats).toMatchObject({ readOnly: true, entries: 3, hits: 3, misses: 0, puts: 1 });
    expect(stats.fallback).toMatch(/^(EACCES|EPERM|EROFS).*read-only/);
  });

  it("still misses an expired entry in a read-only directory", async (context) => {
    const clock = { t: 1_000_000 };
    const dir = freshDir();
    await (await open(dir, { ttlMs: 1000, now: () => clock.t })).put(keyOf(13), "short-lived");
    if (!makeReadOnly(dir)) context.skip();
    const store = await FsStore.open({ dir, ttlMs: 1000, now: () => clock.t });
    expect(await store.get(keyOf(13))).toBe("short-lived");
    clock.t += 1000;
    expect(await store.get(keyOf(13))).toBeUndefined();
  });

  it("rejects open with unavailable on a read-only directory when asked to throw", async (context) => {
    const dir = freshDir();
    await (await open(dir)).put(keyOf(14), "x");
    if (!makeReadOnly(dir)) context.skip();
    expect((await rejection(open(dir))).message).toMatch(/read-only/);
  });
});

describe("FsStore creating its directory", () => {
  it.runIf(isPosix)("creates a missing directory and its missing parents one level at a time, each 0700", async () => {
    const top = freshDir();
    const dir = join(top, "a", "b", "c");
    await (await open(dir)).put(keyOf(20), "deep");
    for (const level of [top, join(top, "a"), join(top, "a", "b"), dir]) {
      expect(statSync(level).mode & 0o777).toBe(0o700);
    }
  });

  it.runIf(process.platform === "linux" && existsSync("/proc/self"))(
    "gives up on a store directory under /proc instead of spinning",
    async () => {
      const { killed, report } = await probe(["open", `/proc/pithy-test-${process.pid}/store`]);
      expect(killed).toBe(false);
      expect(report).toMatchObject({ opened: false, code: "unavailable" });
    },
    PROBE_TEST_MS,
  );

  it("refuses a path that would need more than 64 new levels, creating none of them", async () => {
    const top = freshDir();
    const dir = join(top, ...Array.from({ length: 70 }, (_, i) => `l${i}`));
    expect((await rejection(open(dir))).code).toBe("unavailable");
    expect(existsSync(top)).toBe(false);
  });

  it("never creates the directory when opened with create: false", async () => {
    const dir = join(freshDir(), "store");
    const store = await FsStore.open({ dir, create: false });
    expect(await store.get(keyOf(21))).toBeUndefined();
    await store.put(keyOf(21), "memory only");
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(join(dir, ".."))).toBe(false);
    expect((await store.stats()).fallback).toMatch(/^ENOENT.*create is false/);
  });

  it("rejects open of a missing directory with create: false when asked to throw", async () => {
    const dir = freshDir();
    expect((await rejection(open(dir, { create: false }))).code).toBe("unavailable");
    expect(existsSync(dir)).toBe(false);
  });

  it("serves an existing directory opened with create: false", async () => {
    const dir = freshDir();
    await (await open(dir)).put(keyOf(22), "recall me");
    const store = await open(dir, { create: false });
    expect(await store.get(keyOf(22))).toBe("recall me");
    expect((await store.stats()).fallback).toBeUndefined();
  });

  it("does not make its directory again on put after it was removed, when create is false", async () => {
    const dir = freshDir();
    await (await open(dir)).put(keyOf(23), "first");
    const store = await open(dir, { create: false });
    rmSync(dir, { recursive: true });
    expect((await rejection(store.put(keyOf(24), "second"))).code).toBe("unavailable");
    expect((await rejection(withNamespace(store, "ns").put(keyOf(24), "second"))).code).toBe("unavailable");
    expect(existsSync(dir)).toBe(false);
  });
});

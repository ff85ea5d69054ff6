// RedisStore on loopback against MemoryStore and TieredStore (memory in front
// of Redis): latency of one put followed by a get of a 100 KB entry, of a get
// alone, and throughput of put+get pairs from two clients at once. Starts its
// own redis-server on a free loopback port (no persistence) and stops it.
// Prints a table and writes bench/results/stores-redis.md.
// With --baseline, an older source tree's RedisStore runs in the same process
// against the same server, its rounds interleaved with this one's, for
// 100 KB ASCII and non-ASCII entries and for stats() over 20 000 entries.
//
//   node --expose-gc bench/stores-redis.mjs [--rounds=1000] [--seconds=3] [--inflight=8] [--baseline=/old/checkout]
//
// A baseline is a directory with the old `src/` (e.g. `git archive <commit> src | tar -x -C /tmp/old`).
// Bundles the sources (and node-redis) with esbuild into a temp dir, so it
// runs before the subpath exports exist.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
import { build } from "esbuild";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const ROUNDS = Number(args.rounds ?? 1000);
const SECONDS = Number(args.seconds ?? 3);
const INFLIGHT = Number(args.inflight ?? 8);
const WARMUP = 200;
const STATS_ENTRIES = 20_000;
const baselineRoot = args.baseline === undefined ? undefined : resolve(args.baseline);
const CHARS = 100 * 1024;
const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/** The stores from `srcRoot/src`, with the test server and node-redis of this checkout. */
async function loadModules(scratch, srcRoot, tag) {
  const entry = join(scratch, `entry-${tag}.ts`);
  writeFileSync(
    entry,
    [
      `export { RedisStore } from ${JSON.stringify(join(srcRoot, "src/stores/redis.ts"))};`,
      `export { TieredStore } from ${JSON.stringify(join(srcRoot, "src/stores/tiered.ts"))};`,
      `export { MemoryStore } from ${JSON.stringify(join(srcRoot, "src/ccr/memory-store.ts"))};`,
      `export { startRedisServer } from ${JSON.stringify(here("../test/support/redis-server.ts"))};`,
      `export { createClient } from "redis";`,
    ].join("\n"),
  );
  const outfile = join(scratch, `bundle-${tag}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    outfile,
    logLevel: "warning",
    nodePaths: [here("../node_modules")],
    // node-redis is CommonJS and requires node built-ins; give the ESM bundle a require.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return import(pathToFileURL(outfile).href);
}

/** 100 KB (UTF-16 units) of log lines; `i` makes each round's content distinct. */
function logContent(i) {
  let s = `${i} `;
  for (let n = 0; s.length < CHARS; n++)
    s += `2024-05-01T12:00:${String(n % 60).padStart(2, "0")}Z INFO request ${n} served in ${n % 97} ms\n`;
  return s.slice(0, CHARS);
}

/** 100 KB (UTF-16 units) of accented text with emoji, cut on a code point boundary. */
function accentedContent(i) {
  let s = `${i} `;
  for (let n = 0; s.length < CHARS; n++) s += `ligne ${n}: résumé 😀 café\n`;
  const end = s.charCodeAt(CHARS - 1) >= 0xd800 && s.charCodeAt(CHARS - 1) <= 0xdbff ? CHARS - 1 : CHARS;
  return s.slice(0, end);
}

/**
 * Put+get rounds of a new entry through each store, interleaved round by
 * round in a rotating order so the machine's load hits them alike; per store,
 * sorted milliseconds after the warm-up with the client CPU per round.
 */
async function interleavedPutGet(stores, content, tag) {
  const contents = Array.from({ length: ROUNDS + WARMUP }, (_, i) => content(i));
  const results = stores.map(() => Object.assign([], { cpuMs: 0 }));
  globalThis.gc?.();
  for (let i = 0; i < contents.length; i++) {
    for (let k = 0; k < stores.length; k++) {
      const s = (k + i) % stores.length;
      const key = keyOf(`${tag} ${s} ${i}`);
      const cpu = process.cpuUsage();
      const started = performance.now();
      await stores[s].put(key, contents[i]);
      const got = await stores[s].get(key);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (got !== contents[i]) throw new Error(`${tag}: round ${i} read back different content`);
      if (i < WARMUP) continue;
      results[s].push(ms);
      results[s].cpuMs += (used.user + used.system) / 1000 / ROUNDS;
    }
  }
  for (const r of results) r.sort((a, b) => a - b);
  return results;
}

/** How stats() fares over `count` entries, and whether a put right after it goes through. */
async function statsOver(store, count) {
  const started = performance.now();
  let outcome;
  try {
    const stats = await store.stats();
    outcome = `${stats.entries} entries in ${(performance.now() - started).toFixed(0)} ms`;
    if (stats.entries < count) outcome += ` (expected ${count})`;
  } catch (error) {
    outcome = `fails after ${(performance.now() - started).toFixed(0)} ms: ${error.message.replace(/^pithy: /, "")}`;
  }
  const after = await store.put(keyOf(`after stats ${Math.random()}`), "after").then(
    () => "succeeds",
    (error) => `fails: ${error.message.replace(/^pithy: /, "")}`,
  );
  return { outcome, after };
}

function keyOf(label) {
  return createHash("sha256").update(label).digest("hex").slice(0, 32);
}

function fmtMs(ms) {
  return typeof ms === "number" ? ms.toFixed(3) : "–";
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** CPU milliseconds redis-server has used so far (user + system), from INFO. */
let serverCpuMs = async () => 0;

/**
 * Sorted milliseconds of `step(i)` over ROUNDS rounds after WARMUP, with the
 * CPU time per round of this process (`cpuMs`) and of redis-server
 * (`serverCpuMs`): waits for a busy CPU do not count there, so their sum is
 * about what a round costs on an idle machine.
 */
async function timeRounds(step) {
  // Start each measurement without the garbage of the one before (needs --expose-gc).
  globalThis.gc?.();
  const times = [];
  let cpu = null;
  let server = 0;
  for (let i = 0; i < ROUNDS + WARMUP; i++) {
    if (i === WARMUP) {
      server = await serverCpuMs();
      cpu = process.cpuUsage();
    }
    const started = performance.now();
    await step(i);
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  const sorted = times.sort((a, b) => a - b);
  sorted.cpuMs = (used.user + used.system) / 1000 / ROUNDS;
  sorted.serverCpuMs = ((await serverCpuMs()) - server) / ROUNDS;
  return sorted;
}

/** A put then a get of a new 100 KB entry each round, checking what comes back. */
function putGet(store, tag) {
  const contents = Array.from({ length: ROUNDS + WARMUP }, (_, i) => logContent(i));
  return timeRounds(async (i) => {
    const key = keyOf(`${tag} ${i}`);
    await store.put(key, contents[i]);
    if ((await store.get(key)) !== contents[i]) throw new Error(`${tag}: round ${i} read back different content`);
  });
}

/** A get of one 100 KB entry put beforehand. */
async function getOnly(store, tag) {
  const content = logContent(-1);
  const key = keyOf(`${tag} get`);
  await store.put(key, content);
  return timeRounds(async () => {
    if ((await store.get(key)) !== content) throw new Error(`${tag}: get read back different content`);
  });
}

/** The same put+get with node-redis alone (SET PX, GET of the raw string), for the floor. */
function rawPutGet(client) {
  const contents = Array.from({ length: ROUNDS + WARMUP }, (_, i) => logContent(i));
  return timeRounds(async (i) => {
    const key = `raw:${keyOf(`raw ${i}`)}`;
    await client.set(key, contents[i], { expiration: { type: "PX", value: 60_000 } });
    if ((await client.get(key)) !== contents[i]) throw new Error("raw: different content");
  });
}

/** Put+get pairs per second from several stores at once, INFLIGHT pairs in flight per store, for SECONDS. */
async function throughput(stores) {
  const contents = Array.from({ length: 64 }, (_, i) => logContent(1000 + i));
  const deadline = performance.now() + SECONDS * 1000;
  let pairs = 0;
  let failures = 0;
  let n = 0;
  const lane = async (store) => {
    while (performance.now() < deadline) {
      const i = n++;
      const content = contents[i % contents.length];
      const key = keyOf(`tp ${i}`);
      try {
        await store.put(key, content);
        if ((await store.get(key)) !== content) throw new Error("throughput: different content");
        pairs++;
      } catch (error) {
        if (error instanceof Error && error.message.startsWith("throughput")) throw error;
        failures++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(stores.flatMap((store) => Array.from({ length: INFLIGHT }, () => lane(store))));
  const seconds = (performance.now() - started) / 1000;
  return { pairsPerSecond: pairs / seconds, mbPerSecond: (pairs * 2 * CHARS) / seconds / 1e6, failures };
}

const scratch = mkdtempSync(join(tmpdir(), "pithy-bench-redis-"));
const { RedisStore, TieredStore, MemoryStore, startRedisServer, createClient } = await loadModules(
  scratch,
  here(".."),
  "current",
);
const baselineModules = baselineRoot === undefined ? undefined : await loadModules(scratch, baselineRoot, "baseline");
const server = await startRedisServer();
const runtime = `Node ${process.version}`;
try {
  const redis = await RedisStore.open({ url: server.url, prefix: "bench:" });
  const redis2 = await RedisStore.open({ url: server.url, prefix: "bench:" });
  const tiered = new TieredStore({ front: new MemoryStore({ maxBytes: 64 * 1024 * 1024 }), back: redis });
  const raw = createClient({ url: server.url });
  await raw.connect();
  const info = createClient({ url: server.url });
  await info.connect();
  serverCpuMs = async () => {
    const text = await info.info("cpu");
    const field = (name) => Number(text.split(`${name}:`)[1]?.split("\r\n")[0] ?? 0);
    return 1000 * (field("used_cpu_user") + field("used_cpu_sys"));
  };

  // Each store's get alone first, before its put + get rounds fill Redis and the heap.
  const measure = async (label, store, tag) => {
    const alone = await getOnly(store, tag);
    return [label, await putGet(store, tag), alone];
  };
  const rows = [
    await measure("MemoryStore", new MemoryStore(), "memory"),
    await measure("RedisStore (loopback)", redis, "redis"),
    await measure("TieredStore (memory → Redis)", tiered, "tiered"),
    ["node-redis alone, SET PX + GET (floor)", await rawPutGet(raw), null],
  ];
  const one = await throughput([redis]);
  const two = await throughput([redis, redis2]);

  // Side by side with the baseline: the same server, interleaved rounds, and the bytes each value takes.
  let compareTable = [];
  if (baselineModules) {
    const old = await baselineModules.RedisStore.open({ url: server.url, prefix: "old:" });
    const valueBytes = async (store, content) => {
      const key = keyOf(`size ${store.prefix}`);
      await store.put(key, content);
      return info.strLen(`${store.prefix}${key}`);
    };
    const compare = [];
    for (const [label, content] of [
      ["ASCII log", logContent],
      ["non-ASCII (é, 😀)", accentedContent],
    ]) {
      const [mine, theirs] = await interleavedPutGet([redis, old], content, label);
      compare.push({
        label,
        mine,
        theirs,
        bytes: [await valueBytes(redis, content(-2)), await valueBytes(old, content(-2))],
      });
    }
    // stats() over 20 000 small ASCII entries (a format both read) in a database of their own.
    const many = await RedisStore.open({ url: `${server.url}/1`, prefix: "many:" });
    for (let i = 0; i < STATS_ENTRIES; i += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, STATS_ENTRIES - i) }, (_, j) =>
          many.put(keyOf(`many ${i + j}`), `entry ${i + j}\n`),
        ),
      );
    }
    const oldMany = await baselineModules.RedisStore.open({ url: `${server.url}/1`, prefix: "many:" });
    const statsMine = await statsOver(many, STATS_ENTRIES);
    const statsTheirs = await statsOver(oldMany, STATS_ENTRIES);
    await Promise.all([old.close(), many.close(), oldMany.close()]);
    compareTable = [
      "| 100 KB entry, put + get, interleaved | RedisStore p50 | p90 | client CPU | baseline p50 | p90 | client CPU | CPU ratio (new / old) | value KB (new / old) |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...compare.map(
        ({ label, mine, theirs, bytes }) =>
          `| ${label} | ${fmtMs(percentile(mine, 0.5))} | ${fmtMs(percentile(mine, 0.9))} | ${fmtMs(mine.cpuMs)} | ${fmtMs(percentile(theirs, 0.5))} | ${fmtMs(percentile(theirs, 0.9))} | ${fmtMs(theirs.cpuMs)} | ${(mine.cpuMs / theirs.cpuMs).toFixed(2)} | ${(bytes[0] / 1024).toFixed(1)} / ${(bytes[1] / 1024).toFixed(1)} |`,
      ),
      "",
      `| stats() over ${STATS_ENTRIES.toLocaleString("en")} entries, own client (queue of 1 000 commands) | stats() | a put right after |`,
      "|---|---|---|",
      `| RedisStore | ${statsMine.outcome} | ${statsMine.after} |`,
      `| baseline | ${statsTheirs.outcome} | ${statsTheirs.after} |`,
    ];
  }
  raw.destroy();
  info.destroy();
  await Promise.all([redis.close(), redis2.close()]);

  const fmt = fmtMs;
  const table = [
    "| 100 KB entry | put + get p50 | p90 | p99 | CPU / put + get: client | server | get alone p50 | p90 |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      ([label, pg, g]) =>
        `| ${label} | ${fmt(percentile(pg, 0.5))} | ${fmt(percentile(pg, 0.9))} | ${fmt(percentile(pg, 0.99))} | ${fmt(pg.cpuMs)} | ${fmt(pg.serverCpuMs)} | ${fmt(g && percentile(g, 0.5))} | ${fmt(g && percentile(g, 0.9))} |`,
    ),
  ];
  const tpTable = [
    `| RedisStore put + get of 100 KB, ${INFLIGHT} pairs in flight per client | pairs / s | MB / s (UTF-16, both ways) | failures |`,
    "|---|---:|---:|---:|",
    `| 1 client | ${one.pairsPerSecond.toFixed(0)} | ${one.mbPerSecond.toFixed(0)} | ${one.failures} |`,
    `| 2 clients | ${two.pairsPerSecond.toFixed(0)} | ${two.mbPerSecond.toFixed(0)} | ${two.failures} |`,
  ];
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
  const report = [
    "# RedisStore and TieredStore round trip",
    "",
    `${runtime}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}; redis-server on 127.0.0.1 (no persistence) in the same machine; load average at the end ${load}.`,
    `Milliseconds for one \`put\` then one \`get\` of a new 100 KB (UTF-16 units, ASCII log) entry, and for a \`get\` alone of an entry already held, ${ROUNDS} rounds after ${WARMUP} warm-up. "CPU / put + get" is the mean CPU time per round of this process and of redis-server (from INFO; 0 for MemoryStore), which waits for a busy CPU do not inflate: on a loaded machine the wall-clock figures mostly measure the wait. The TieredStore put goes to Redis then memory; its get is answered by memory. Throughput: ${SECONDS} s of put + get pairs with ${INFLIGHT} pairs in flight per client.`,
    baselineModules
      ? `"baseline" is the RedisStore of \`${args.baseline}\` on the same server, its rounds interleaved with this one's (client CPU per round: the server's is in the first table); "value KB" is the STRLEN of one entry's value.`
      : "",
    `Reproduce: \`node --expose-gc bench/stores-redis.mjs${baselineModules ? " --baseline=<old checkout>" : ""}\`.`,
    "",
    ...table,
    "",
    ...tpTable,
    "",
    ...(compareTable.length > 0 ? [...compareTable, ""] : []),
  ]
    .filter((line, i, all) => line !== "" || all[i - 1] !== "")
    .join("\n");
  mkdirSync(here("./results"), { recursive: true });
  writeFileSync(here("./results/stores-redis.md"), report);
  console.log(
    `\n${table.join("\n")}\n\n${tpTable.join("\n")}\n\n${compareTable.join("\n")}\n\nload average ${load}; wrote bench/results/stores-redis.md`,
  );
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}

// Peak memory per call: for each content type (payloads made from the shared
// corpus, as in bench/pipeline.mjs) and hostile shapes, at 1 MB and 10 MB (add
// 100 MB with SIZES=1,10,100; it takes minutes and gigabytes), one `compress`
// runs in a fresh child process; the row gives the child's peak RSS above
// what it held right before the call, per input char. Target (issue #15): at
// most 4 bytes per input char plus a constant. Inputs past the default 8 MiB
// ceiling are compressed with maxChars raised, and the store's caps are
// raised with it (a 100 MB original is 200 MB of UTF-16, over the default
// 32 MiB entry cap: refused, the call degraded to lossless and measured no
// compressor), so the row measures the compressors, not a skip.
// The peak is the call's own: on Linux the child resets its peak RSS
// (/proc/self/clear_refs) after building the input, whose copies would
// otherwise set the peak at 100 MB. Writes bench/results/memory.md.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const SIZES_MB = (process.env.SIZES ?? "1,10").split(",").map(Number);
const KINDS = (
  process.env.KINDS ??
  "log,search,diff,json,markdown,html,terminal,tabular,open-brackets,json-deep-array,json-deep-object,close-parens-lines,lone-surrogates"
).split(",");

/** Full collections until the heap stops shrinking, so that RSS before the call holds the input and little else. */
async function settleHeap() {
  let used = Infinity;
  for (let round = 0; round < 5; round++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = process.memoryUsage().heapUsed;
    if (now > used * 0.98) break;
    used = now;
  }
}

/** Resets this process's peak RSS to its current RSS (Linux); false where that cannot be done. */
function resetPeakRss() {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}

/** Peak RSS since the last reset, from /proc/self/status (Linux). */
function peakRss() {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) * 1024;
}

if (process.argv[2] === "--child") {
  const [, , , kind, mbText] = process.argv;
  const size = Math.round(Number(mbText) * 1024 * 1024);
  const { createPithy, MemoryStore } = await import("../dist/index.js");
  let text;
  let hint = { tool: "Bash" };
  if (kind in (await import("./hostile-inputs.mjs")).SHAPES) {
    text = (await import("./hostile-inputs.mjs")).SHAPES[kind](size);
    if (kind.startsWith("json") || kind === "open-brackets") hint = { contentType: "json" };
  } else {
    const { loadCorpus } = await import("./corpus.mjs");
    const texts = loadCorpus()
      .filter((c) => c.class === kind && c.text.length > 0)
      .map((c) => c.text);
    const parts = [];
    let n = 0;
    for (let i = 0; n < size; i++) {
      const t = texts[i % texts.length];
      parts.push(kind === "json" ? t.trim() : t.endsWith("\n") ? t : `${t}\n`);
      n += t.length;
    }
    text = kind === "json" ? `[${parts.join(",\n")}]` : parts.join("");
  }
  // Flatten the string (a rope of parts would be flattened inside the call and counted there).
  text = JSON.parse(JSON.stringify(text));
  const store = new MemoryStore({ maxBytes: 4 * 2 ** 30, maxEntryBytes: 4 * 2 ** 30 });
  const pithy = await createPithy({ maxChars: 512 * 1024 * 1024, store });
  // Warm up on the same kind of content, so that compiling the compressor's
  // code (tens of MB of compiler memory, once per process) is not counted as the call's.
  await pithy.compress("warm up the kernels and the modules ".repeat(100));
  await pithy.compress(text.slice(0, 1 << 18), hint);
  await settleHeap();
  const before = process.memoryUsage().rss;
  const resetPeak = resetPeakRss();
  const t0 = performance.now();
  const r = await pithy.compress(text, hint);
  const ms = performance.now() - t0;
  const peak = resetPeak ? peakRss() : process.resourceUsage().maxRSS * 1024;
  process.stdout.write(
    JSON.stringify({
      chars: text.length,
      twoByte: /[^\u0000-\u00ff]/.test(text),
      before,
      peak,
      callPeak: resetPeak,
      ms,
      action: r.action,
      type: r.type,
      reason: r.reason ?? "",
    }),
  );
  process.exit(0);
}

const self = fileURLToPath(import.meta.url);
const rows = [];
for (const kind of KINDS) {
  for (const mb of SIZES_MB) {
    let row;
    try {
      const out = execFileSync(
        process.execPath,
        ["--expose-gc", "--max-old-space-size=16384", self, "--child", kind, String(mb)],
        {
          encoding: "utf8",
          maxBuffer: 1 << 20,
          timeout: 15 * 60 * 1000,
        },
      );
      row = JSON.parse(out);
    } catch (e) {
      row = {
        error: String(e.message ?? e)
          .split("\n")[0]
          .slice(0, 80),
      };
    }
    rows.push({ kind, mb, ...row });
    const perByte = row.peak === undefined ? NaN : Math.max(0, row.peak - row.before) / row.chars;
    console.error(
      `${kind} ${mb} MB: ${row.error ?? `${(row.peak / 1e6).toFixed(0)} MB peak, ${perByte.toFixed(2)} B/char, ${row.ms.toFixed(0)} ms, ${row.action} ${row.type} ${row.reason}`}`,
    );
  }
}

const fmt = (r) => {
  if (r.error !== undefined) return `| ${r.kind} | ${r.mb} | | | | | | ${r.error} |`;
  const extra = Math.max(0, r.peak - r.before);
  return `| ${r.kind} | ${r.mb} | ${r.twoByte ? 2 : 1} | ${(r.peak / 1e6).toFixed(0)} | ${(extra / 1e6).toFixed(0)} | ${(extra / r.chars).toFixed(2)} | ${r.ms.toFixed(0)} | ${r.action} ${r.type} ${r.reason} |`;
};
const md = [
  "# Peak memory per call",
  "",
  `Node ${process.version}; one \`compress\` per fresh child process (maxChars and the memory store's caps raised so large inputs reach the compressors and can be kept); ${rows.some((r) => r.callPeak === false) ? "peak RSS from process.resourceUsage().maxRSS (the process's, input building included)" : "peak RSS of the call alone (reset through /proc/self/clear_refs after the input is built)"}, "above" = peak − RSS right before the call (after full collections), which holds the input: "str B/char" is 1 for a one-byte string, 2 for a two-byte one.`,
  "Target: above ≤ 4 bytes per input char + a constant.",
  "",
  "| input | MB | str B/char | peak RSS MB | above MB | above B/char | ms | result |",
  "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ...rows.map(fmt),
  "",
].join("\n");
if (process.env.KINDS === undefined && process.env.SIZES === undefined) {
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/memory.md", md);
} else console.log(md);

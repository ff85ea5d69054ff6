// `pithy` as a Unix filter, run as a real child process in a bash pipeline:
// slow producers, readers that leave early, a full disk, endless and binary
// input, bytes that are not UTF-8. Each case runs under Node and under Deno.
import { afterAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIG_LOG, removeTempDirs, sh, shellQuote, tempDir } from "./spawn-cli.js";

afterAll(removeTempDirs);

const big = readFileSync(BIG_LOG);
const q = shellQuote;
const hasGnuTime = existsSync("/usr/bin/time");
const hasScript = existsSync("/usr/bin/script");
const MiB = 1024 * 1024;

/** The peak RSS GNU time reported (`maxrss_kb=N` on stderr), in bytes. */
function rssOf(stderr: string): number {
  const kb = Number(/maxrss_kb=(\d+)/.exec(stderr)?.[1]);
  expect(kb).toBeGreaterThan(0);
  return kb * 1024;
}

// Child processes on a busy 2-core machine: seconds each, not the 5 s default.
const BUDGET_MS = 60_000;

describe.each(["node", "deno"] as const)("pithy under %s, in a shell pipeline", { timeout: BUDGET_MS }, (runtime) => {
  const run = (script: string, env: Record<string, string> = {}) => sh(script, { runtime, env });

  it("compresses stdin from a producer that writes nothing for a second", async () => {
    const store = tempDir();
    const r = await run(`cat ${q(BIG_LOG)} | (sleep 1; cat) | $PITHY --tool Bash --store-dir ${q(store)}`);
    expect(r.stderr).toMatch(/^pithy: \d+ → \d+ tokens \(−9\d%\), log via log, key [0-9a-f]{32}\n$/);
    expect(r.code).toBe(0);
    expect(r.stdout.toString("utf8")).toContain("npm info ok");
    expect(r.stdout.length).toBeLessThan(big.length / 10);
  });

  it("recalls, in a later run, the exact bytes of what it compressed", async () => {
    const store = tempDir();
    const first = await run(`$PITHY --json --quiet --store-dir ${q(store)} < ${q(BIG_LOG)}`);
    const key = JSON.parse(first.stdout.toString("utf8")).key as string;
    const back = await run(`$PITHY recall ${key} --store-dir ${q(store)}`);
    expect(back.code).toBe(0);
    expect(back.stdout.equals(big)).toBe(true);
  });

  it("ends quietly with exit 0 when the reader leaves early (pithy recall KEY | head -1)", async () => {
    const store = tempDir();
    const first = await run(`$PITHY --json --quiet --store-dir ${q(store)} < ${q(BIG_LOG)}`);
    const key = JSON.parse(first.stdout.toString("utf8")).key as string;
    const r = await run(`$PITHY recall ${key} --store-dir ${q(store)} | head -1; echo "status=\${PIPESTATUS[0]}" >&2`);
    expect(r.stdout.toString("utf8")).toBe(big.toString("utf8").split("\n")[0] + "\n");
    expect(r.stderr).toBe("status=0\n");
  });

  it("reports a full disk in one line on stderr and exits 1 (> /dev/full)", async () => {
    const r = await run(`$PITHY --store-dir ${q(tempDir())} < ${q(BIG_LOG)} > /dev/full`);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("pithy: cannot write to stdout: ENOSPC (no space left on device)\n");
  });

  // Memory is bounded when streaming 8× more input costs (almost) no more memory: were the input
  // held, 448 MiB more would show.
  it.runIf(hasGnuTime)("streams /dev/zero through in bounded memory instead of reading it whole", async () => {
    const peak = async (bytes: number) => {
      const r = await run(
        `/usr/bin/time -f 'maxrss_kb=%M' $PITHY /dev/zero --store-dir ${q(tempDir())} | head -c ${bytes} | wc -c`,
      );
      expect(r.stdout.toString("utf8").trim()).toBe(String(bytes));
      expect(r.stderr).toMatch(/^pithy: \d+ bytes passed through unchanged, skipped \(binary\)\n/);
      return rssOf(r.stderr);
    };
    // RSS is noisy on a busy machine (Deno's collector lags behind 512 MiB of garbage chunks
    // there: +70 MiB seen once, +7 at rest), so the least growth of three tries is what counts;
    // input held in memory would show +448 MiB in every try.
    let growth = Number.POSITIVE_INFINITY;
    for (let tries = 0; tries < 3 && growth >= 48 * MiB; tries++) {
      const small = await peak(64 * MiB);
      growth = Math.min(growth, (await peak(512 * MiB)) - small);
    }
    expect(growth).toBeLessThan(48 * MiB);
  });

  it.runIf(hasGnuTime)("stops reading text past PITHY_MAX_CHARS and streams the rest through unchanged", async () => {
    const line = "the same line of a log, again and again";
    const peak = async (bytes: number) => {
      const r = await run(
        `yes '${line}' | /usr/bin/time -f 'maxrss_kb=%M' $PITHY --store-dir ${q(tempDir())} | head -c ${bytes} | md5sum; ` +
          `yes '${line}' | head -c ${bytes} | md5sum`,
        { PITHY_MAX_CHARS: "100000" },
      );
      const [got, want] = r.stdout.toString("utf8").trim().split("\n");
      expect(got).toBe(want);
      expect(r.stderr).toMatch(/pithy: \d+ bytes passed through unchanged, skipped \(too_large\)\n/);
      return rssOf(r.stderr);
    };
    // RSS is noisy on a busy machine (Deno's collector lags behind 512 MiB of garbage chunks
    // there: +70 MiB seen once, +7 at rest), so the least growth of three tries is what counts;
    // input held in memory would show +448 MiB in every try.
    let growth = Number.POSITIVE_INFINITY;
    for (let tries = 0; tries < 3 && growth >= 48 * MiB; tries++) {
      const small = await peak(64 * MiB);
      growth = Math.min(growth, (await peak(512 * MiB)) - small);
    }
    expect(growth).toBeLessThan(48 * MiB);
  });

  it("passes binary input (NUL bytes) through byte for byte", async () => {
    const dir = tempDir();
    const file = join(dir, "blob.bin");
    const blob = Buffer.alloc(300_000);
    for (let i = 0; i < blob.length; i++) blob[i] = (i * 2654435761) >>> 24;
    writeFileSync(file, blob);
    const r = await run(`$PITHY --store-dir ${q(dir)} < ${q(file)}`);
    expect(r.code).toBe(0);
    expect(r.stdout.equals(blob)).toBe(true);
    expect(r.stderr).toBe(`pithy: ${blob.length} bytes passed through unchanged, skipped (binary)\n`);
  });

  it("passes text that is not UTF-8 (Latin-1) through byte for byte, even when long", async () => {
    const dir = tempDir();
    const file = join(dir, "latin1.log");
    const line = Buffer.from("2024-01-01 12:00:00 INFO caf\xe9 cr\xe8me br\xfbl\xe9e served to table 12\n", "latin1");
    const text = Buffer.concat(Array.from({ length: 2000 }, () => line));
    writeFileSync(file, text);
    for (const mode of ["lossy", "off"]) {
      const r = await run(`$PITHY ${q(file)} --mode ${mode} --store-dir ${q(dir)}`);
      expect(r.stdout.equals(text)).toBe(true);
      expect(r.stderr).toMatch(/skipped \(binary\)\n$/);
    }
  });

  it("keeps a byte-order mark: recall gives back the very bytes of a UTF-8 file that starts with one", async () => {
    const dir = tempDir();
    const file = join(dir, "bom.log");
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), big]);
    writeFileSync(file, withBom);
    const first = await run(`$PITHY ${q(file)} --json --quiet --store-dir ${q(dir)}`);
    const key = JSON.parse(first.stdout.toString("utf8")).key as string;
    const back = await run(`$PITHY recall ${key} --store-dir ${q(dir)}`);
    expect(back.stdout.equals(withBom)).toBe(true);
    const off = await run(`$PITHY ${q(file)} --mode off --quiet --store-dir ${q(dir)}`);
    expect(off.stdout.equals(withBom)).toBe(true);
  });

  it("prints the savings line on its own line when output without a final newline shares stderr's target", async () => {
    const dir = tempDir();
    const file = join(dir, "no-newline.txt");
    writeFileSync(file, "word ".repeat(400).trimEnd());
    const r = await run(`$PITHY ${q(file)} --mode off --store-dir ${q(dir)} 2>&1`);
    const shown = r.stdout.toString("utf8");
    expect(shown.startsWith("word ".repeat(400).trimEnd() + "\npithy: ")).toBe(true);
    // Off mode passes everything through, and says how much that was rather than "0 → 0".
    expect(shown).toMatch(/\npithy: (\d+) → \1 tokens \(0%\), skipped \(mode_off\)\n$/);
    expect(Number(/pithy: (\d+)/.exec(shown)?.[1])).toBeGreaterThan(100);
  });

  it.runIf(hasScript)("prints help instead of waiting when stdin is a terminal and no FILE is named", async () => {
    const r = await run(`script -qec "$PITHY" /dev/null < /dev/null`);
    expect(r.stdout.toString("utf8")).toMatch(/Usage:\r?\n\s+pithy \[FILE\|-\]/);
    expect(r.code).toBe(2);
  });
});

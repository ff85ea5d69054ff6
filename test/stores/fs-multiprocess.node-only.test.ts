import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FsStore } from "../../src/stores/fs.js";
import { bundleFsStore, exited, fixture, onLines, spawnScript } from "./fixtures/child.js";
import { workerContent, workerKey } from "./fixtures/fs-entries.mjs";

const WORKERS = 4;
const ENTRIES = 2000;

const root = mkdtempSync(join(tmpdir(), "pithy-fs-multi-"));
let bundle = "";
beforeAll(async () => {
  bundle = await bundleFsStore(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface PutReport {
  runtime: string;
  worker: number;
  failedPuts: string[];
  wrongDuringPuts: number;
}
interface GetReport {
  worker: number;
  missing: number;
  wrong: number;
  corrupt: number;
}

describe("FsStore shared by several processes", () => {
  it("lets 4 processes put 2000 entries each at once and every one read all 8000 back", async () => {
    const dir = join(root, "shared");
    const children = Array.from({ length: WORKERS }, (_, worker) =>
      spawnScript(fixture("fs-worker.mjs"), [bundle, dir, String(worker), String(WORKERS), String(ENTRIES)]),
    );
    const endings = children.map(exited);
    const puts: PutReport[] = [];
    const gets: GetReport[] = [];
    let release: () => void = () => {};
    const allPut = new Promise<void>((resolve) => (release = resolve));
    for (const child of children) {
      onLines(child, (line) => {
        const report = JSON.parse(line);
        if (report.phase === "put") {
          puts.push(report);
          if (puts.length === WORKERS) release();
        } else {
          gets.push(report);
        }
      });
    }
    await Promise.race([allPut, Promise.all(endings)]);
    expect(
      puts.length,
      (await Promise.race([Promise.all(endings), Promise.resolve([])])).map((e) => e.stderr).join("\n"),
    ).toBe(WORKERS);
    for (const child of children) child.stdin.write("go\n");
    const results = await Promise.all(endings);
    expect(
      results.map((r) => r.code),
      results.map((r) => r.stderr).join("\n"),
    ).toEqual(children.map(() => 0));

    for (const report of puts)
      expect(report).toMatchObject({ runtime: inject("runtime"), failedPuts: [], wrongDuringPuts: 0 });
    expect(
      gets
        .map(({ worker, missing, wrong, corrupt }) => ({ worker, missing, wrong, corrupt }))
        .sort((a, b) => a.worker - b.worker),
    ).toEqual(Array.from({ length: WORKERS }, (_, worker) => ({ worker, missing: 0, wrong: 0, corrupt: 0 })));
    expect(readdirSync(dir).filter((name) => name.startsWith(".tmp-"))).toEqual([]);

    // And a process that opens the directory afterwards indexes every entry once (the workers read them all).
    const after = await FsStore.open({ dir, onUnusable: "throw", maxBytes: 1 << 30 });
    const distinct = new Set<string>();
    for (let w = 0; w < WORKERS; w++) for (let j = 0; j < ENTRIES; j++) distinct.add(workerKey(w, j));
    expect((await after.stats()).entries).toBe(distinct.size);
    for (let j = 0; j < ENTRIES; j += 97)
      expect(await after.get(workerKey(j % WORKERS, j))).toBe(workerContent(j % WORKERS, j));
  }, 60_000);
});

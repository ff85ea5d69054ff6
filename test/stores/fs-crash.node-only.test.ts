import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FsStore } from "../../src/stores/fs.js";
import { bundleFsStore, exited, fixture, onLines, spawnScript } from "./fixtures/child.js";
import { crashContent, keyFor } from "./fixtures/fs-entries.mjs";

const root = mkdtempSync(join(tmpdir(), "pithy-fs-crash-"));
let bundle = "";
beforeAll(async () => {
  bundle = await bundleFsStore(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * Starts a writer at entry `first`, kills it with SIGKILL once it has
 * acknowledged `acks` puts, and returns the last acknowledged index.
 */
async function writeThenKill(dir: string, first: number, acks: number): Promise<number> {
  const child = spawnScript(fixture("fs-crash-writer.mjs"), [bundle, dir, String(first)]);
  const ending = exited(child);
  let last = first - 1;
  await new Promise<void>((resolve) => {
    onLines(child, (line) => {
      if (line.startsWith("runtime ")) {
        expect(line).toBe(`runtime ${inject("runtime")}`);
        return;
      }
      last = Number(line);
      if (last - first + 1 >= acks) {
        child.kill("SIGKILL");
        resolve();
      }
    });
    void ending.then(() => resolve());
  });
  const { code, stderr } = await ending;
  expect(code, stderr).toBe("SIGKILL");
  return last;
}

describe("FsStore after a writer is killed mid-stream", () => {
  it("reads every entry back exactly or not at all, and every acknowledged one exactly", async () => {
    const dir = join(root, "crashed");
    const acknowledged = new Set<number>();
    let first = 0;
    // Three kills at different points, each followed by a check of everything written so far.
    for (const acks of [25, 40, 60]) {
      const last = await writeThenKill(dir, first, acks);
      for (let i = first; i <= last; i++) acknowledged.add(i);
      const store = await FsStore.open({ dir, onUnusable: "throw" });
      // The writer may have started (not finished) a few puts past the last one it acknowledged.
      const candidates = last + 20;
      let present = 0;
      for (let i = 0; i <= candidates; i++) {
        const got = await store.get(keyFor(`crash ${i}`));
        if (got !== undefined) present++;
        if (acknowledged.has(i)) expect(got === crashContent(i), `entry ${i} acknowledged but not intact`).toBe(true);
        else if (got !== undefined) expect(got === crashContent(i), `entry ${i} corrupt`).toBe(true);
      }
      const stats = await store.stats();
      expect(stats.corrupt).toBe(0);
      const entryFiles = readdirSync(dir).filter((name) => !name.startsWith(".tmp-"));
      expect(entryFiles.length).toBe(present);
      expect(stats.entries).toBe(present);
      first = candidates + 1;
    }
  }, 60_000);
});

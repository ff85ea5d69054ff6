import { describe, expect, it } from "vitest";
import { MAX_SCAN_IN_FLIGHT, scanEntries, scanWindow } from "../../../src/stores/redis/entry-scan.js";
import { RedisConnection } from "../../../src/stores/redis/connection.js";

/**
 * A client that answers SCAN from a fixed key list (`perStep` keys a step)
 * and GETRANGE/STRLEN a few microtasks later, counting how many
 * commands wait for an answer at once.
 */
function fakeClient(keys: string[], perStep: number, failOn?: (args: readonly unknown[]) => boolean) {
  const seen = { inFlight: 0, maxInFlight: 0, sent: 0, sentAfterFailure: 0, failed: false };
  const client = {
    isReady: true,
    sendCommand(args: ReadonlyArray<unknown>): Promise<unknown> {
      seen.sent++;
      if (seen.failed) seen.sentAfterFailure++;
      seen.inFlight++;
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
      return new Promise((resolve, reject) => {
        later(() => {
          seen.inFlight--;
          if (failOn?.(args)) {
            seen.failed = true;
            reject(new Error("boom"));
          } else if (args[0] === "SCAN") {
            const at = Number(args[1]);
            const next = at + perStep >= keys.length ? "0" : String(at + perStep);
            resolve([next, keys.slice(at, at + perStep)]);
          } else if (args[0] === "GETRANGE") {
            resolve(new Uint8Array([0x68, 0x69]));
          } else {
            resolve(2);
          }
        });
      });
    },
  };
  return { client, seen };
}

/** Runs `step` three microtasks from now: replies arrive out of the sending tick, in order. */
function later(step: () => void): void {
  Promise.resolve()
    .then(() => undefined)
    .then(step);
}

const keys = Array.from({ length: 1200 }, (_, i) => `p:${i}`);

describe("entry scan", () => {
  it("takes a quarter of the client's command queue, between 1 and 256 commands", () => {
    expect(scanWindow(1000)).toBe(250);
    expect(scanWindow(16)).toBe(4);
    expect(scanWindow(3)).toBe(1);
    expect(scanWindow(1_000_000)).toBe(MAX_SCAN_IN_FLIGHT);
    expect(scanWindow(undefined)).toBe(MAX_SCAN_IN_FLIGHT);
    expect(scanWindow(0)).toBe(MAX_SCAN_IN_FLIGHT);
  });

  it("visits every key with never more commands in flight than its window", async () => {
    for (const window of [64, 7, 2, 1]) {
      const { client, seen } = fakeClient(keys, 500);
      const visited: string[] = [];
      await scanEntries(new RedisConnection(client, 5000), "p:*", window, (key, head, length) => {
        expect([head, length]).toEqual(["hi", 2]);
        visited.push(key);
      });
      expect(visited.sort()).toEqual([...keys].sort());
      expect(seen.maxInFlight).toBeLessThanOrEqual(window);
      // The window is used, not just respected: the scan pipelines.
      expect(seen.maxInFlight).toBeGreaterThanOrEqual(window - 1 || 1);
    }
  });

  it("rejects after a failure only once the commands it sent have settled, and sends no more", async () => {
    let getranges = 0;
    const { client, seen } = fakeClient(keys, 500, (args) => args[0] === "GETRANGE" && ++getranges === 10);
    const error = await scanEntries(new RedisConnection(client, 5000), "p:*", 32, () => {}).catch((e: unknown) => e);
    expect((error as Error).message).toContain("boom");
    expect(seen.inFlight).toBe(0);
    // Those already sent when the failure came back may still go out in their pair; nothing after that.
    expect(seen.sentAfterFailure).toBeLessThanOrEqual(32);
    expect(seen.sent).toBeLessThan(100);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { loadWasm } from "../../src/kernels/wasm.js";
import { computeKey } from "../../src/ccr/key.js";
import { formatMarker } from "../../src/ccr/marker.js";
import { PendingKey, PROVISIONAL_KEY } from "../../src/ccr/pending-key.js";
import { hashesOffThread } from "../../src/kernels/sha256-async.js";
import { hashesNatively } from "../../src/kernels/sha256-native.js";

beforeAll(async () => {
  await loadWasm();
});

describe("PendingKey", () => {
  it("gives small content its real key at once", async () => {
    const pending = PendingKey.start("hello");
    expect(pending.markerKey).toBe(computeKey("hello"));
    expect(await pending.key()).toBe(computeKey("hello"));
  });

  it("swaps the provisional key of large content for the real one in every marker", async () => {
    const content = "line of a large log\n".repeat(4000);
    const pending = PendingKey.start(content);
    const key = await pending.key();
    expect(key).toBe(computeKey(content));
    const written = `${formatMarker(pending.markerKey, "a")}\nkept\n${formatMarker(pending.markerKey, "b")}`;
    expect(pending.settle(written, key)).toBe(`${formatMarker(key, "a")}\nkept\n${formatMarker(key, "b")}`);
    // Where the runtime hashes natively (Node, Deno) the key is real at once; browsers hash off the thread.
    expect(pending.markerKey).toBe(!hashesNatively(content) && hashesOffThread(content) ? PROVISIONAL_KEY : key);
  });

  it("never uses the provisional key for content that contains it", async () => {
    const content = `${PROVISIONAL_KEY}\n`.repeat(4000);
    const pending = PendingKey.start(content);
    expect(pending.markerKey).toBe(computeKey(content));
    expect(pending.settle(content, await pending.key())).toBe(content);
  });
});

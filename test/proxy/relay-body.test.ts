import { describe, expect, it } from "vitest";
import { isNullBodyStatus, relayBody } from "../../src/proxy/relay-body.js";

describe("relayBody", () => {
  it("relays every chunk and says when the body is over", async () => {
    let ended = 0;
    const source = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array([1]));
        c.enqueue(new Uint8Array([2, 3]));
        c.close();
      },
    });
    const relayed = relayBody(source, () => ended++)!;
    expect(new Uint8Array(await new Response(relayed).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(ended).toBe(1);
  });

  it("hands each chunk on before the next one exists", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const source = new ReadableStream<Uint8Array>({
      async start(c) {
        c.enqueue(new Uint8Array([1]));
        await gate;
        c.close();
      },
    });
    const reader = relayBody(source, () => {})!.getReader();
    expect((await reader.read()).value).toEqual(new Uint8Array([1]));
    release();
    expect((await reader.read()).done).toBe(true);
  });

  it("cancels the source and says so when the client goes away", async () => {
    let cancelled = false;
    let ended = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(new Uint8Array([0]));
      },
      cancel() {
        cancelled = true;
      },
    });
    const reader = relayBody(source, () => ended++)!.getReader();
    await reader.read();
    await reader.cancel();
    expect(cancelled).toBe(true);
    expect(ended).toBe(1);
  });

  it("says a missing body is over at once", () => {
    let ended = 0;
    expect(relayBody(null, () => ended++)).toBeNull();
    expect(ended).toBe(1);
  });
});

describe("isNullBodyStatus", () => {
  it("knows the statuses without a body", () => {
    expect([204, 304, 101, 205].every(isNullBodyStatus)).toBe(true);
    expect(isNullBodyStatus(200)).toBe(false);
  });
});

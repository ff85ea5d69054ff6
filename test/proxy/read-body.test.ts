import { describe, expect, it } from "vitest";
import { readBody } from "../../src/proxy/read-body.js";

function streamOf(chunks: Uint8Array[], onCancel?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else controller.close();
    },
    cancel: onCancel,
  });
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://proxy/v1/messages", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readBody", () => {
  it("reads the whole body", async () => {
    const read = await readBody(post(streamOf([new Uint8Array([1, 2]), new Uint8Array([3])])), 10);
    expect(read).toEqual({ ok: true, bytes: new Uint8Array([1, 2, 3]) });
  });

  it("refuses a declared length over the cap without reading", async () => {
    const read = await readBody(post("x".repeat(20), { "content-length": "20" }), 10);
    expect(read).toEqual({ ok: false, reason: "too_large" });
  });

  it("stops reading and cancels a body that grows past the cap", async () => {
    let cancelled = false;
    const chunks = Array.from({ length: 100 }, () => new Uint8Array(1024));
    const read = await readBody(post(streamOf(chunks, () => (cancelled = true))), 4096);
    expect(read).toEqual({ ok: false, reason: "too_large" });
    expect(cancelled).toBe(true);
  });

  it("reads an empty body", async () => {
    expect(await readBody(post(null), 10)).toEqual({ ok: true, bytes: new Uint8Array(0) });
  });
});

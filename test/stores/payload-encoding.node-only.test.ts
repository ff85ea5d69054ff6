import { describe, expect, it } from "vitest";
import { Buffer } from "node:buffer";
import fc from "fast-check";
import { encodeWtf8, isWellFormed } from "../../src/ccr/wtf8.js";
import { type PayloadEncoding, planPayload, readPayload, writePayload } from "../../src/stores/payload-encoding.js";

/** `content` written as its plan says, into a buffer with a few bytes of padding either side. */
function encoded(content: string): { encoding: PayloadEncoding; bytes: Uint8Array } {
  const plan = planPayload(content);
  const target = Buffer.alloc(plan.bytes + 8, 0xaa);
  writePayload(content, plan, target, 4);
  expect([...target.subarray(0, 4), ...target.subarray(4 + plan.bytes)]).toEqual(new Array(8).fill(0xaa));
  return { encoding: plan.encoding, bytes: target.subarray(4, 4 + plan.bytes) };
}

const units = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: fc.constantFrom("a", "Z", "0", " ", "\n", "\t", "\u0000", "~"), maxLength: 40 }),
  fc
    .array(
      fc.oneof(
        fc.string({ unit: "grapheme", maxLength: 6 }),
        fc.constantFrom("\ud83d", "\ude00", "\udbff", "\udc00", "\ufeff", "\ufffd", "\ud7a3", "\ud000", "\u0000", "a"),
      ),
      { maxLength: 16 },
    )
    .map((parts) => parts.join("")),
  // Mostly ASCII with stray surrogates, as in a log cut mid-emoji: WTF-8 with lone surrogates.
  fc
    .array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("\ud83d", "\ude00", "\udbff", "\udc00", "é")), {
      maxLength: 10,
    })
    .map((parts) => parts.join("")),
);

describe("payload encoding", () => {
  it("round-trips every UTF-16 string exactly, in whichever encoding it picks", () => {
    const seen = { a: 0, u: 0, w: 0, lone: 0 };
    fc.assert(
      fc.property(units, (content) => {
        const { encoding, bytes } = encoded(content);
        seen[encoding]++;
        if (encoding === "u" && !isWellFormed(content)) seen.lone++;
        expect(readPayload(encoding, bytes)).toBe(content);
      }),
      { numRuns: 1000 },
    );
    // Every branch was reached, lone surrogates in WTF-8 included.
    expect(seen.a).toBeGreaterThan(10);
    expect(seen.u).toBeGreaterThan(10);
    expect(seen.w).toBeGreaterThan(10);
    expect(seen.lone).toBeGreaterThan(10);
  });

  it("writes exactly the bytes of encodeWtf8 when it picks WTF-8", () => {
    fc.assert(
      fc.property(units, (content) => {
        const { encoding, bytes } = encoded(content);
        if (encoding === "u") expect(new Uint8Array(bytes)).toEqual(encodeWtf8(content));
      }),
      { numRuns: 500 },
    );
  });

  it("picks ASCII for ASCII, WTF-8 for accented text and emoji, UTF-16 for CJK", () => {
    expect(planPayload("plain log\n")).toEqual({ encoding: "a", bytes: 10 });
    expect(planPayload("")).toEqual({ encoding: "a", bytes: 0 });
    expect(planPayload("résumé 😀")).toEqual({ encoding: "u", bytes: Buffer.byteLength("résumé 😀") });
    expect(planPayload("x\ud800")).toEqual({ encoding: "u", bytes: 4 });
    expect(planPayload("构建失败")).toEqual({ encoding: "w", bytes: 8 });
  });

  it("never takes more than two bytes per UTF-16 unit", () => {
    fc.assert(
      fc.property(units, (content) => {
        expect(planPayload(content).bytes).toBeLessThanOrEqual(2 * content.length);
      }),
    );
  });

  it("keeps a byte order mark at the start and after a lone surrogate", () => {
    for (const content of ["\ufeffa é", "é\ud800\ufeff and more", "\udc00\ufeff abc"]) {
      const { encoding, bytes } = encoded(content);
      expect(encoding).toBe("u");
      expect(readPayload(encoding, bytes)).toBe(content);
    }
  });

  it("reads Hangul whose UTF-8 starts with ED as text, not as an encoded surrogate", () => {
    const content = "\ud000\ud7a3 é \ud800 \ud55c";
    const bytes = encodeWtf8(content);
    expect(bytes.filter((b) => b === 0xed).length).toBe(4);
    expect(readPayload("u", bytes)).toBe(content);
  });

  it("reads bytes that are not WTF-8 with U+FFFD, for the caller's checks to reject", () => {
    expect(readPayload("u", new Uint8Array([0x61, 0xff, 0x62]))).toBe("a\ufffdb");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_ID_BYTES, RequestIdScanner } from "../../../src/integrations/mcp/request-id-scanner.js";

const encoder = new TextEncoder();

function scan(text: string, chunkSizes: number[] = []): ReturnType<RequestIdScanner["id"]> {
  const bytes = encoder.encode(text);
  const scanner = new RequestIdScanner();
  let at = 0;
  for (const size of chunkSizes) {
    scanner.feed(bytes.subarray(at, at + size));
    at += size;
  }
  scanner.feed(bytes.subarray(at));
  return scanner.id();
}

describe("RequestIdScanner", () => {
  it("finds an integer id written last, the way the SDK client writes requests", () => {
    expect(scan('{"method":"tools/call","params":{"name":"x"},"jsonrpc":"2.0","id":7}')).toBe(7);
  });

  it("finds a string id written first, escapes included", () => {
    expect(scan('{"id":"a\\"b\\\\c","jsonrpc":"2.0","method":"ping"}')).toBe('a"b\\c');
  });

  it("ignores id members of nested objects", () => {
    const text = '{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"id":99,"rows":[{"id":5}]}},"id":3}';
    expect(scan(text)).toBe(3);
    expect(scan('{"params":{"id":99},"method":"x"}')).toBeNull();
  });

  it('is not fooled by "id": inside a string value', () => {
    expect(scan('{"params":{"content":"{\\"id\\":1}\\",\\"id\\":2"},"id":4}')).toBe(4);
    expect(scan('{"content":"\\"id\\":1"}')).toBeNull();
  });

  it("gives null for ids that are not strings or finite numbers", () => {
    for (const value of ["{}", "[1]", "true", "null", '"' + "x".repeat(MAX_ID_BYTES) + '"']) {
      expect(scan(`{"jsonrpc":"2.0","id":${value}}`), value).toBeNull();
    }
  });

  it("gives null for text that is not a JSON object", () => {
    expect(scan("garbage")).toBeNull();
    expect(scan('[{"id":1}]')).toBeNull();
    expect(scan("")).toBeNull();
  });

  it("takes the last top-level id, as JSON.parse does", () => {
    expect(scan('{"id":1,"x":{"id":2},"id":3}')).toBe(JSON.parse('{"id":1,"x":{"id":2},"id":3}').id);
  });

  it("finds the id of a message with 10 000 levels of nesting before it", () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    expect(scan(`{"params":{"a":${deep}},"id":"deep"}`)).toBe("deep");
  });

  it("finds the same id as JSON.parse in any message, however the bytes are split", () => {
    const id = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ unit: "binary", maxLength: 20 }),
    );
    // Params full of decoys: nested "id" keys, and strings that spell "id": inside.
    const decoy = fc.oneof(fc.string({ unit: "binary" }), fc.constantFrom('"id":1', 'x","id":2}', "\\", '{"id"'));
    const { node: params } = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.oneof(decoy, fc.integer(), fc.boolean(), fc.constant(null)),
        fc.dictionary(fc.constantFrom("id", "x", "y"), tie("node"), { maxKeys: 3 }),
        fc.array(tie("node"), { maxLength: 3 }),
      ),
    }));
    const message = fc.record({ jsonrpc: fc.constant("2.0"), method: decoy, params, id }).chain((fields) =>
      fc.shuffledSubarray(Object.keys(fields), { minLength: 4 }).map((order) => {
        const object: Record<string, unknown> = {};
        for (const key of order) object[key] = fields[key as keyof typeof fields];
        return object;
      }),
    );
    let nestedIds = 0;
    fc.assert(
      fc.property(message, fc.array(fc.nat({ max: 40 }), { maxLength: 8 }), (object, chunks) => {
        const text = JSON.stringify(object);
        if (/"id":.*"id":/.test(text)) nestedIds++;
        expect(scan(text, chunks)).toBe(JSON.parse(text).id);
      }),
      { numRuns: 500 },
    );
    // The generator must reach messages where some other "id" key precedes or follows the top-level one.
    expect(nestedIds).toBeGreaterThan(0);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonCompressor } from "../../../src/compressors/json.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * Real settings maps, each a flat object of over a hundred scalars read by its keys:
 * `python3.11 -c 'import sysconfig,json; print(json.dumps(sysconfig.get_config_vars(), indent=2, sort_keys=True))'`
 * (pyenv CPython 3.11.7, 965 build variables) and
 * `node -e 'console.log(JSON.stringify(require("constants"),null,2))'` (Node 20.20.2, 236 constants).
 */
const settings = [
  ["CPython's sysconfig variables", readFileSync("test/compressors/json/fixtures/sysconfig-vars-py311.json", "utf8")],
  ["Node's constants", readFileSync("test/compressors/json/fixtures/node-constants.json", "utf8")],
] as const;

/** TypeScript's zh-tw diagnostic messages: a flat map of text, not settings. */
const messages = readFileSync("test/compressors/json/fixtures/diagnostic-messages-zh-tw.json", "utf8");

describe("a settings map past the object cap", () => {
  for (const [name, text] of settings) {
    it(`keeps every key of ${name} with its value as written, long text cut, in valid JSON`, () => {
      const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
      expect(out).not.toBeNull();
      const original = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(original).length).toBeGreaterThan(200);
      const shown = JSON.parse(out!.output) as Record<string, unknown>;
      for (const [key, value] of Object.entries(original)) {
        const pair = `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
        if (typeof value === "string" && value.length > 120) {
          expect(String(shown[key])).toContain(value.slice(0, 100));
        } else expect(out!.output).toContain(pair);
      }
      expect(out!.output.length).toBeLessThan(text.length);
    });
  }

  it("names a build's target and ABI among a thousand switches", () => {
    const out = jsonCompressor.compress(compressorInput(settings[0][1], { type: "json" }));
    for (const pair of [
      '"HOST_GNU_TYPE": "x86_64-pc-linux-gnu"',
      '"SOABI": "cpython-311-x86_64-linux-gnu"',
      '"Py_DEBUG": 0',
    ])
      expect(out!.output).toContain(pair);
  });

  it("leaves a map of text to its head and tail (a message catalogue's keys weigh like its entries)", () => {
    const out = jsonCompressor.compress(compressorInput(messages, { type: "json" }));
    const shown = Object.keys(JSON.parse(out!.output) as object);
    expect(shown.length).toBeLessThan(Object.keys(JSON.parse(messages) as object).length / 2);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonCompressor } from "../../../src/compressors/json.js";
import { isKeyedMap } from "../../../src/compressors/json/keyed-map.js";
import { parseJson } from "../../../src/compressors/json/parse.js";
import { pruneTree } from "../../../src/compressors/json/prune.js";
import { renderJson } from "../../../src/compressors/json/render.js";
import type { JsonObject } from "../../../src/compressors/json/tree.js";
import { compressorInput } from "../../support/compressor-input.js";
import { testPruneOptions } from "./prune-options.js";

/** Real keyed maps of the installed packages: media types, and the lockfile's package paths. */
const mimeDb = readFileSync("node_modules/mime-db/db.json", "utf8");
const lockPackages = JSON.stringify(
  (JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: unknown }).packages,
  null,
  2,
);

describe("keyed maps", () => {
  for (const [name, text] of [
    ["mime-db's db.json", mimeDb],
    ["package-lock.json's packages", lockPackages],
  ] as const) {
    it(`keeps every key of ${name} visible, each before its value, in valid JSON`, () => {
      const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
      expect(out).not.toBeNull();
      const value = JSON.parse(out!.output) as Record<string, unknown>;
      for (const key of Object.keys(JSON.parse(text) as object)) {
        expect(value[key]).toBeDefined();
        expect(out!.output).toContain(`${JSON.stringify(key)}: {`);
      }
      expect(out!.output.length).toBeLessThan(text.length);
    });
  }

  it("stubs a lockfile's dropped entries as the count of their keys, the marker saying once what it counts", () => {
    const out = jsonCompressor.compress(compressorInput(lockPackages, { type: "json" }));
    expect(out).not.toBeNull();
    const original = JSON.parse(lockPackages) as Record<string, Record<string, unknown>>;
    const value = JSON.parse(out!.output) as Record<string, Record<string, unknown>>;
    const counted = Object.keys(value).filter((k) => typeof value[k]?.["…"] === "number");
    expect(counted.length).toBeGreaterThan(20);
    for (const key of counted) expect(value[key]).toEqual({ "…": Object.keys(original[key]).length });
    expect(out!.output.split("{…: n} stands for n more keys").length - 1).toBe(1);
  });

  it("reads keys of one name each as a keyed map, and keys that are sentences as none", () => {
    const keyed = parseJson('{"audio/mpeg": {}, "node_modules/@types/node": {}, "1.2.3": {}}')!.root;
    const prose = parseJson('{"a b": {}, "c": {}}')!.root;
    expect(isKeyedMap(keyed as JsonObject)).toBe(true);
    expect(isKeyedMap(prose as JsonObject)).toBe(false);
  });

  it("past the stub budget, gives each entry of a keyed map its size instead of grouping it", () => {
    const map = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`type/${i}`, { source: "iana", n: i }]));
    const { root } = pruneTree(parseJson(JSON.stringify(map))!.root, testPruneOptions({ stubBudget: 20 }));
    const out = JSON.parse(renderJson(root, ":")) as Record<string, unknown>;
    for (let i = 0; i < 200; i++) expect(out[`type/${i}`]).toBeDefined();
    expect(Object.values(out).filter((v) => typeof v === "string" && v.startsWith("…("))).toEqual([]);
    expect(out["type/150"]).toEqual({ "…": 2 });
  });
});

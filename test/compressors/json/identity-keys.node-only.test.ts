import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonCompressor } from "../../../src/compressors/json.js";
import { compressorInput } from "../../support/compressor-input.js";

/**
 * What a nested record is (`type`, `kind`) or which call it makes
 * (`operation`) stays with it past the depth cap. Real outputs: boto3's
 * resource models (`boto3/data/glacier/2012-06-01/resources-1.json` and
 * `cloudwatch/2010-08-01/resources-1.json`, boto3 1.x under pyenv 3.11.7:
 * every action's `request.operation`), and cfn-lint's JSON Schemas
 * (`cfnlint/data/schemas/other/step_functions/statemachine.json`, whose
 * `definitions.choice.definitions` hold `JSONataChoice` and `Operator`,
 * and the resource schema `cfnlint/data/schemas/resources/6227c73d0ee36383.json`).
 */
const fixture = (name: string) => readFileSync(`test/compressors/json/fixtures/${name}`, "utf8");

function compress(text: string): string {
  const out = jsonCompressor.compress(compressorInput(text, { type: "json" }));
  expect(out).not.toBeNull();
  expect(out!.output.length).toBeLessThan(text.length);
  return out!.output;
}

describe("identity values of nested records", () => {
  for (const name of ["boto3-glacier-resources.json", "boto3-cloudwatch-resources.json"]) {
    it(`keeps every action's operation in ${name}`, () => {
      const text = fixture(name);
      const output = compress(text);
      const operations = text.match(/"operation": "[^"]+"/g) ?? [];
      expect(operations.length).toBeGreaterThan(10);
      for (const op of operations) expect(output).toContain(op);
    });
  }

  it("keeps a nested schema definition as an object with its type (cfn-lint state machine)", () => {
    const output = compress(fixture("cfnlint-statemachine-schema.json"));
    expect(output).toContain('"JSONataChoice": {"type": "object"');
    expect(output).toContain('"Operator": {"type": "object"');
  });

  it("keeps a folded property of a resource schema with its type (cfn-lint resource schema)", () => {
    const text = fixture("cfnlint-resource-schema-6227c73d.json");
    const output = compress(text);
    expect(output).toContain('"CollectionName": {"type": "string"');
    expect(output).toContain('"Filters": {"type": "array"');
  });
});

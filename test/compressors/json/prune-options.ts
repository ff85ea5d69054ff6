// The pruning options the JSON tests share: small caps, so short inputs reach every rule.
import { IdentifierKeys } from "../../../src/compressors/json/identifier-keys.js";
import type { PruneOptions } from "../../../src/compressors/json/prune.js";

const identifiers = new IdentifierKeys();

/** Small caps for every rule, a 50-stub budget, markers naming a test key; `over` replaces fields. */
export function testPruneOptions(over: Partial<PruneOptions> = {}): PruneOptions {
  return {
    depthCap: 4,
    stringCap: 100,
    stringKeep: 30,
    arrayCap: 10,
    objectCap: 20,
    settingsCap: 40,
    identifiers,
    stubBudget: 50,
    crush: { budget: 10, minRows: 8, head: 2, tail: 2, topScores: 3, queryTerms: [], identifiers },
    marker: (s) => `[[pithy:${"0".repeat(32)} ${s}]]`,
    ...over,
  };
}

import { expect } from "vitest";
import { listingCompressor } from "../../src/compressors/listing.js";
import type { CompressorOutput } from "../../src/compressors/types.js";
import { createPithy } from "../../src/pipeline.js";
import { compressorInput } from "./compressor-input.js";
import { openCorpus } from "./corpus.js";

const own = openCorpus("own");

/** A case of the own corpus (test/corpus) by id, with its text. */
export async function ownCase(id: string) {
  const c = (await own.cases()).find((x) => x.id === id)!;
  return { c, text: await own.readCase(c) };
}

/** The listing compressor on `text`, as the tabular chain runs it, at profile scale `scale`. */
export function compressListing(text: string, scale = 1): CompressorOutput | null {
  return listingCompressor.compress(compressorInput(text, { type: "tabular", scale }));
}

/**
 * Each of `texts` (name, text) compressed through the pipeline by the listing
 * link, its original recalled whole, and its output left as it is when
 * compressed again.
 */
export async function expectListingRoundTrips(texts: ReadonlyArray<readonly [string, string]>): Promise<void> {
  for (const [name, text] of texts) {
    const pithy = await createPithy();
    const first = await pithy.compress(text, { tool: "Bash" });
    expect(first, name).toMatchObject({ action: "compressed", type: "tabular", strategy: "listing" });
    expect(await pithy.recall(first.key as string)).toMatchObject({ found: true, content: text });
    const second = await pithy.compress(first.output, { tool: "Bash" });
    expect(second.output).toBe(first.output);
  }
}

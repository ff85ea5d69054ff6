import { listingCompressor } from "../../src/compressors/listing.js";
import type { CompressorOutput } from "../../src/compressors/types.js";
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

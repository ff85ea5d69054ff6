import { loadChains } from "./chain-loaders.js";
import type { Chains } from "./chain-plan.js";

export type { Chains } from "./chain-plan.js";

/**
 * The default chains (their order is in chain-plan.ts), loaded: the base to
 * build custom chains on. Each link receives the previous link's output; a
 * link that returns null passes the text on unchanged; a link that asks to
 * reroute (terminal, doc_read) sends its output through the router again.
 *
 * Asynchronous because every compressor is loaded on demand (see
 * chain-loaders.ts): a static import of them all here would put every
 * compressor in the bundle of whoever imports the package root.
 * @example
 * const chains = await defaultChains();
 * const pithy = await createPithy({ chains: { log: [...chains.log, myCompressor] } });
 */
export function defaultChains(): Promise<Chains> {
  return loadChains(null);
}

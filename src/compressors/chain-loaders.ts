/**
 * The pipeline's chains, loaded per content type: each compressor module is
 * reached through a dynamic `import()`, so a bundler splits it into a chunk
 * of its own and `createPithy({ types: ["log"] })` loads (and ships to a
 * browser) only the log chain's compressors. A type left out gets an empty
 * chain; the gate skips it before that matters (reason `type_off`).
 */
import type { ContentType } from "../types.js";
import { CHAIN_PLAN, type Chains, type LinkName } from "./chain-plan.js";
import type { Compressor } from "./types.js";

const LOADERS: Readonly<Record<LinkName, () => Promise<Compressor>>> = {
  ansi: () => import("./ansi.js").then((m) => m.ansiCompressor),
  blob: () => import("./blob.js").then((m) => m.blobCompressor),
  code: () => import("./code.js").then((m) => m.codeCompressor),
  diff: () => import("./diff.js").then((m) => m.diffCompressor),
  doc_read: () => import("./doc-read.js").then((m) => m.docReadCompressor),
  fallback: () => import("./fallback.js").then((m) => m.fallbackCompressor),
  help: () => import("./help.js").then((m) => m.helpCompressor),
  html: () => import("./html.js").then((m) => m.htmlCompressor),
  json: () => import("./json.js").then((m) => m.jsonCompressor),
  listing: () => import("./listing.js").then((m) => m.listingCompressor),
  log: () => import("./log.js").then((m) => m.logCompressor),
  manual: () => import("./manual.js").then((m) => m.manualCompressor),
  markdown: () => import("./markdown.js").then((m) => m.markdownCompressor),
  paths: () => import("./listing/short-paths.js").then((m) => m.shortPathsCompressor),
  search: () => import("./search.js").then((m) => m.searchCompressor),
  stanzas: () => import("./stanzas.js").then((m) => m.stanzasCompressor),
  tabular: () => import("./tabular.js").then((m) => m.tabularCompressor),
  terminal: () => import("./terminal.js").then((m) => m.terminalCompressor),
  word_colour: () => import("./diff.js").then((m) => m.colourWordDiffCompressor),
};

/** The chains of the types in `types` (every type when null), each compressor loaded once. */
export async function loadChains(types: ReadonlySet<ContentType> | null): Promise<Chains> {
  const plan = Object.entries(CHAIN_PLAN) as [ContentType, readonly LinkName[]][];
  const wanted = new Set<LinkName>();
  for (const [type, names] of plan) if (types === null || types.has(type)) for (const name of names) wanted.add(name);
  const loaded = new Map<LinkName, Compressor>();
  await Promise.all([...wanted].map(async (name) => loaded.set(name, await LOADERS[name]())));
  const chains = {} as Chains;
  for (const [type, names] of plan) {
    chains[type] = types === null || types.has(type) ? names.map((name) => loaded.get(name)!) : [];
  }
  return chains;
}

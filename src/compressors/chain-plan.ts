/**
 * The default chains by name: which compressors run on each content type, in
 * order. The loaders (chain-loaders.ts) import each compressor only when a
 * chosen type needs it, so `createPithy({ types })` loads only what it runs.
 *
 * ANSI escapes go first in every chain but the terminal one (which reads
 * them to collapse redraws, then reroutes), the code chain included. The
 * fallback closes the chains as a last resort: it cuts only content no
 * compressor claimed.
 */
import type { ContentType } from "../types.js";
import type { Compressor } from "./types.js";

/** The compressors of the default chains, by name. */
export type LinkName =
  | "ansi"
  | "blob"
  | "code"
  | "diff"
  | "doc_read"
  | "fallback"
  | "help"
  | "html"
  | "json"
  | "listing"
  | "log"
  | "manual"
  | "paths"
  | "markdown"
  | "search"
  | "stanzas"
  | "tabular"
  | "terminal"
  | "word_colour";

/** Content type → the compressors that run on it, in order. */
export type Chains = Record<ContentType, readonly Compressor[]>;

/** Content type → the names of the compressors that run on it, in order. */
export const CHAIN_PLAN: Readonly<Record<ContentType, readonly LinkName[]>> = {
  json: ["ansi", "json", "fallback"],
  search: ["ansi", "search", "fallback"],
  log: ["ansi", "log", "fallback"],
  // A coloured word diff is read before its colour, the only mark of its changed words, is stripped.
  diff: ["word_colour", "ansi", "diff", "fallback"],
  terminal: ["terminal"],
  doc_read: ["ansi", "doc_read"],
  // Reached only when the hint asks for code compression, for a blob, or for coloured code (whose
  // escapes go first); the skeleton runs before the blob because it leaves text holding markers alone.
  code: ["ansi", "code", "blob"],
  // The markdown compressor leaves text holding markers alone, so it runs before blob. A rendered
  // manual page routes as markdown (its headings); the manual compressor leaves any other text alone.
  // A command's help text (option lists) reads as prose: the help compressor keeps every option before Markdown's budget.
  markdown: ["ansi", "manual", "help", "markdown", "blob", "fallback"],
  html: ["ansi", "html", "blob", "fallback"],
  // Stanza lists and recursive listings route as tabular; their compressors leave anything else alone.
  // A short list of paths (`rg -l`, a filtered `find`) stays whole: every path is one an agent may quote.
  tabular: ["ansi", "stanzas", "paths", "listing", "tabular", "fallback"],
  prose: ["ansi", "manual", "help", "markdown", "blob", "fallback"],
  unknown: ["ansi", "help", "blob", "fallback"],
};

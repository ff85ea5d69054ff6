import type { ContentType } from "../types.js";
import { ansiCompressor } from "./ansi.js";
import { blobCompressor } from "./blob.js";
import { codeCompressor } from "./code.js";
import { diffCompressor } from "./diff.js";
import { docReadCompressor } from "./doc-read.js";
import { fallbackCompressor } from "./fallback.js";
import { htmlCompressor } from "./html.js";
import { jsonCompressor } from "./json.js";
import { listingCompressor } from "./listing.js";
import { logCompressor } from "./log.js";
import { markdownCompressor } from "./markdown.js";
import { searchCompressor } from "./search.js";
import { stanzasCompressor } from "./stanzas.js";
import { tabularCompressor } from "./tabular.js";
import { terminalCompressor } from "./terminal.js";
import type { Compressor } from "./types.js";

/** Content type → the compressors that run on it, in order. */
export type Chains = Record<ContentType, readonly Compressor[]>;

/**
 * The default chains. Each link receives the previous link's output; a link
 * that returns null passes the text on unchanged; a link that asks to
 * reroute (terminal, doc_read) sends its output through the router again.
 * ANSI escapes go first in every chain but the terminal one (which reads
 * them to collapse redraws, then reroutes). The fallback closes the chains
 * as a last resort: it cuts only content no compressor claimed.
 */
export function defaultChains(): Chains {
  return {
    json: [ansiCompressor, jsonCompressor, fallbackCompressor],
    search: [ansiCompressor, searchCompressor, fallbackCompressor],
    log: [ansiCompressor, logCompressor, fallbackCompressor],
    diff: [ansiCompressor, diffCompressor, fallbackCompressor],
    terminal: [terminalCompressor],
    doc_read: [ansiCompressor, docReadCompressor],
    // Reached only when the hint asks for code compression, or for a blob; the
    // skeleton runs first because it leaves text holding markers alone.
    code: [codeCompressor, blobCompressor],
    // The markdown compressor leaves text holding markers alone, so it runs before blob.
    markdown: [ansiCompressor, markdownCompressor, blobCompressor, fallbackCompressor],
    html: [ansiCompressor, htmlCompressor, blobCompressor, fallbackCompressor],
    // Stanza lists and recursive listings route as tabular; their compressors leave anything else alone.
    tabular: [ansiCompressor, stanzasCompressor, listingCompressor, tabularCompressor, fallbackCompressor],
    prose: [ansiCompressor, markdownCompressor, blobCompressor, fallbackCompressor],
    unknown: [ansiCompressor, blobCompressor, fallbackCompressor],
  };
}

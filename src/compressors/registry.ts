import type { ContentType } from "../types.js";
import { blobCompressor } from "./blob.js";
import { codeCompressor } from "./code.js";
import { diffCompressor } from "./diff.js";
import { docReadCompressor } from "./doc-read.js";
import { fallbackCompressor } from "./fallback.js";
import { htmlCompressor } from "./html.js";
import { jsonCompressor } from "./json.js";
import { logCompressor } from "./log.js";
import { markdownCompressor } from "./markdown.js";
import { searchCompressor } from "./search.js";
import { tabularCompressor } from "./tabular.js";
import { terminalCompressor } from "./terminal.js";
import type { Compressor } from "./types.js";

/** Content type → the compressors that run on it, in order. */
export type Chains = Record<ContentType, readonly Compressor[]>;

/**
 * The default chains. Each link receives the previous link's output; a link
 * that returns null passes the text on unchanged; a link that asks to
 * reroute (terminal, doc_read) sends its output through the router again.
 * The fallback closes every chain so no type can hand back a megabyte.
 */
export function defaultChains(): Chains {
  return {
    json: [jsonCompressor, fallbackCompressor],
    search: [searchCompressor, fallbackCompressor],
    log: [logCompressor, fallbackCompressor],
    diff: [diffCompressor, fallbackCompressor],
    terminal: [terminalCompressor],
    doc_read: [docReadCompressor],
    // Reached only when the hint asks for code compression, or for a blob; the
    // skeleton runs first because it leaves text holding markers alone.
    code: [codeCompressor, blobCompressor],
    // The markdown compressor leaves text holding markers alone, so it runs before blob.
    markdown: [markdownCompressor, blobCompressor, fallbackCompressor],
    html: [htmlCompressor, blobCompressor, fallbackCompressor],
    tabular: [tabularCompressor, fallbackCompressor],
    prose: [markdownCompressor, blobCompressor, fallbackCompressor],
    unknown: [blobCompressor, fallbackCompressor],
  };
}

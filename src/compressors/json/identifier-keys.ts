import { decodeString } from "./tree.js";

/**
 * What counts as an identifier in JSON: keys whose values the agent will
 * quote back (ids, names, urls, paths, hashes) and values shaped like one.
 * The pruner never cuts these; the crusher uses them to tell distinct
 * entities from repeated records.
 */

/** Identifier words whose values are blobs (hashes, tarball urls): identifiers, but long and of little meaning. */
export const BLOB_IDENTIFIER_WORDS: readonly string[] = [
  "sha",
  "hash",
  "digest",
  "checksum",
  "integrity",
  "shasum",
  "tarball",
  "resolved",
];

/**
 * Keys that hold a record's heading in documents kept as JSON: what a
 * reader scans for, as the headings of a page. `textRaw` is the heading of
 * every module, class, method and section in Node.js's machine-readable API
 * docs (`doc/api/*.json`), where `name` is only the slug.
 */
export const HEADING_WORDS: readonly string[] = ["heading", "textraw"];

const HEADING_LEXEMES: ReadonlySet<string> = new Set(HEADING_WORDS.map((w) => `"${w}"`));

/**
 * Whether the raw key lexeme `raw` is a heading key. A heading's value is
 * kept, but cut like prose when long: Node's docs put a parameter's whole
 * description in its `textRaw`, and only its start reads as a heading.
 */
export function isHeadingLexeme(raw: string): boolean {
  return raw.length <= 16 && HEADING_LEXEMES.has(raw.toLowerCase());
}

/**
 * Default identifier words. A key is an identifier key when its last word
 * (split on `_`, `-`, `.`, and camelCase humps) is one of them: `id`,
 * `package_id`, `ownerId`, `html_url`, `filePath`, `sha`, `name`, `package`, `email`…
 */
export const DEFAULT_IDENTIFIER_WORDS: readonly string[] = [
  "id",
  "ids",
  "uuid",
  "guid",
  "key",
  "ref",
  "slug",
  "name",
  // What a record of a package list, a module graph, an account or a cloud resource is named by.
  "package",
  "module",
  // An ES module's name as imported or resolved (deno info, import maps, bundlers' module graphs).
  "specifier",
  "login",
  "arn",
  "hostname",
  "email",
  "url",
  "uri",
  "href",
  "link",
  "path",
  "file",
  "filename",
  "filepath",
  "dir",
  "root",
  ...HEADING_WORDS,
  ...BLOB_IDENTIFIER_WORDS,
];

const WORD_SPLIT_RE = /[_\-.\s]+|(?<=[a-z0-9])(?=[A-Z])/;

/** Lowercased last word of a key (`htmlUrl` → `url`, `package_id` → `id`, `_id` → `id`). */
export function lastWord(key: string): string {
  const words = key.split(WORD_SPLIT_RE);
  for (let i = words.length - 1; i >= 0; i--) if (words[i] !== "") return words[i].toLowerCase();
  return "";
}

/**
 * A copy of `text` that holds no reference to the document it was cut from.
 * The caches below outlive a call, and a key sliced from a 100 MB input can
 * be a view that keeps the whole input alive; joining forces a fresh string.
 */
function detached(text: string): string {
  return (" " + text).slice(1);
}

/** Decides whether a key names an identifier; built once per word list. */
export class IdentifierKeys {
  private readonly words: ReadonlySet<string>;
  private readonly cache = new Map<string, boolean>();
  private readonly lexemeCache = new Map<string, boolean>();

  constructor(words: readonly string[] = DEFAULT_IDENTIFIER_WORDS) {
    this.words = new Set(words.map((w) => w.toLowerCase()));
  }

  /** Whether `key` (decoded) is an identifier key. */
  has(key: string): boolean {
    let known = this.cache.get(key);
    if (known === undefined) {
      known = this.words.has(key.toLowerCase()) || this.words.has(lastWord(key));
      if (this.cache.size < 4096) this.cache.set(detached(key), known);
    }
    return known;
  }

  /**
   * Whether the raw key lexeme `raw` (quotes included) is an identifier key.
   * Cached by lexeme: the parser hands out one string per repeated key, so a
   * lookup skips decoding and rehashing.
   */
  hasLexeme(raw: string): boolean {
    let known = this.lexemeCache.get(raw);
    if (known === undefined) {
      known = this.has(decodeString(raw));
      if (this.lexemeCache.size < 4096) this.lexemeCache.set(detached(raw), known);
    }
    return known;
  }
}

/** Longest value still treated as an identifier; past it a "url" is a blob. */
export const MAX_IDENTIFIER_LENGTH = 2048;

const URL_RE = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const PATH_RE = /^(?:\/|~\/|\.{1,2}\/|[A-Za-z]:\\)\S*$/;
const HEX_RE = /^[0-9a-f]{7,128}$/i;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/** Whether a decoded string value looks like an identifier (url, path, hash, uuid, email). */
export function isIdentifierValue(text: string): boolean {
  if (text.length > MAX_IDENTIFIER_LENGTH) return false;
  return URL_RE.test(text) || PATH_RE.test(text) || HEX_RE.test(text) || UUID_RE.test(text) || EMAIL_RE.test(text);
}

import { BLOB_IDENTIFIER_WORDS, type IdentifierKeys, lastWord } from "./identifier-keys.js";
import { JsonObject, decodeString, isStringScalar, type JsonNode, numberValue } from "./tree.js";

/**
 * The outline of a crushed array or map: every record the crusher drops still
 * shows what names it (a package's `name` and `version`, a test's `fullName`
 * and `status`, a map entry's key) as a one-line stub, so the agent sees each
 * entity the document holds and can recall the rest by its path. Stubs are
 * valid JSON objects in the record's place; only past the stub budget are
 * records grouped, under a note naming the first and last of the group.
 */

/** Keys that say what a record is or how it stands, besides the identifier words. */
const NAMING_WORDS: ReadonlySet<string> = new Set([
  "version",
  "status",
  "state",
  "level",
  "severity",
  "error",
  "errors",
  "message",
  "messages",
  "title",
  "category",
  "rule",
  "code",
  "result",
]);

/**
 * Scalar keys that say where in a file a record points (a V8 call frame's
 * `lineNumber`, a stack frame's `line`/`column`): one line and one column
 * stay in a stub that names something, since the place is what such a
 * record is read for. An end (`endLine`) adds little.
 */
const LINE_KEYS: ReadonlySet<string> = new Set(["line", "lineno", "linenumber", "line_number"]);
const COLUMN_KEYS: ReadonlySet<string> = new Set(["column", "col", "colno", "columnnumber", "column_number"]);

/** Identifier words that hold blobs, not names: they make a stub long and say little. */
const BLOB_WORDS: ReadonlySet<string> = new Set(BLOB_IDENTIFIER_WORDS);

/** Keys that say how a record stands: kept with its identifiers even past the depth cap. */
const STATUS_WORDS: ReadonlySet<string> = new Set(["status", "state", "level", "severity", "error"]);

/** Whether a key says how its record stands (`status`, `level`, `error`…). */
export function isStatusKey(raw: string): boolean {
  if (!isStringScalar(raw)) return false;
  const name = decodeString(raw);
  return STATUS_WORDS.has(name.toLowerCase()) || STATUS_WORDS.has(lastWord(name));
}

/**
 * Keys that say what kind of thing a nested record is or which call it
 * makes: a JSON Schema definition's `type`, a Kubernetes object's `kind`,
 * an API model's `operation` (boto3's `"request": {"operation":
 * "DeleteBucketCors"}`). Past the depth cap they stay with the record's
 * identifiers: without them a definition or an action is an empty name.
 */
const IDENTITY_WORDS: ReadonlySet<string> = new Set(["type", "kind", "operation"]);
/** Longest identity value (lexeme, quotes included) kept: a kind is a word or two, not prose. */
const IDENTITY_VALUE_MAX = 66;

/** Whether a key says what kind of record it is in (`type`, `kind`, `operation`), with a short string value. */
export function isIdentityKey(raw: string, value: string): boolean {
  if (!isStringScalar(raw) || !isStringScalar(value) || value.length > IDENTITY_VALUE_MAX) return false;
  return IDENTITY_WORDS.has(decodeString(raw).toLowerCase());
}

/** Longest scalar (lexeme, quotes included) a stub shows. */
const STUB_VALUE_MAX = 202;
/** Most keys a stub shows. */
const STUB_KEYS_MAX = 5;

/** Whether a record's key names it (an identifier other than a blob, or a status word). */
export function isNamingKey(raw: string, identifiers: IdentifierKeys): boolean {
  if (!isStringScalar(raw)) return false;
  const name = decodeString(raw);
  const lower = name.toLowerCase();
  const word = lastWord(name);
  if (BLOB_WORDS.has(lower) || BLOB_WORDS.has(word)) return false;
  return NAMING_WORDS.has(lower) || NAMING_WORDS.has(word) || identifiers.has(name);
}

/**
 * The naming keys of `record` with short scalar values, in source order
 * (and, one level down, those of an object it holds, such as a lint
 * diagnostic's `location`), or null when none of them is an identifier: a
 * stub of only a status or a version names nothing. A nested object, or an
 * `isEvent` record (a line of JSON Lines), is named by its message too.
 */
export function namingStub(
  record: JsonNode,
  identifiers: IdentifierKeys,
  depth = 0,
  isEvent = false,
): JsonObject | null {
  if (!(record instanceof JsonObject)) return null;
  const keys: string[] = [];
  const values: JsonNode[] = [];
  let hasIdentifier = false;
  // One position says where a record points (a diagnostic's start); its end adds little.
  let hasPosition = false;
  let hasLine = false;
  let hasColumn = false;
  for (let i = 0; i < record.keys.length && keys.length < STUB_KEYS_MAX; i++) {
    const key = record.keys[i];
    const value = record.values[i];
    if (typeof value !== "string") {
      // A record's own place (ruff's `"location":{"column":9,"row":75}`) is where a diagnostic points.
      const isPlace = !hasPosition && isPosition(value) && (depth > 0 || isPlaceKey(key));
      // A diagnostic's `locations: [{"caret": {"file", "line", "column", …}}]`: where it points, nested.
      const nestedPlace =
        !isPlace && !hasPosition && depth === 0 && isPlaceKey(key) ? placeSkeleton(value, identifiers, 0) : null;
      if (isPlace || nestedPlace !== null) hasPosition = true;
      const inner = nestedPlace ?? (isPlace ? value : depth === 0 ? namingStub(value, identifiers, 1) : codesOf(value));
      if (inner === null) continue;
      keys.push(key);
      values.push(inner);
      if (depth === 0 && !isPlace) hasIdentifier = true;
      continue;
    }
    const place = placeKey(key, value);
    if (place !== 0) {
      if ((place === 1 && hasLine) || (place === 2 && hasColumn)) continue;
      if (place === 1) hasLine = true;
      else hasColumn = true;
      keys.push(key);
      values.push(value);
      continue;
    }
    if (value.length > STUB_VALUE_MAX || !isNamingKey(key, identifiers)) continue;
    keys.push(key);
    values.push(value);
    if (!hasIdentifier && !NAMING_WORDS.has(lastWord(decodeString(key)))) hasIdentifier = true;
  }
  if (hasIdentifier) return new JsonObject(keys, values);
  // One level down, the record's identifiers are its parent's, and an event of a stream (a line
  // of JSON Lines) is named by what happened: there its message is enough (a cargo diagnostic's
  // `message` object, a rustc diagnostic line: `level` and `message`, no id of their own).
  return (depth > 0 || isEvent) && keys.some(isMessageKey) ? new JsonObject(keys, values) : null;
}

/**
 * The short `code` scalars of a nested object, or null: a diagnostic's code
 * sits one level further down than its message (rustc's
 * `"code":{"code":"E0403","explanation":"…"}`), and it is what tells one
 * diagnostic from another.
 */
function codesOf(value: JsonNode): JsonObject | null {
  if (!(value instanceof JsonObject)) return null;
  const keys: string[] = [];
  const values: JsonNode[] = [];
  for (let i = 0; i < value.keys.length; i++) {
    const v = value.values[i];
    if (typeof v !== "string" || v.length > CODE_SCALAR_MAX || !isStringScalar(value.keys[i])) continue;
    if (lastWord(decodeString(value.keys[i])) !== "code") continue;
    keys.push(value.keys[i]);
    values.push(v);
  }
  return keys.length === 0 ? null : new JsonObject(keys, values);
}

/** Longest code lexeme a nested code keeps (`"E0403"`, `"unused_variables"`). */
const CODE_SCALAR_MAX = 64;

/** Keys that say what happened to a record: its message, error, title or code. */
const MESSAGE_WORDS: ReadonlySet<string> = new Set(["message", "error", "title", "code"]);

function isMessageKey(raw: string): boolean {
  return isStringScalar(raw) && MESSAGE_WORDS.has(lastWord(decodeString(raw)));
}

/** 1 for a line key with a number, 2 for a column key with one, else 0. */
export function placeKey(raw: string, value: string): number {
  if (!isStringScalar(raw) || value.length > 12 || numberValue(value) === null) return 0;
  const name = decodeString(raw).toLowerCase();
  return LINE_KEYS.has(name) ? 1 : COLUMN_KEYS.has(name) ? 2 : 0;
}

/** Last words of keys that hold a record's start (`location`, `startPosition`); an `end_location` is not one. */
const PLACE_WORDS: ReadonlySet<string> = new Set([
  "location",
  "locations",
  "loc",
  "position",
  "pos",
  "start",
  "begin",
  "region",
]);

/** Deepest nesting a place is looked for in (`locations[0].caret.line` is 2 levels down). */
const PLACE_DEPTH_MAX = 3;
/** Most items of an array of places a stub shows (a diagnostic has one or two locations). */
const PLACE_ITEMS_MAX = 2;

/**
 * Where a nested place points: only its file (an identifier) and its first
 * line and column, at any depth up to {@link PLACE_DEPTH_MAX}; null when it
 * holds no line. gcc's JSON diagnostics nest them as
 * `"locations": [{"caret": {"byte-column", "display-column", "line", "file", "column"}, "finish": …}]`.
 */
function placeSkeleton(value: JsonNode, identifiers: IdentifierKeys, depth: number): JsonNode | null {
  if (typeof value === "string" || depth > PLACE_DEPTH_MAX) return null;
  if (Array.isArray(value)) {
    const items: JsonNode[] = [];
    for (const item of value) {
      const kept = placeSkeleton(item, identifiers, depth + 1);
      if (kept !== null) items.push(kept);
      if (items.length === PLACE_ITEMS_MAX) break;
    }
    return items.length === 0 ? null : items;
  }
  if (!(value instanceof JsonObject)) return null;
  const keys: string[] = [];
  const values: JsonNode[] = [];
  let hasLine = false;
  let hasColumn = false;
  for (let i = 0; i < value.keys.length; i++) {
    const key = value.keys[i];
    const v = value.values[i];
    if (typeof v !== "string") {
      // The first nested place is where the record starts (gcc's `caret`), the rest its extent.
      if (hasLine || keys.length > 0) continue;
      const inner = placeSkeleton(v, identifiers, depth + 1);
      if (inner === null) continue;
      keys.push(key);
      values.push(inner);
      hasLine = true;
      continue;
    }
    const place = placeKey(key, v);
    if ((place === 1 && !hasLine) || (place === 2 && !hasColumn)) {
      if (place === 1) hasLine = true;
      else hasColumn = true;
      keys.push(key);
      values.push(v);
    } else if (place === 0 && v.length <= STUB_VALUE_MAX && isStringScalar(v) && isStringScalar(key)) {
      if (identifiers.has(decodeString(key)) && !BLOB_WORDS.has(lastWord(decodeString(key)))) {
        keys.push(key);
        values.push(v);
      }
    }
  }
  return hasLine ? new JsonObject(keys, values) : null;
}

/** Whether key lexeme `raw` names where its record starts. */
function isPlaceKey(raw: string): boolean {
  if (!isStringScalar(raw) || raw.length > 40) return false;
  const key = decodeString(raw);
  return PLACE_WORDS.has(lastWord(key)) && !key.toLowerCase().startsWith("end");
}

/** A position inside a record's nested stub: a few short numbers (`{"line":77,"column":9}`). */
function isPosition(value: JsonNode): boolean {
  if (!(value instanceof JsonObject) || value.keys.length > 3) return false;
  return value.values.every((v) => typeof v === "string" && v.length <= 12 && v.charCodeAt(0) !== 34);
}

/**
 * The value of the `"…"` key that stands for the `n` keys a stub leaves out:
 * the bare count (`{"…": 3}`). A keyed map of media types shows thousands of
 * such stubs; the count costs ~2 tokens fewer than a `"+3 keys"` string at
 * each, and the map's marker says once what it counts.
 */
export function omittedKeys(n: number): string {
  return String(n);
}

/** What a crushed map's or a pruned document's marker adds when its stubs hold {@link omittedKeys} notes. */
export const OMITTED_KEYS_LEGEND = "{…: n} stands for n more keys";

/** The stub of a map entry's value: its naming keys, or a note of its size (always an object). */
export function entryStub(value: JsonNode, identifiers: IdentifierKeys): JsonNode {
  const stub = namingStub(value, identifiers);
  if (stub !== null) return stub;
  if (value instanceof JsonObject) {
    const n = value.keys.length;
    return n === 0 ? value : new JsonObject(['"…"'], [omittedKeys(n)]);
  }
  return value;
}

/** A short label for a record in a group note: its first naming value, or its index. */
export function recordLabel(stub: JsonNode | null, fallback: string): string {
  if (stub instanceof JsonObject && stub.values.length > 0) {
    const v = stub.values[0];
    if (typeof v === "string") return isStringScalar(v) ? decodeString(v) : v;
  }
  return fallback;
}

/** Longest decoded value of a code column (`"ABW"`, `"533"`, `"en-GB"`, a flag). */
const CODE_VALUE_MAX = 24;
/** Most code columns a stub gains. */
const CODE_COLUMNS_MAX = 3;
/** Widest record whose columns are read for codes. */
const CODE_RECORD_KEYS_MAX = 24;

/** Whether a raw lexeme is a short string of printable ASCII without spaces: a code, not a label or a sentence. */
function isCodeLexeme(raw: JsonNode | undefined): raw is string {
  if (typeof raw !== "string" || raw.charCodeAt(0) !== 34) return false;
  const n = raw.length - 2;
  if (n < 1 || n > CODE_VALUE_MAX) return false;
  for (let i = 1; i <= n; i++) {
    const c = raw.charCodeAt(i);
    // Printable ASCII only: codes are typed (ids, ISO codes, SKUs); an emoji flag is not one.
    if (c <= 32 || c > 126 || c === 92 /* \ */) return false;
  }
  return true;
}

/**
 * The key columns of an array of records whose naming keys do not tell them
 * apart by a code: every string column (raw key lexemes, source order, at
 * most three) that every record holds as a short printable-ASCII value without spaces,
 * a different one in each record. An ISO 3166 or ISO 4217 table names its
 * records by `alpha_2`/`alpha_3`/`numeric`, words no identifier list holds,
 * while its `name` is a label with spaces ("UAE Dirham"); a stub of the name
 * alone hides the code the agent looks records up by. Empty when a naming
 * key is already such a code (a package list's `name`), so stubs that name
 * their records stay as they were.
 */
export function codeColumns(n: number, row: (r: number) => JsonNode, identifiers: IdentifierKeys): string[] {
  const first = n > 0 ? row(0) : null;
  if (!(first instanceof JsonObject) || first.keys.length > CODE_RECORD_KEYS_MAX) return [];
  const candidates: string[] = [];
  const seen: Set<string>[] = [];
  first.keys.forEach((key, i) => {
    if (!isCodeLexeme(first.values[i])) return;
    candidates.push(key);
    seen.push(new Set());
  });
  const alive = candidates.map(() => true);
  for (let r = 0; r < n && alive.some(Boolean); r++) {
    const record = row(r);
    if (!(record instanceof JsonObject)) return [];
    candidates.forEach((key, c) => {
      if (!alive[c]) return;
      const value = record.values[record.keys.indexOf(key)];
      if (!isCodeLexeme(value) || seen[c].has(value)) alive[c] = false;
      else seen[c].add(value);
    });
  }
  const codes = candidates.filter((_, c) => alive[c]);
  if (codes.some((key) => isNamingKey(key, identifiers))) return [];
  return codes.filter((key) => !BLOB_WORDS.has(lastWord(decodeString(key)))).slice(0, CODE_COLUMNS_MAX);
}

/** `stub` with the record's `codes` columns in their source places (a stub of them alone when `stub` is null). */
export function withCodes(stub: JsonObject | null, record: JsonNode, codes: readonly string[]): JsonObject | null {
  if (codes.length === 0 || !(record instanceof JsonObject)) return stub;
  const keys: string[] = [];
  const values: JsonNode[] = [];
  for (let i = 0; i < record.keys.length; i++) {
    const key = record.keys[i];
    const at = stub === null ? -1 : stub.keys.indexOf(key);
    if (at >= 0) {
      keys.push(key);
      values.push((stub as JsonObject).values[at]);
    } else if (codes.includes(key)) {
      keys.push(key);
      values.push(record.values[i]);
    }
  }
  return keys.length === 0 ? stub : new JsonObject(keys, values);
}

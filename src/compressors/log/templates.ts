/**
 * Log templates: the same line once its variable parts (numbers, ids, hashes,
 * IPs, paths, URLs, timestamps) are masked, so that 1 185 `npm http fetch`
 * lines become one template and a lone "disk quota exceeded" stays its own.
 *
 * Masking is one linear pass per whitespace-separated token, never a regex
 * over the whole line. Lines are then clustered the way Drain does (same
 * token count and first literal token, then at least half of the literal
 * positions equal), across the whole log rather than only adjacent runs;
 * positions where members differ become `<*>` in the cluster's template.
 *
 * The miner clusters on 64-bit hashes of the masked tokens, equal hashes
 * standing for equal tokens: log/masked-lines.ts computes them for the whole
 * log in WASM, or line by line from {@link maskTokens} in TS. A template's
 * strings are rebuilt from its first line only when a marker describes it.
 */

/**
 * The masked tokens of one log line at a time, as 64-bit hashes and flags:
 * what the miner reads. {@link load} points {@link hashes}, {@link flags} and
 * {@link at} at a line's tokens. Implemented by log/masked-lines.ts.
 */
export interface LineTokens {
  /** Hash words of the loaded line: token `i` at words `2 * (at + i)` and `2 * (at + i) + 1`. */
  readonly hashes: Int32Array;
  /** Flags of the loaded line: token `i` at `flags[at + i]`. */
  readonly flags: Uint8Array;
  /** Index of the loaded line's first token in {@link hashes} and {@link flags}. */
  readonly at: number;
  /** Tokens of the loaded line. */
  readonly count: number;
  /** Loads line `lineNo`, whose visible text is `text`, and returns its token count. */
  load(lineNo: number, text: string): number;
  /** Whether token `i` of the loaded line is a placeholder (`<n>`, `<url>`, …). */
  isPlaceholder(i: number): boolean;
  /** Whether token `i` of the loaded line is literally `<*>`. */
  isWildcard(i: number): boolean;
}

/** Tokens of a line that take part in its template (the rest of a long line is ignored). */
const MAX_TOKENS = 24;
/** Clusters compared per group before new lines fall into the group's overflow cluster. */
const MAX_CLUSTERS_PER_GROUP = 32;
/** Share of literal positions that must agree for a line to join a cluster. */
const SIMILARITY = 0.5;

const WILDCARD = "<*>";
/** Group key of lines whose tokens are all placeholders (hash keys are never negative). */
const NO_LITERAL = -1;

/** One template: its token hashes, how many lines it covers and where it first appears. */
export class Cluster {
  count = 1;
  /** Token hashes, two words per position (those of the first line). */
  private readonly hashes: Int32Array;
  /** 1 where the template holds `<*>`: members differ there, or the first line has a literal `<*>`. */
  private readonly wild: Uint8Array;

  /**
   * @param text the first line's visible text, whose tokens `line` holds (loaded)
   * @param spill an overflow cluster: only the first token is kept, `<*>` everywhere else
   */
  constructor(
    readonly id: number,
    readonly first: number,
    private readonly text: string,
    line: LineTokens,
    spill: boolean,
  ) {
    const n = line.count;
    this.hashes = line.hashes.slice(2 * line.at, 2 * (line.at + n));
    this.wild = new Uint8Array(n);
    for (let i = 0; i < n; i++) if ((spill && i > 0) || line.isWildcard(i)) this.wild[i] = 1;
  }

  /** The template's tokens: the first line's masked tokens, `<*>` where members differ. */
  get tokens(): string[] {
    const tokens = maskTokens(this.text);
    for (let i = 0; i < tokens.length; i++) if (this.wild[i] === 1) tokens[i] = WILDCARD;
    return tokens;
  }

  /**
   * Equal literal positions over literal positions, for a loaded line of the
   * same token count; positions holding the same placeholder on both sides do not count.
   */
  similarity(line: LineTokens): number {
    const h = line.hashes;
    const base = 2 * line.at;
    let equal = 0;
    let counted = 0;
    for (let i = 0; i < line.count; i++) {
      if (this.wild[i] === 1) {
        counted++;
        continue;
      }
      const same = this.hashes[2 * i] === h[base + 2 * i] && this.hashes[2 * i + 1] === h[base + 2 * i + 1];
      if (same && line.isPlaceholder(i)) continue;
      counted++;
      if (same) equal++;
    }
    return counted === 0 ? 1 : equal / counted;
  }

  /** Turns the positions where the loaded line differs into `<*>`. */
  merge(line: LineTokens): void {
    const h = line.hashes;
    const base = 2 * line.at;
    for (let i = 0; i < line.count; i++) {
      if (this.wild[i] === 1) continue;
      if (this.hashes[2 * i] !== h[base + 2 * i] || this.hashes[2 * i + 1] !== h[base + 2 * i + 1]) this.wild[i] = 1;
    }
  }
}

/** Clusters lines into templates as they arrive, in log order (so results are deterministic). */
export class TemplateMiner {
  /** Every cluster, by id. */
  readonly clusters: Cluster[] = [];
  /** Groups by first literal token ({@link NO_LITERAL} when none), then by token count. */
  private readonly groups = new Map<number, Cluster[][]>();
  private readonly overflow = new Map<number, Cluster[]>();

  /**
   * @param masks the masked tokens of the lines to come: `maskLines(lines)` (log/masked-lines.ts) for
   * a log's line index, `maskLines()` for texts of no particular log
   */
  constructor(private readonly masks: LineTokens) {}

  /**
   * Assigns line `lineNo` (visible text `text`, as log/visible.ts gives it) to
   * a cluster and returns the cluster's id.
   */
  assign(text: string, lineNo: number): number {
    this.masks.load(lineNo, text);
    this.lastEvent = eventHash(this.masks);
    return this.place(this.masks, text, lineNo).id;
  }

  /**
   * The event of the line {@link assign} last read: a 32-bit hash of all its
   * masked tokens. Lines of one cluster that differ in a literal word (two
   * authentication failures for different reasons) are different events.
   */
  lastEvent = 0;

  /** Drain's step: the most similar cluster of the line's group, or a new one. */
  private place(line: LineTokens, text: string, lineNo: number): Cluster {
    const head = firstLiteral(line);
    let byCount = this.groups.get(head);
    if (byCount === undefined) {
      byCount = [];
      this.groups.set(head, byCount);
    }
    let group = byCount[line.count];
    if (group === undefined) {
      group = [];
      byCount[line.count] = group;
    }
    let best: Cluster | null = null;
    let bestScore = -1;
    for (const c of group) {
      const score = c.similarity(line);
      if (score >= SIMILARITY && score > bestScore) {
        best = c;
        bestScore = score;
        // No later cluster can beat a perfect score (ties go to the earlier one).
        if (score === 1) break;
      }
    }
    if (best !== null) {
      best.merge(line);
      best.count++;
      return best;
    }
    if (group.length >= MAX_CLUSTERS_PER_GROUP) {
      let spills = this.overflow.get(head);
      if (spills === undefined) {
        spills = [];
        this.overflow.set(head, spills);
      }
      let spill = spills[line.count];
      if (spill === undefined) {
        spill = this.create(text, line, lineNo, true);
        spills[line.count] = spill;
        return spill;
      }
      spill.count++;
      return spill;
    }
    const created = this.create(text, line, lineNo, false);
    group.push(created);
    return created;
  }

  private create(text: string, line: LineTokens, lineNo: number, spill: boolean): Cluster {
    const c = new Cluster(this.clusters.length, lineNo, text, line, spill);
    this.clusters.push(c);
    return c;
  }
}

/** FNV-1a over a loaded line's token hashes and its token count. */
function eventHash(line: LineTokens): number {
  let h = 0x811c9dc5 ^ line.count;
  const end = 2 * (line.at + line.count);
  for (let w = 2 * line.at; w < end; w++) h = Math.imul(h ^ line.hashes[w], 0x01000193);
  return h >>> 0;
}

/** A cluster's template as one short line for a marker (`npm http fetch GET 200 <url> <n>ms`). */
export function describeTemplate(c: Cluster, maxChars = 60): string {
  let out = "";
  for (const t of c.tokens) {
    const next = out.length === 0 ? t : `${out} ${t}`;
    if (next.length > maxChars) return out.length === 0 ? `${t.slice(0, maxChars - 1)}…` : `${out} …`;
    out = next;
  }
  return out;
}

/**
 * The loaded line's group key: the top 53 bits of its first literal token's
 * hash (a number a Map keys exactly), or {@link NO_LITERAL} when all are placeholders.
 */
function firstLiteral(line: LineTokens): number {
  for (let i = 0; i < line.count; i++) {
    if (line.isPlaceholder(i)) continue;
    const w = 2 * (line.at + i);
    return (line.hashes[w + 1] >>> 0) * 2097152 + (line.hashes[w] >>> 11);
  }
  return NO_LITERAL;
}

/** The masked tokens of a line (at most {@link MAX_TOKENS}). */
export function maskTokens(text: string): string[] {
  const tokens: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n && tokens.length < MAX_TOKENS) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    const start = i;
    let quoted = false;
    // Only tokens holding a digit or a path separator can mask to anything else.
    let variable = false;
    // Seen "://": the token is a URL whatever else it holds (placeholderOf and maskCore agree).
    let url = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      // Letters and most punctuation: nothing to note (the usual case, tested first).
      if (c > 92) {
        i++;
        continue;
      }
      if (isSpace(c)) break;
      if (c === 58) {
        if (text.charCodeAt(i + 1) === 47 && text.charCodeAt(i + 2) === 47) url = true;
      } else if (c <= 57) {
        if (c >= 47)
          variable = true; // "/" and 0-9
        else if (c === 34 && (i === start || text.charCodeAt(i - 1) === 61)) {
          // A quoted field ("GET / HTTP/1.1", msg="…") is one token, whatever its spaces.
          const close = text.indexOf('"', i + 1);
          if (close !== -1) {
            quoted = true;
            i = close + 1;
            continue;
          }
        }
      } else if (c === 92) variable = true;
      i++;
    }
    if (quoted) tokens.push(maskQuoted(text.slice(start, i)));
    else if (url) tokens.push(maskUrl(text, start, i));
    else if (variable && !isStatusAfterMethod(text, start, i, tokens)) tokens.push(maskRange(text, start, i));
    else tokens.push(text.slice(start, i));
  }
  return tokens;
}

function isVariableQuote(text: string, s: number, e: number): boolean {
  if (e - s > 24) return true;
  for (let k = s; k < e; k++) {
    const c = text.charCodeAt(k);
    if (isDigit(c) || c === 47 || c === 92) return true;
  }
  return false;
}

const HTTP_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

/** `GET 200`: a status right after a method is part of the event (a 404 is not a 200). */
function isStatusAfterMethod(text: string, s: number, e: number, tokens: string[]): boolean {
  if (e - s !== 3 || tokens.length === 0 || !HTTP_METHODS.has(tokens[tokens.length - 1])) return false;
  return isDigit(text.charCodeAt(s)) && isDigit(text.charCodeAt(s + 1)) && isDigit(text.charCodeAt(s + 2));
}

/** A quoted field becomes `"<str>"` when it holds anything variable (digits, paths) or is long. */
function maskQuoted(token: string): string {
  const open = token.indexOf('"');
  const close = token.indexOf('"', open + 1);
  if (close === -1) return maskToken(token);
  if (!isVariableQuote(token, open + 1, close)) return token;
  return `${token.slice(0, open)}"<str>"${token.slice(close + 1)}`;
}

/** The masked line as one string (a stack frame's or a segment's signature). */
export function maskLine(text: string): string {
  return maskTokens(text).join(" ");
}

/** Masks one whitespace-free token, keeping its surrounding punctuation. */
export function maskToken(token: string): string {
  return maskRange(token, 0, token.length);
}

/**
 * `<url>` for a whitespace-free token holding "://", its surrounding punctuation kept:
 * what {@link maskRange} gives for it, without counting its characters.
 */
function maskUrl(text: string, start: number, end: number): string {
  let s = start;
  let e = end;
  while (s < e && isLeadingPunct(text.charCodeAt(s))) s++;
  while (e > s && isTrailingPunct(text.charCodeAt(e - 1))) e--;
  return s === start && e === end ? "<url>" : text.slice(start, s) + "<url>" + text.slice(e, end);
}

/** Masks text[start, end), a whitespace-free token, without slicing it unless the result needs to. */
function maskRange(text: string, start: number, end: number): string {
  let s = start;
  let e = end;
  while (s < e && isLeadingPunct(text.charCodeAt(s))) s++;
  while (e > s && isTrailingPunct(text.charCodeAt(e - 1))) e--;
  if (s >= e) return text.slice(start, end);
  const placeholder = placeholderOf(text, s, e);
  if (placeholder === null) {
    const core = text.slice(s, e);
    const masked = maskCore(core);
    return s === start && e === end ? masked : text.slice(start, s) + masked + text.slice(e, end);
  }
  return s === start && e === end ? placeholder : text.slice(start, s) + placeholder + text.slice(e, end);
}

/** What a token core is made of: one scan's counts, read by {@link placeholderOf} and {@link maskCore}. */
interface CoreShape {
  digits: number;
  letters: number;
  /** Letters that are also hex digits (a-f, A-F). */
  hexLetters: number;
  /** `/` and `\\`. */
  slashes: number;
  colons: number;
  dots: number;
  dashes: number;
  /** Index of the first `@`, of the last one, and of the first `=` (-1 when none). */
  firstAt: number;
  lastAt: number;
  firstEq: number;
}

/** The one character classifier of a token core text[s, e). */
function shapeOf(text: string, s: number, e: number): CoreShape {
  const k: CoreShape = {
    digits: 0,
    letters: 0,
    hexLetters: 0,
    slashes: 0,
    colons: 0,
    dots: 0,
    dashes: 0,
    firstAt: -1,
    lastAt: -1,
    firstEq: -1,
  };
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) k.digits++;
    else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      k.letters++;
      if ((c >= 65 && c <= 70) || (c >= 97 && c <= 102)) k.hexLetters++;
    } else if (c === 47 || c === 92) k.slashes++;
    else if (c === 58) k.colons++;
    else if (c === 46) k.dots++;
    else if (c === 45) k.dashes++;
    else if (c === 64) {
      if (k.firstAt === -1) k.firstAt = i;
      k.lastAt = i;
    } else if (c === 61 && k.firstEq === -1) k.firstEq = i;
  }
  return k;
}

/** `<ip>`, `<ts>` or `<n>` for a core of digits and punctuation only (no letters). */
function numericPlaceholder(k: CoreShape, len: number): string {
  if (k.dots === 3 && k.digits >= 4 && k.colons <= 1) return "<ip>";
  if (k.colons > 0 || (k.dashes >= 2 && len >= 8) || (k.slashes >= 2 && len >= 8)) return "<ts>";
  return "<n>";
}

/**
 * The placeholder a token core masks to as a whole (`<url>`, `<path>`, `<ip>`,
 * `<ts>`, `<n>`, `<id>`, `<hex>`); null when only part of it is variable
 * (`crate_0`, `12ms`, `key=value`) or nothing is.
 */
function placeholderOf(text: string, s: number, e: number): string | null {
  const k = shapeOf(text, s, e);
  if (k.firstEq !== -1) return null; // key=value: see maskCore
  const len = e - s;
  if (k.colons > 0 && k.slashes >= 2 && text.indexOf("://", s) !== -1 && text.indexOf("://", s) < e) return "<url>";
  if (k.digits === 0) return k.slashes > 0 && len > 1 ? "<path>" : null;
  if (k.letters === 0) return numericPlaceholder(k, len);
  if (k.slashes > 0) return "<path>";
  // Any `@` past the first character (maskCore asks only of the first `@`: see there).
  if (k.lastAt > s) return "<id>";
  if (isHexRange(text, s, e, k.digits, k.hexLetters, k.letters)) return "<hex>";
  if (k.colons >= 2 && isDigit(text.charCodeAt(s))) return "<ts>";
  return null;
}

function isLeadingPunct(c: number): boolean {
  // ( [ { " ' < `
  return c === 40 || c === 91 || c === 123 || c === 34 || c === 39 || c === 60 || c === 96;
}

function isTrailingPunct(c: number): boolean {
  // ) ] } " ' , ; : . > ! ? `
  return (
    c === 41 ||
    c === 93 ||
    c === 125 ||
    c === 34 ||
    c === 39 ||
    c === 44 ||
    c === 59 ||
    c === 58 ||
    c === 46 ||
    c === 62 ||
    c === 33 ||
    c === 63 ||
    c === 96
  );
}

/**
 * Masks a core no placeholder covers as a whole: the value of `key=value`,
 * units (`12ms`), digit runs (`crate_0`). The value of `key=value` comes here
 * straight, so its `@` test asks only whether the *first* `@` is past the
 * start (`k=@a@1` keeps its `@`s); the WASM kernel (assembly/logmask.ts
 * maskValue) does the same.
 */
function maskCore(core: string): string {
  const k = shapeOf(core, 0, core.length);
  if (k.colons > 0 && core.indexOf("://") !== -1) return "<url>";
  const eq = k.firstEq;
  if (eq > 0 && eq < core.length - 1) {
    // key=value: the key names the event, the value varies.
    return core.slice(0, eq + 1) + maskCore(core.slice(eq + 1));
  }
  if (k.digits === 0) return k.slashes > 0 && core.length > 1 ? "<path>" : core;
  if (k.letters === 0) return numericPlaceholder(k, core.length);
  if (k.slashes > 0) return "<path>";
  if (k.firstAt > 0) return "<id>";
  if (isHexRange(core, 0, core.length, k.digits, k.hexLetters, k.letters)) return "<hex>";
  const unit = unitSuffix(core);
  if (unit !== null) return `<n>${unit}`;
  if (k.colons >= 2 && core.charCodeAt(0) >= 48 && core.charCodeAt(0) <= 57) return "<ts>";
  return maskDigitRuns(core);
}

/** Git SHAs, UUIDs, 0x addresses: mostly hex digits, at least one decimal digit. */
function isHexRange(text: string, s: number, e: number, digits: number, hexLetters: number, letters: number): boolean {
  if (e - s > 2 && text.charCodeAt(s) === 48 && (text.charCodeAt(s + 1) | 32) === 120) {
    return letters - 1 === hexLetters;
  }
  if (letters !== hexLetters || e - s < 7) return false;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    const hex = (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102) || c === 45;
    if (!hex) return false;
  }
  return digits > 0;
}

/** `12ms`, `0.00s`, `20.73MiB`: a number followed only by letters or `%`. */
function unitSuffix(core: string): string | null {
  let i = 0;
  const n = core.length;
  while (i < n) {
    const c = core.charCodeAt(i);
    if ((c >= 48 && c <= 57) || c === 46 || c === 44) i++;
    else break;
  }
  if (i === 0 || i === n) return null;
  for (let j = i; j < n; j++) {
    const c = core.charCodeAt(j);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 37;
    if (!letter) return null;
  }
  return core.slice(i);
}

/** Replaces each run of digits (with inner `.`, `,`, `_`) by `<n>`: `crate_0` → `crate_<n>`, `v1.0.47` → `v<n>`. */
function maskDigitRuns(core: string): string {
  let out = "";
  let from = 0;
  let i = 0;
  const n = core.length;
  while (i < n) {
    if (!isDigit(core.charCodeAt(i))) {
      i++;
      continue;
    }
    out += core.slice(from, i) + "<n>";
    i++;
    while (i < n) {
      const c = core.charCodeAt(i);
      if (isDigit(c)) i++;
      else if ((c === 46 || c === 44) && i + 1 < n && isDigit(core.charCodeAt(i + 1))) i++;
      else break;
    }
    from = i;
  }
  return out + core.slice(from);
}

/**
 * A light key for repeated errors and warning heads: only digit runs are
 * masked, so different paths and messages stay different. A run glued to a
 * lowercase letter is part of a name (`bin "e0069"`, `sha256`) and stays.
 */
export function lightKey(text: string, maxChars = 240): string {
  const n = Math.min(text.length, maxChars);
  let out = "";
  let from = 0;
  let i = 0;
  while (i < n) {
    if (!isDigit(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const before = i > 0 ? text.charCodeAt(i - 1) : 0;
    if (before >= 97 && before <= 122) {
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      continue;
    }
    out += text.slice(from, i) + "#";
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    from = i;
  }
  return (out + text.slice(from, n)).trim();
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * Log template masking as a kernel: for every line of a log, the tokens that
 * `maskTokens` (templates.ts) gives it, each reduced to a
 * 64-bit hash of its masked UTF-16 code units plus two flags, so that the
 * template miner compares numbers instead of building a dozen strings a line.
 *
 * The twin *is* the definition: `maskTokens`' strings, hashed here. The WASM
 * kernel (assembly/logmask.ts) masks every line of the log in one call,
 * straight from the code units, and must give the same hashes unit for unit.
 *
 * The hash is two MurmurHash3 x86_32 digests of the token's UTF-16LE bytes
 * (seeds 0 and 0x9747b28c). 64 bits are enough because equal hashes only ever
 * decide whether two tokens *at the same position of lines in the same group*
 * (same first literal token, same token count) are equal: even a log with
 * 10^7 distinct tokens has a chance of about 10^7² / 2^65 ≈ 3 × 10^-6 of one
 * accidental collision anywhere, and a collision merely lets a routine line
 * join a neighbouring template (its marker text may then name that template):
 * nothing is lost, the original stays recallable, and both paths still agree.
 * Deliberately colliding tokens can do no more than that either. (The miner's
 * group key keeps the top 53 bits of the first literal token's hash, so that
 * it is an exact Map key; with 10^5 groups that is ~10^-6 again.)
 */
import { LINE_WINDOW_UNITS, type LineIndex, lineWindowEnd } from "../../kernels/lines.js";
import { wasmHost, type WasmHost } from "../../kernels/wasm.js";
import { type LineTokens, maskTokens } from "./templates.js";
import { MAX_SCAN } from "./visible.js";

/** Token flag: the masked token is a placeholder (`<…>`, longer than 2, no space). */
export const TOKEN_PLACEHOLDER = 1;
/** Token flag: the masked token is literally `<*>`, which the miner reads as its wildcard. */
export const TOKEN_WILDCARD = 2;

/** Tokens masked per line at most (templates.ts MAX_TOKENS). */
const MAX_TOKENS = 24;
const CR = 13;

const C1 = 0xcc9e2d51 | 0;
const C2 = 0x1b873593;
const SEED_LOW = 0;
const SEED_HIGH = 0x9747b28c | 0;

/** MurmurHash3's block mix of one 32-bit word (two code units). */
function mixBlock(k: number): number {
  k = Math.imul(k, C1);
  k = (k << 15) | (k >>> 17);
  return Math.imul(k, C2);
}

function mixState(h: number, k: number): number {
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finalMix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * Stores `token`'s 64-bit hash at words `2k` (seed-0 digest) and `2k + 1`
 * (seed-0x9747b28c digest) of `into`: MurmurHash3 x86_32 of its UTF-16LE bytes.
 */
function hashToken(token: string, into: Int32Array, k: number): void {
  const n = token.length;
  let low = SEED_LOW;
  let high = SEED_HIGH;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const block = mixBlock(token.charCodeAt(i) | (token.charCodeAt(i + 1) << 16));
    low = mixState(low, block);
    high = mixState(high, block);
  }
  if (i < n) {
    const block = mixBlock(token.charCodeAt(i));
    low ^= block;
    high ^= block;
  }
  into[2 * k] = finalMix(low ^ (n << 1));
  into[2 * k + 1] = finalMix(high ^ (n << 1));
}

/** The flags of a masked token; placeholder is templates.ts's isPlaceholder, exactly. */
function tokenFlags(token: string): number {
  const n = token.length;
  if (n <= 2 || token.charCodeAt(0) !== 60 || token.charCodeAt(n - 1) !== 62 || token.indexOf(" ") !== -1) return 0;
  return n === 3 && token.charCodeAt(1) === 42 ? TOKEN_PLACEHOLDER | TOKEN_WILDCARD : TOKEN_PLACEHOLDER;
}

/**
 * The masked tokens of every line of a log, as hashes. Line `i`'s tokens are
 * `firsts[i]` … `firsts[i] + counts[i] - 1`; token `k`'s hash is words `2k`
 * and `2k + 1` of `hashes`, its flags `flags[k]`.
 */
export interface LineMaskTable {
  /** Tokens per line, or -1 for a line whose visible text is not its raw text (a CR or an ESC in it). */
  readonly counts: Int32Array;
  /** Index of each line's first token. */
  readonly firsts: Int32Array;
  readonly hashes: Int32Array;
  /** {@link TOKEN_PLACEHOLDER} and {@link TOKEN_WILDCARD} bits per token. */
  readonly flags: Uint8Array;
}

/** Token hashes and flags of a growing table. */
class TokenStore {
  hashes: Int32Array;
  flags: Uint8Array;
  size = 0;

  constructor(capacity: number) {
    this.hashes = new Int32Array(2 * capacity);
    this.flags = new Uint8Array(capacity);
  }

  reserve(extra: number): void {
    const need = this.size + extra;
    if (need <= this.flags.length) return;
    const capacity = Math.max(need, this.flags.length * 2);
    const hashes = new Int32Array(2 * capacity);
    hashes.set(this.hashes.subarray(0, 2 * this.size));
    const flags = new Uint8Array(capacity);
    flags.set(this.flags.subarray(0, this.size));
    this.hashes = hashes;
    this.flags = flags;
  }

  /** Appends the hashes and flags of `tokens`. */
  push(tokens: readonly string[]): void {
    this.reserve(tokens.length);
    for (const t of tokens) {
      hashToken(t, this.hashes, this.size);
      this.flags[this.size++] = tokenFlags(t);
    }
  }

  table(counts: Int32Array, firsts: Int32Array): LineMaskTable {
    return { counts, firsts, hashes: this.hashes.subarray(0, 2 * this.size), flags: this.flags.subarray(0, this.size) };
  }
}

/** First guess of a log's token count: about eight per line. */
function tokenGuess(lines: LineIndex): number {
  return Math.min(lines.count * 8, (lines.text.length >>> 1) + lines.count) + MAX_TOKENS;
}

/** Line `i` as `LineIndex.line` gives it, or null when its visible text differs (it holds a CR or an ESC). */
function plainLine(lines: LineIndex, i: number): string | null {
  const line = lines.line(i);
  return line.indexOf("\r") === -1 && line.indexOf("\u001b") === -1 ? line : null;
}

/** TS twin of {@link maskLinesWasm}: `maskTokens` of each plain line's first 2048 units, hashed. */
export function maskLinesTwin(lines: LineIndex): LineMaskTable {
  const n = lines.count;
  const counts = new Int32Array(n);
  const firsts = new Int32Array(n);
  const store = new TokenStore(tokenGuess(lines));
  for (let i = 0; i < n; i++) {
    firsts[i] = store.size;
    const line = plainLine(lines, i);
    if (line === null) {
      counts[i] = -1;
      continue;
    }
    const tokens = maskTokens(line.length > MAX_SCAN ? line.slice(0, MAX_SCAN) : line);
    counts[i] = tokens.length;
    store.push(tokens);
  }
  return store.table(counts, firsts);
}

/** Lines masked per kernel call: bounds the arena whatever the log's size. */
const LINES_PER_CALL = 1 << 14;
/** Token slots per kernel call (8 bytes of hash and 1 of flags each). */
const TOKENS_PER_CALL = 1 << 16;
/** The token being built in WASM: masking grows a token at most threefold (`1` → `<n>`). */
const SCRATCH_UNITS = 3 * MAX_SCAN + 16;

/**
 * WASM path of {@link maskLines}, all lines at once; exported for tests and
 * benchmarks.
 *
 * The log crosses in windows of whole lines (kernels/lines.ts says why: the
 * arena never shrinks, and the whole log left 2 bytes per char behind). A
 * line's tokens depend on that line alone, so a window that ends just after
 * a "\n" masks its lines as the whole text would.
 */
export function maskLinesWasm(host: WasmHost, lines: LineIndex, window: number = LINE_WINDOW_UNITS): LineMaskTable {
  const out = maskParts(host, lines, window);
  return {
    counts: out.counts,
    firsts: out.firsts,
    hashes: joinParts(out.hashParts, Int32Array),
    flags: joinParts(out.flagParts, Uint8Array),
  };
}

/**
 * The table of {@link maskLinesWasm} as the kernel calls left it: one part of
 * hashes and flags per call. Joining them held the table twice at once (on a
 * 100 MB log, 80 MB of parts and their 80 MB copy); {@link MaskedLines}
 * goes further and masks one window at a time (see there).
 */
function maskParts(host: WasmHost, lines: LineIndex, window: number): MaskOutput {
  const text = lines.text;
  const n = lines.count;
  const out = emptyOutput(0, n);
  let line = 0;
  for (let from = 0; line < n; ) {
    const to = lineWindowEnd(text, from, window);
    const windowEnd = windowEndLine(lines, line, to);
    const masked = maskWindow(
      host,
      from === 0 && to === text.length ? text : text.slice(from, to),
      out,
      line,
      windowEnd,
    );
    line = masked;
    // The kernel splits lines as LineIndex does, so it runs out of text only
    // after the window's last line; should it ever not, the rest are masked one by one.
    if (masked < windowEnd) break;
    from = to;
  }
  unmasked(out, line, n);
  return out;
}

/** The first line at or after `line` that starts at or past offset `to` (the end of a window). */
function windowEndLine(lines: LineIndex, line: number, to: number): number {
  const n = lines.count;
  let end = line;
  while (end < n && lines.start(end) < to) end++;
  return end;
}

/** A table for lines [first, first + lines) with nothing masked yet. */
function emptyOutput(first: number, lines: number): MaskOutput {
  return {
    first,
    counts: new Int32Array(lines),
    firsts: new Int32Array(lines),
    hashParts: [],
    flagParts: [],
    partLines: [],
    partTokens: [],
    tokens: 0,
  };
}

/** Marks lines [from, to) of `out` as not masked by the kernel (they are masked one by one in TS). */
function unmasked(out: MaskOutput, from: number, to: number): void {
  for (let line = from; line < to; line++) {
    out.counts[line - out.first] = -1;
    out.firsts[line - out.first] = out.tokens;
  }
}

/** The table {@link maskLinesWasm} builds window by window. */
interface MaskOutput {
  /** The line that `counts[0]` and `firsts[0]` are of. */
  readonly first: number;
  readonly counts: Int32Array;
  readonly firsts: Int32Array;
  // One slice per call, exactly sized: most logs take a single call, and a
  // few large typed arrays cost far less than a growing one.
  readonly hashParts: Int32Array[];
  readonly flagParts: Uint8Array[];
  /** Per part: its first line, and the index of its first token in the whole table. */
  readonly partLines: number[];
  readonly partTokens: number[];
  tokens: number;
}

/**
 * Masks lines [line, end) of the log, which are the lines of `piece`, into
 * `out`; returns the line it stopped at (`end` unless the kernel stopped early).
 */
function maskWindow(host: WasmHost, piece: string, out: MaskOutput, line: number, end: number): number {
  const textPtr = host.base;
  const state = (textPtr + 2 * piece.length + 15) & ~15;
  const countsPtr = state + 16;
  const hashesPtr = countsPtr + 4 * LINES_PER_CALL;
  const flagsPtr = hashesPtr + 8 * TOKENS_PER_CALL;
  const scratch = (flagsPtr + TOKENS_PER_CALL + 15) & ~15;
  host.reserve(scratch + 2 * SCRATCH_UNITS + 16);
  host.writeUtf16(piece, textPtr);
  const i32 = host.i32;
  i32[state >>> 2] = 0;
  const { counts, firsts } = out;
  while (line < end) {
    const done = host.exports.maskLogLines!(
      textPtr,
      piece.length,
      state,
      Math.min(LINES_PER_CALL, end - line),
      TOKENS_PER_CALL,
      countsPtr,
      hashesPtr,
      flagsPtr,
      scratch,
    );
    if (done === 0) break;
    const written = i32[(state >>> 2) + 1];
    out.partLines.push(line);
    out.partTokens.push(out.tokens);
    const at = line - out.first;
    counts.set(i32.subarray(countsPtr >>> 2, (countsPtr >>> 2) + done), at);
    for (let k = at; k < at + done; k++) {
      firsts[k] = out.tokens;
      if (counts[k] > 0) out.tokens += counts[k];
    }
    out.hashParts.push(i32.slice(hashesPtr >>> 2, (hashesPtr >>> 2) + 2 * written));
    out.flagParts.push(host.u8.slice(flagsPtr, flagsPtr + written));
    line += done;
  }
  return line;
}

/** The parts end to end (the part itself when there is one). */
function joinParts<T extends Int32Array | Uint8Array>(parts: T[], Kind: { new (length: number): T }): T {
  if (parts.length === 1) return parts[0];
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Kind(length);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/**
 * Logs at least this long (UTF-16 code units) are masked in WASM, all lines at
 * once. Measured on the corpus logs and terminal captures cut to 256 –
 * 8192 units (scratch timing, Node 20): masking every line in WASM takes 0.62
 * of the twin's time at 256 units, 0.48 at 512 and 0.37 from 4096 on, so from
 * 512 on it wins even when the twin only has to mask the half of the lines
 * that are routine.
 */
export const LOG_MASK_WASM_MIN = 512;

const NO_HASHES = new Int32Array(0);
const NO_FLAGS = new Uint8Array(0);

/**
 * The masked tokens of a log's lines, one line at a time for the template
 * miner: {@link load} points {@link hashes}, {@link flags} and {@link at} at a
 * line's tokens. Built by {@link maskLines}.
 *
 * The kernel masks the window of lines (the windows {@link maskLinesWasm}
 * reads) that holds the line loaded, and only that window's table is kept:
 * the miner loads lines in order, so each window is masked once. The whole
 * log's table at once was 9 bytes a token, 82 MB on a 100 MB log, alive
 * through the whole classifying pass. A line loaded after a later one is
 * masked on its own in TS, which gives the same hashes.
 */
export class MaskedLines implements LineTokens {
  /** Hash words of the loaded line: token `i` at words `2 * (at + i)` and `2 * (at + i) + 1`. */
  hashes: Int32Array = NO_HASHES;
  /** Flags of the loaded line: token `i` at `flags[at + i]`. */
  flags: Uint8Array = NO_FLAGS;
  /** Index of the loaded line's first token in {@link hashes} and {@link flags}. */
  at = 0;
  /** Tokens of the loaded line. */
  count = 0;
  /** The table of the window last masked, or null. */
  private table: MaskOutput | null = null;
  /** The part of {@link table} that holds the last line loaded from it. */
  private part = 0;
  /** Where each window found so far starts: its offset in the log and its first line. */
  private readonly windowFroms: number[] = [0];
  private readonly windowLines: number[] = [0];
  private readonly oneHashes = new Int32Array(2 * MAX_TOKENS);
  private readonly oneFlags = new Uint8Array(MAX_TOKENS);

  /**
   * @param lines the log, or null to mask each loaded text on its own
   * @param host masks every line in WASM at the first load; null: line by line in TS
   */
  constructor(
    private readonly lines: LineIndex | null,
    private host: WasmHost | null,
  ) {}

  /**
   * Loads line `lineNo`, whose visible text (log/visible.ts) is `text`, and
   * returns its token count. A line the kernel masked gives its hashes; any
   * other (a CR or ESC in it, no kernel run, or a `text` of another length
   * than the line's visible text) is masked from `text` in TS.
   */
  load(lineNo: number, text: string): number {
    const t = this.tableOf(lineNo);
    if (t !== null && t.counts[lineNo - t.first] >= 0 && text.length === this.visibleLength(lineNo)) {
      const part = this.partOf(t, lineNo);
      this.hashes = t.hashParts[part];
      this.flags = t.flagParts[part];
      this.at = t.firsts[lineNo - t.first] - t.partTokens[part];
      this.count = t.counts[lineNo - t.first];
      return this.count;
    }
    const tokens = maskTokens(text);
    for (let i = 0; i < tokens.length; i++) {
      hashToken(tokens[i], this.oneHashes, i);
      this.oneFlags[i] = tokenFlags(tokens[i]);
    }
    this.hashes = this.oneHashes;
    this.flags = this.oneFlags;
    this.at = 0;
    this.count = tokens.length;
    return this.count;
  }

  /**
   * The kernel's table of the window that holds line `lineNo`, masked now
   * when it lies past the last one masked; null when there is none, or the
   * line lies before that window.
   */
  private tableOf(lineNo: number): MaskOutput | null {
    const { host, lines } = this;
    if (host === null || lines === null || lineNo < 0 || lineNo >= lines.count) return null;
    const t = this.table;
    if (t !== null && lineNo >= t.first && lineNo < t.first + t.counts.length) return t;
    // Behind the window: masked on its own in TS (same hashes), rather than its whole window again.
    if (t !== null && lineNo < t.first) return null;
    const froms = this.windowFroms;
    const starts = this.windowLines;
    // Windows end where lineWindowEnd says, from the log's start: find those up to this line.
    while (starts[starts.length - 1] <= lineNo) {
      const to = lineWindowEnd(lines.text, froms[froms.length - 1], LINE_WINDOW_UNITS);
      froms.push(to);
      starts.push(windowEndLine(lines, starts[starts.length - 1], to));
    }
    let w = starts.length - 2;
    while (starts[w] > lineNo) w--;
    this.table = this.maskWindowAt(host, lines, froms[w], froms[w + 1], starts[w], starts[w + 1]);
    this.part = 0;
    return this.table;
  }

  /** Masks the window of text [from, to), lines [line, end). */
  private maskWindowAt(
    host: WasmHost,
    lines: LineIndex,
    from: number,
    to: number,
    line: number,
    end: number,
  ): MaskOutput {
    const text = lines.text;
    const out = emptyOutput(line, end - line);
    const masked = maskWindow(host, from === 0 && to === text.length ? text : text.slice(from, to), out, line, end);
    unmasked(out, masked, end);
    return out;
  }

  /**
   * The part of `t` that masked line `lineNo` (a line with tokens lies in
   * one). The miner loads lines mostly in order: the last part, or the next,
   * is nearly always it; else a binary search.
   */
  private partOf(t: MaskOutput, lineNo: number): number {
    const starts = t.partLines;
    const last = starts.length - 1;
    let p = this.part;
    if (starts[p] <= lineNo && (p === last || lineNo < starts[p + 1])) return p;
    p++;
    if (p <= last && starts[p] <= lineNo && (p === last || lineNo < starts[p + 1])) return (this.part = p);
    let lo = 0;
    let hi = last;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= lineNo) lo = mid;
      else hi = mid - 1;
    }
    return (this.part = lo);
  }

  /** Whether token `i` of the loaded line is a placeholder (`<n>`, `<url>`, …). */
  isPlaceholder(i: number): boolean {
    return (this.flags[this.at + i] & TOKEN_PLACEHOLDER) !== 0;
  }

  /** Whether token `i` of the loaded line is literally `<*>`. */
  isWildcard(i: number): boolean {
    return (this.flags[this.at + i] & TOKEN_WILDCARD) !== 0;
  }

  /** Length of plain line `i`'s visible text: the line without its line ending, at most 2048 units. */
  private visibleLength(i: number): number {
    const lines = this.lines;
    if (lines === null) return -1;
    const s = lines.start(i);
    let e = lines.end(i);
    if (e > s && lines.text.charCodeAt(e - 1) === CR) e--;
    return Math.min(e - s, MAX_SCAN);
  }
}

/**
 * The masked tokens of `lines` for the template miner: in WASM over the whole
 * log when it is at least {@link LOG_MASK_WASM_MIN} long (on the miner's first
 * line, so a log without routine lines costs nothing), else line by line in TS.
 * Without `lines`, every loaded text is masked on its own.
 * @example new TemplateMiner(maskLines(lines)).assign(visibleText(lines.line(0)), 0)
 */
export function maskLines(lines: LineIndex | null = null): MaskedLines {
  const host = lines !== null && lines.text.length >= LOG_MASK_WASM_MIN ? wasmHost() : null;
  return new MaskedLines(lines, host);
}

/** The 64-bit hash of one masked token as [seed-0 digest, seed-0x9747b28c digest] (for tests). */
export function maskedTokenHash(token: string): [number, number] {
  const into = new Int32Array(2);
  hashToken(token, into, 0);
  return [into[0], into[1]];
}

/**
 * Finding the first of many words in a text, ASCII letters in either case:
 * what a case-insensitive regex alternation of literals (`/error|fail|…/gi`)
 * finds, without its cost. V8 cannot pre-filter such an alternation and
 * tries every alternative at every position; here a table of the character
 * pairs the words open with lets most characters pass with one load, a mask
 * of third letters ends most of the rest, and only then are words compared.
 * The WASM kernel (assembly/word-scan.ts) reads the same tables, copied into
 * its memory, so the words have one home, and a block filter made from them
 * ({@link WordTables.blockFilter}) that passes 16 units at a time where no
 * opening can start; the TS scan is its twin for short texts and where WASM
 * is unavailable. (On a short line, a row of a search, V8's regex is faster
 * than the TS scan: measured 2× on the search bench's rows.)
 *
 * Regex semantics kept: letters fold as a regex without the `u` flag folds
 * them (ASCII only), `\b` and `\s` read as JS reads them.
 */

import { wasmHost, type WasmHost } from "./wasm.js";

/** What must follow a word for it to count: nothing, a regex's `\b`, an optional `s` then `\b`, a digit, a hex digit. */
export type After = "nothing" | "boundary" | "plural" | "digit" | "hex";

/** Words to find, each with what must follow it (nothing when left out). */
export type WordList = readonly (readonly [string, After?])[];

const LOWER_A = 97;
const LOWER_Z = 122;
/** Setting this bit lowercases an ASCII letter (and turns no other character into one). */
export const CASE_BIT = 0x20;
/** Pair kinds above this are shapes a caller adds (the kernel's `shapes` mode), not word groups. */
export const MAX_GROUPS = 252;

/** How the kernel reads what must follow a word. */
const AFTER_CODES: Record<After, number> = { nothing: 0, boundary: 1, plural: 2, digit: 3, hex: 4 };

/** The tables both scans read for one word list. */
export class WordTables {
  /**
   * For each pair of ASCII characters (the first's code times 128 plus the
   * second's): 0 when no word opens with them (most pairs of a text, told by
   * one load), else 1 + the index of the group of words that do.
   */
  readonly pairs = new Uint8Array(128 * 128);
  /** For each group, the third letters its words go on with (bit 0 for `a`). */
  readonly thirds = new Uint32Array(64);
  /** The words of each group. */
  private readonly groups: [string, After][][] = [];
  /**
   * The groups as the kernel reads them: a 16-bit offset (from the start)
   * per group, then each group as its word count and, per word, its length,
   * its AFTER_CODES and its bytes.
   */
  readonly kernelWords: Uint8Array;

  constructor(words: WordList) {
    for (const [word, after = "nothing"] of words) {
      // The pair and third-letter tables fold case, which only letters have.
      if (!/^[a-z]{3}[\x20-\x7e]*$/.test(word))
        throw new Error(`word-scan: "${word}" must open with 3 lowercase letters`);
      const pair = word.charCodeAt(0) * 128 + word.charCodeAt(1);
      if (this.pairs[pair] === 0) this.pairs[pair] = this.groups.push([]);
      const group = this.pairs[pair] - 1;
      if (group >= this.thirds.length) throw new Error("word-scan: too many word groups");
      this.groups[group].push([word, after]);
      this.thirds[group] |= 1 << (word.charCodeAt(2) - LOWER_A);
    }
    for (let first = LOWER_A; first <= LOWER_Z; first++) {
      for (let second = LOWER_A; second <= LOWER_Z; second++) {
        const group = this.pairs[first * 128 + second];
        for (const a of [first, first - CASE_BIT])
          for (const b of [second, second - CASE_BIT]) this.pairs[a * 128 + b] = group;
      }
    }
    const encoded = this.groups.map((group) => [
      group.length,
      ...group.flatMap(([word, after]) => [
        word.length,
        AFTER_CODES[after],
        ...[...word].map((ch) => ch.charCodeAt(0)),
      ]),
    ]);
    const offsets: number[] = [];
    let offset = 2 * encoded.length;
    for (const group of encoded) {
      offsets.push(offset & 0xff, offset >>> 8);
      offset += group.length;
    }
    this.kernelWords = new Uint8Array([...offsets, ...encoded.flat()]);
  }

  /**
   * The WASM kernel's block filter (assembly/word-scan.ts stopLanes16) of
   * {@link WordTables.pairs} and {@link WordTables.thirds}: six 16-byte
   * tables, for the first, second and third character of what a pair opens,
   * of the groups (one bit each) whose opening has a character with that low
   * nibble, then that high nibble. Words go to 8 groups by their pair kind,
   * or to 5 when a caller added shapes (kinds past {@link MAX_GROUPS}), which
   * take the other 3 with any third character. Made on first use: a caller
   * that adds shapes to the pairs (candidates.ts) does so before any scan.
   *
   * Pair kinds share a group in the order of their opening letters (`ab cr
   * ca co` together, `te tr un` together): a group's first characters are
   * then a few letters whose nibbles alias little, where kinds dealt out in
   * turn gave each group five unrelated letters and passed about a third
   * more units of the bench's logs, searches and diffs to the pair table.
   */
  blockFilter(): Uint8Array {
    if (this.filter !== null) return this.filter;
    const filter = new Uint8Array(96);
    const pairs = this.pairs;
    const hasShapes = pairs.some((kind) => kind > MAX_GROUPS);
    const wordGroups = hasShapes ? 5 : 8;
    const groupOfKind = this.groupsByOpening(wordGroups);
    const add = (at: number, c: number, bit: number): void => {
      filter[at + (c & 15)] |= bit;
      filter[at + 16 + (c >> 4)] |= bit;
    };
    for (let pair = 0; pair < pairs.length; pair++) {
      const kind = pairs[pair];
      if (kind === 0) continue;
      const shape = kind > MAX_GROUPS;
      const bit = 1 << (shape ? wordGroups + ((kind - MAX_GROUPS - 1) % (8 - wordGroups)) : groupOfKind[kind - 1]);
      add(0, pair >> 7, bit);
      add(32, pair & 127, bit);
      // A shape's third unit may be anything, past ASCII too (a pytest `E` then U+00A0): every byte
      // a unit narrows to. A word's is an ASCII letter of its group's.
      for (let c = 0; c < 256; c++) {
        const letter = (c | CASE_BIT) - LOWER_A;
        const isThird =
          shape || (c < 128 && letter >= 0 && letter < 26 && (this.thirds[kind - 1] & (1 << letter)) !== 0);
        if (isThird) add(64, c, bit);
      }
    }
    this.filter = filter;
    return filter;
  }

  private filter: Uint8Array | null = null;

  /** The block filter's group (0 to `count` - 1) of each pair kind minus 1: kinds in order of their words' openings, dealt out in runs. */
  private groupsByOpening(count: number): number[] {
    const order = this.groups.map((_, kind) => kind);
    const opening = (kind: number) => this.groups[kind][0][0].slice(0, 2);
    order.sort((a, b) => (opening(a) < opening(b) ? -1 : opening(a) > opening(b) ? 1 : a - b));
    const groupOf = new Array<number>(order.length);
    order.forEach((kind, rank) => {
      groupOf[kind] = Math.floor((rank * count) / order.length);
    });
    return groupOf;
  }

  /** Whether one word of group `group` (a pair kind minus 1) starts at `p`, with what must follow it. */
  wordsAt(text: string, p: number, group: number): boolean {
    const third = (text.charCodeAt(p + 2) | CASE_BIT) - LOWER_A;
    if (!(third >= 0 && third < 26 && (this.thirds[group] & (1 << third)) !== 0)) return false;
    for (const [word, after] of this.groups[group]) {
      if (!hasAt(text, p, word)) continue;
      const q = p + word.length;
      const c = text.charCodeAt(q);
      if (after === "nothing") return true;
      if (
        after === "boundary" ? !isWordChar(c) : after === "digit" ? isDigit(c) : after === "hex" ? isHexDigit(c) : false
      ) {
        return true;
      }
      if (after === "plural" && (!isWordChar(c) || ((c | CASE_BIT) === 115 && !isWordChar(text.charCodeAt(q + 1))))) {
        return true;
      }
    }
    return false;
  }
}

/** The first offset at or after `from` where a word of `tables` starts, or -1: the TS scan. */
export function nextWord(text: string, from: number, tables: WordTables): number {
  const n = text.length;
  const pairs = tables.pairs;
  let c = text.charCodeAt(from);
  for (let p = from; p < n - 1; p++) {
    const next = text.charCodeAt(p + 1);
    if (c < 128 && next < 128) {
      const kind = pairs[c * 128 + next];
      if (kind !== 0 && tables.wordsAt(text, p, kind - 1)) return p;
    }
    c = next;
  }
  return -1;
}

/** Where {@link copyForKernel} put a text and its tables in the kernel's memory. */
export interface KernelText {
  host: WasmHost;
  text: number;
  length: number;
  pairs: number;
  thirds: number;
  words: number;
  /** 8 bytes the kernel writes a shape's details to. */
  out: number;
  /** The tables' block filter ({@link WordTables.blockFilter}). */
  filter: number;
}

/** Copies `tables` and `text` into the kernel's memory (the arena: valid until another kernel runs). */
export function copyForKernel(host: WasmHost, text: string, tables: WordTables): KernelText {
  const pairs = host.base;
  const thirds = pairs + tables.pairs.length;
  const words = thirds + tables.thirds.byteLength;
  const out = (words + tables.kernelWords.length + 15) & ~15;
  const filter = out + 16;
  const blockFilter = tables.blockFilter();
  const at = filter + blockFilter.length;
  host.reserve(at + 2 * text.length);
  host.u8.set(tables.pairs, pairs);
  host.u8.set(new Uint8Array(tables.thirds.buffer), thirds);
  host.u8.set(tables.kernelWords, words);
  host.u8.set(blockFilter, filter);
  host.writeUtf16(text, at);
  return { host, text: at, length: text.length, pairs, thirds, words, out, filter };
}

/** Calls the kernel on a copied text: the first place at or after `from` (`length` for none). */
export function kernelScan(k: KernelText, from: number, shapes: boolean): number {
  return k.host.exports.nextWordAt(k.text, k.length, from, k.pairs, k.thirds, k.words, k.out, shapes ? 1 : 0, k.filter);
}

/** Texts shorter than this are scanned in TS: copying them into WASM memory would cost more than it saves. */
export const WORD_SCAN_WASM_MIN = 4096;

/**
 * The words of `tables` in `text`: a function giving the first offset at or
 * after an offset where one starts (-1 for none), as {@link nextWord} does,
 * through the kernel on long texts. Use it before any other kernel runs
 * (they share the memory).
 */
export function wordFinder(text: string, tables: WordTables, minWasm = WORD_SCAN_WASM_MIN): (from: number) => number {
  const host = text.length >= minWasm ? wasmHost() : null;
  if (host === null) return (from) => nextWord(text, from, tables);
  const k = copyForKernel(host, text, tables);
  return (from) => {
    const at = kernelScan(k, from, false);
    return at >= text.length ? -1 : at;
  };
}

/** `word` at `p`, its letters in either case. */
export function hasAt(text: string, p: number, word: string): boolean {
  if (p + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) {
    const w = word.charCodeAt(i);
    const c = text.charCodeAt(p + i);
    if (c !== w && !(w >= LOWER_A && w <= LOWER_Z && (c | CASE_BIT) === w)) return false;
  }
  return true;
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isHexDigit(c: number): boolean {
  const lower = c | CASE_BIT;
  return isDigit(c) || (lower >= LOWER_A && lower <= 102);
}

/** `\w` as a regex without the `u` flag reads it (NaN, past the end, is none). */
export function isWordChar(c: number): boolean {
  const lower = c | CASE_BIT;
  return isDigit(c) || c === 95 || (lower >= LOWER_A && lower <= LOWER_Z);
}

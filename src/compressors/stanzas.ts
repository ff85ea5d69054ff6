import { hasMarker } from "../ccr/marker.js";
import { parseStanzas, type StanzaRecord, type Stanzas } from "./stanzas/parse.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput } from "./types.js";

/**
 * The stanza-list compressor: `apt-cache show`, `dpkg -s`,
 * /var/lib/dpkg/status, mail and HTTP header blocks (stanzas/parse.ts).
 *
 * Its outline is every record's identity: the record's opening line (an HTTP
 * status line, or its first field) and its naming fields (`Package:`,
 * `Version:`, `Location:`…) stay for every record, as the input's own lines,
 * so the agent can quote them. On top of that, the lines that stand out: the
 * first record whole (it shows the fields every record has), the first
 * record of each value of a low-cardinality field (a `Status:` of
 * `deinstall`, a `Content-Type` seen once), the records with the lowest and
 * highest value of a numeric field, fields only a few records have, and
 * two fields that usually hold the same value where they do not
 * (`Installed` and `Candidate` of an upgradable package).
 * The rest of each record goes, under one marker where the first record is
 * cut, naming the fields it hides and the lines they held. Past the line
 * budget even the outline is grouped: first and last records kept, one
 * marker naming the first and last record of the group.
 *
 * Our own output (holding a marker) returns null, so a second pass changes nothing.
 */

/** Base caps at the default profile; `input.scale` multiplies them. */
const CAPS = {
  /** Outline lines kept before records are grouped. */
  outlineLines: 1500,
  /** Records whole from the top. */
  wholeRecords: 1,
  /** Least characters of detail (whole fields) spent after the outline… */
  detailChars: 3000,
  /** …or this share of the input's field characters, when more. */
  detailShare: 0.05,
} as const;

/**
 * Fields that name a record, whatever their position. For an HTTP response
 * the resource is named by where it is (`Location`, `Content-Location`) and
 * which version of it was served (`Last-Modified`, `ETag`): what a second
 * request or a cache check needs, like a package's `Version`.
 */
const NAMING_FIELDS: ReadonlySet<string> = new Set([
  "package",
  "version",
  "name",
  "location",
  "content-location",
  "last-modified",
  "etag",
  "subject",
  "from",
  "to",
  "message-id",
  "id",
]);

/** A field is low-cardinality when it has at most this many values (or √records). */
const LOW_CARDINALITY = 6;
/** A field is rare when at most this share of the records has it. */
const RARE_SHARE = 0.05;
/** Fewest records worth outlining. */
const MIN_RECORDS = 3;

interface FieldStats {
  present: number;
  /** First record (index) of each value. */
  firstOf: Map<string, number>;
  /** Records with the lowest and highest numeric value, or -1 when the field is not numeric. */
  minAt: number;
  maxAt: number;
  min: number;
  max: number;
  isNumeric: boolean;
}

/**
 * Joins a field's name to the name of its first word's pseudo-field: `stat`
 * packs several values in one line (`Size: 6  Blocks: 0  IO Block: 4096
 * symbolic link`, `Access: (4755/-rwsr-xr-x)  Uid: …`), so the whole value
 * is unique per record while its first word (the size, the mode) is a value
 * of its own, with extremes and rare values like any field's. A name a
 * record repeats counts each of its lines apart (`name\u00010`, `\u00011`).
 */
const FIRST_WORD = "\u0001";

/** The field a stats key is about: the name before {@link FIRST_WORD}. */
function fieldOfKey(key: string): string {
  const at = key.indexOf(FIRST_WORD);
  return at < 0 ? key : key.slice(0, at);
}

/**
 * The first word of a value that packs more labelled values after it
 * (`6  Blocks: 0 …`), or null: a date's weekday or a list's first item
 * (`Date: Mon, 07 Dec …`, `Depends: libc6 …`) says nothing on its own.
 */
function firstWordOf(value: string): string | null {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 32 || c === 9) return i === 0 || value.indexOf(": ", i) < 0 ? null : value.slice(0, i);
  }
  return null;
}

function statsOf(stanzas: Stanzas): Map<string, FieldStats> {
  const stats = new Map<string, FieldStats>();
  const count = (key: string, value: string, r: number) => {
    let s = stats.get(key);
    if (s === undefined) {
      s = { present: 0, firstOf: new Map(), minAt: -1, maxAt: -1, min: 0, max: 0, isNumeric: true };
      stats.set(key, s);
    }
    s.present++;
    if (!s.firstOf.has(value) && s.firstOf.size <= 4096) s.firstOf.set(value, r);
    if (!s.isNumeric) return;
    const x = isDecimal(value) ? Number(value) : Number.NaN;
    if (Number.isNaN(x)) {
      s.isNumeric = false;
      return;
    }
    if (s.minAt < 0 || x < s.min) [s.min, s.minAt] = [x, r];
    if (s.maxAt < 0 || x > s.max) [s.max, s.maxAt] = [x, r];
  };
  stanzas.records.forEach((record, r) => {
    // `stat` repeats a name (`Access:` the mode, then `Access:` the time): each line's first word apart.
    const seen = new Map<string, number>();
    for (const f of record.fields) {
      count(f.name, f.value, r);
      const first = firstWordOf(f.value);
      const nth = seen.get(f.name) ?? 0;
      seen.set(f.name, nth + 1);
      if (first !== null) count(`${f.name}${FIRST_WORD}${nth}`, first, r);
    }
  });
  return stats;
}

function isDecimal(text: string): boolean {
  if (text.length === 0 || text.length > 15) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Two fields are twins when they hold the same value in more than this share of the records that have both. */
const TWIN_SHARE = 0.5;
/** Fields of a record compared pairwise, at most. */
const TWIN_FIELDS = 24;

/**
 * Where a field parts from its usual twin: two fields that hold the same
 * single word in most records (`Installed` and `Candidate` in `apt-cache
 * policy`) say something when they differ (an upgrade waits). Lists and
 * sentences (`Breaks`, `Replaces`) are never twins. Returns the
 * `record\0field` keys of both fields in each such record.
 */
function twinMismatches(stanzas: Stanzas): string[] {
  const both = new Map<string, number>();
  const same = new Map<string, number>();
  for (const record of stanzas.records) {
    const fields = record.fields.slice(0, TWIN_FIELDS);
    for (let a = 0; a < fields.length; a++) {
      for (let b = a + 1; b < fields.length; b++) {
        if (fields[a].name === fields[b].name || !isToken(fields[a].value) || !isToken(fields[b].value)) continue;
        const pair = `${fields[a].name}\u0000${fields[b].name}`;
        both.set(pair, (both.get(pair) ?? 0) + 1);
        if (fields[a].value === fields[b].value) same.set(pair, (same.get(pair) ?? 0) + 1);
      }
    }
  }
  const twins = new Set<string>();
  for (const [pair, n] of both) {
    const equal = same.get(pair) ?? 0;
    if (n >= MIN_RECORDS && equal < n && equal > TWIN_SHARE * n) twins.add(pair);
  }
  const keys: string[] = [];
  if (twins.size === 0) return keys;
  stanzas.records.forEach((record, r) => {
    const fields = record.fields.slice(0, TWIN_FIELDS);
    for (let a = 0; a < fields.length; a++) {
      for (let b = a + 1; b < fields.length; b++) {
        const isTwin = twins.has(`${fields[a].name}\u0000${fields[b].name}`);
        if (isTwin && fields[a].value !== fields[b].value)
          keys.push(`${r}\u0000${fields[a].name}`, `${r}\u0000${fields[b].name}`);
      }
    }
  });
  return keys;
}

/** A single word (a version, a status, a path), not a list or a sentence: what twins hold. */
function isToken(value: string): boolean {
  return value.length > 0 && value.length <= 64 && !value.includes(" ");
}

/** For each record, the lines it keeps (true) or the whole record (null). */
interface Plan {
  /** Per line of the input: whether it is shown. */
  shown: Uint8Array;
  /** Names of the fields some record lost, in first-seen order. */
  hidden: string[];
}

function plan(stanzas: Stanzas, lineCount: number, scale: number): Plan {
  const { records } = stanzas;
  const n = records.length;
  const stats = statsOf(stanzas);
  const lowCardinality = Math.max(LOW_CARDINALITY, Math.ceil(Math.sqrt(n)));
  // Lines that stand out, by record: a rare field, a first value, a numeric extreme.
  const standOut = new Set<string>();
  for (const [key, s] of stats) {
    if (s.present === n && s.firstOf.size === 1) continue;
    const name = fieldOfKey(key);
    if (s.isNumeric && s.firstOf.size > lowCardinality) {
      standOut.add(`${s.minAt}\u0000${name}`);
      standOut.add(`${s.maxAt}\u0000${name}`);
    } else if (s.firstOf.size <= lowCardinality) {
      for (const r of s.firstOf.values()) standOut.add(`${r}\u0000${name}`);
    }
  }
  for (const key of twinMismatches(stanzas)) standOut.add(key);
  // Fields only a few records have stay where they are.
  const rareAt = Math.max(1, n * RARE_SHARE);
  records.forEach((record, r) => {
    for (const f of record.fields) if ((stats.get(f.name)?.present ?? 0) <= rareAt) standOut.add(`${r}\u0000${f.name}`);
  });
  // The first record of each shape (set of field names) stays whole, when shapes are few.
  const firstOfShape = new Map<string, number>();
  for (let r = 0; r < n && firstOfShape.size <= lowCardinality; r++) {
    const shape = records[r].fields.map((f) => f.name).join("\u0000");
    if (!firstOfShape.has(shape)) firstOfShape.set(shape, r);
  }
  const wholeShapes = firstOfShape.size <= lowCardinality ? new Set(firstOfShape.values()) : new Set<number>();
  const shown = new Uint8Array(lineCount).fill(1);
  const hidden: string[] = [];
  const isHidden = new Set<string>();
  const whole = scaled(CAPS.wholeRecords, scale);
  records.forEach((record, r) => {
    if (r < whole || wholeShapes.has(r)) return;
    record.fields.forEach((f, k) => {
      const keep = (k === 0 && record.head < 0) || NAMING_FIELDS.has(f.name) || standOut.has(`${r}\u0000${f.name}`);
      if (keep) return;
      for (let i = f.from; i < f.to; i++) shown[i] = 0;
      if (!isHidden.has(f.name)) {
        isHidden.add(f.name);
        hidden.push(f.name);
      }
    });
  });
  return { shown, hidden };
}

/** Characters of detail the outline may grow by: a share of the input, at least a few lines per record. */
function detailBudget(stanzas: Stanzas, scale: number): number {
  return scaled(Math.max(CAPS.detailChars, CAPS.detailShare * totalChars(stanzas)), scale);
}

function totalChars(stanzas: Stanzas): number {
  let n = 0;
  for (const record of stanzas.records) for (const f of record.fields) n += f.value.length + f.name.length + 2;
  return n;
}

/**
 * Detail after the outline: whole fields (in every record, so records stay
 * alike), the shortest first, while they fit the budget; a field whose lines
 * run long (an `Install:` of several KB) stays hidden.
 */
function spendDetail(stanzas: Stanzas, shown: Uint8Array, hidden: string[], budget: number): void {
  const cost = new Map<string, number>();
  for (const record of stanzas.records) {
    for (const f of record.fields) {
      if (shown[f.from] === 1) continue;
      // Continuation lines count at their share of the value; the first line is what a reader meets.
      cost.set(f.name, (cost.get(f.name) ?? 0) + f.name.length + f.value.length + 2 + (f.to - f.from - 1) * 40);
    }
  }
  const order = [...cost.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  let left = budget;
  const shownNow = new Set<string>();
  for (const [name, c] of order) {
    if (c > left) break;
    left -= c;
    shownNow.add(name);
  }
  if (shownNow.size === 0) return;
  for (const record of stanzas.records) {
    for (const f of record.fields) if (shownNow.has(f.name)) for (let i = f.from; i < f.to; i++) shown[i] = 1;
  }
  const still = hidden.filter((name) => !shownNow.has(name));
  hidden.length = 0;
  hidden.push(...still);
}

/** Original field names (as written) of the lowercased `names`, from the first record that has each. */
function spelled(stanzas: Stanzas, names: readonly string[], input: CompressorInput): string[] {
  const spelling = new Map<string, string>();
  for (const record of stanzas.records) {
    for (const f of record.fields) {
      if (!spelling.has(f.name)) spelling.set(f.name, input.lines.line(f.from).trimStart().slice(0, f.name.length));
    }
  }
  return names.map((n) => spelling.get(n) ?? n);
}

function fieldList(names: string[]): string {
  const shown = names.slice(0, 6).join(", ");
  return names.length > 6 ? `${shown} and ${names.length - 6} more` : shown;
}

/** The record's label for a group marker: its opening line or first field, cut short. */
function label(record: StanzaRecord, input: CompressorInput): string {
  const at = record.head >= 0 ? record.head : record.fields[0].from;
  const line = input.lines.line(at);
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/**
 * A stanza list read and kept whole (it fits the detail budget) comes back
 * as its own text, which claims it: the later links must not read its
 * `Name: value` lines as a table, nor the blind fallback cut records away.
 */
function keptWhole(input: CompressorInput): CompressorOutput {
  return { output: input.text, lossy: false, detail: { step: "whole" } };
}

/** The stanza-list compressor. */
export const stanzasCompressor: Compressor = {
  name: "stanzas",
  compress(input: CompressorInput): CompressorOutput | null {
    if (!input.canDrop || hasMarker(input.text)) return null;
    const stanzas = parseStanzas(input.lines, MIN_RECORDS);
    if (stanzas === null) return null;
    const { lines } = input;
    const { records } = stanzas;
    const { shown, hidden } = plan(stanzas, lines.count, input.scale);
    if (hidden.length === 0) return keptWhole(input);
    // Past the budget, records between the head and the tail are grouped.
    const budget = scaled(CAPS.outlineLines, input.scale, 200);
    let outline = 0;
    for (let i = 0; i < lines.count; i++) outline += shown[i];
    let groupFrom = -1;
    let groupTo = -1;
    // Detail only when the outline fits: grouping records to show more of each would be backwards.
    if (outline <= budget) {
      spendDetail(stanzas, shown, hidden, detailBudget(stanzas, input.scale));
      if (hidden.length === 0) return keptWhole(input);
    }
    if (outline > budget) {
      const perRecord = outline / records.length;
      const keep = Math.max(2, Math.floor(budget / perRecord));
      groupFrom = Math.ceil(keep * 0.7);
      groupTo = records.length - (keep - groupFrom);
    }
    const firstCut = records.findIndex((rec) => {
      for (let i = rec.from; i < rec.to; i++) if (shown[i] === 0) return true;
      return false;
    });
    const out: string[] = [];
    const origin: number[] = [];
    const eol = input.text.includes("\r\n") ? "\r\n" : "\n";
    const cutRanges: [number, number][] = [];
    for (let i = 0; i < lines.count; i++) if (shown[i] === 0) pushLine(cutRanges, i);
    let r = 0;
    for (let i = 0; i < lines.count; i++) {
      while (r < records.length && records[r].to <= i) r++;
      const record = records[r];
      const isInRecord = record !== undefined && record.from <= i;
      if (isInRecord && r >= groupFrom && r < groupTo && groupFrom >= 0) {
        if (i === record.from && r === groupFrom) {
          const first = records[groupFrom];
          const last = records[groupTo - 1];
          const summary = `${groupTo - groupFrom} records omitted, from ${label(first, input)} to ${label(last, input)}`;
          out.push(input.marker(summary, { lines: [[first.from, last.to]] }));
          origin.push(-1);
        }
        continue;
      }
      // Blank lines inside a group go with it.
      if (!isInRecord && groupFrom >= 0 && r > groupFrom && r < groupTo) continue;
      if (isInRecord && r === firstCut && i === record.from) {
        const names = spelled(stanzas, hidden, input);
        const summary = `other fields of records cut to their names (${fieldList(names)})`;
        out.push(input.marker(summary, { lines: cutRanges }));
        origin.push(-1);
      }
      if (shown[i] === 0) continue;
      out.push(lines.line(i));
      origin.push(i);
    }
    // The last "line" of a text ending in a newline is empty: joining restores that newline.
    const output = out.join(eol);
    if (output.length >= input.text.length) return null;
    return {
      output,
      lossy: true,
      lineOrigin: Int32Array.from(origin),
      detail: {
        records: records.length,
        linesKept: origin.filter((o) => o >= 0).length,
        recordsGrouped: groupFrom >= 0 ? groupTo - groupFrom : 0,
      },
    };
  },
};

function pushLine(ranges: [number, number][], i: number): void {
  const last = ranges[ranges.length - 1];
  if (last !== undefined && last[1] === i) last[1] = i + 1;
  else ranges.push([i, i + 1]);
}

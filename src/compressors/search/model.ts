/**
 * The table every search format (grep/rg text rows, `rg --heading`, `rg
 * --json`) is read into, so that choosing rows and rendering them know nothing
 * about the format they came from. Entries are columns of typed arrays with
 * offsets into one source string, not an object per row: a 10 MB result has
 * ~150 000 rows, and objects would cost more in GC than the parse itself.
 */

/** A match row: counts against the caps. */
export const MATCH = 0;
/** A context row (`-A/-B/-C`): kept only beside a kept match. */
export const CONTEXT = 1;
/** A `--` break between context groups. */
export const BREAK = 2;
/** A line that is no row (a tool's warning, "Binary file … matches"): always kept verbatim. */
export const RAW = 3;

/** One searched file, its runs joined. */
export interface SearchFile {
  /** The path as printed ("" for path-less rows of a one-file grep). */
  readonly path: string;
  /** The line naming the file: the path itself, or `rg --json`'s begin message verbatim. */
  readonly header: string;
  /** Number of match rows. */
  matches: number;
}

/**
 * Every entry of a search output in output order. An entry's body is
 * `source.slice(start[i], end[i])`: the row without its path and separator
 * (`12:text`, `12-text`, `12:5:text`), or a raw line whole.
 */
export class SearchTable {
  /** The string the offsets point into: the input itself for text output. */
  source: string;
  readonly files: SearchFile[] = [];
  /** `text` for grep/rg rows and --heading; `json` for `rg --json` (never rendered back losslessly). */
  readonly format: "text" | "json";
  /** `rg --json`: the summary message reduced to its counts, as one JSON line. */
  summary: string | undefined;
  /** Whether the output has context rows or `--` breaks. */
  hasContext = false;
  /** Number of match and context rows. */
  rows = 0;
  /** Number of raw lines. */
  raws = 0;
  /** Number of rows that printed their path on their own line (so grouping can shorten them). */
  pathRows = 0;
  count = 0;
  /** Per entry: MATCH, CONTEXT, BREAK or RAW. */
  kind: Uint8Array;
  /** Per entry: index in `files`, or -1 before the first file (a preamble). */
  file: Int32Array;
  /** Per entry: the line number a row reports (0 for others). */
  lineNo: Int32Array;
  /** Per entry: the body's [start, end) in `source`. */
  start: Int32Array;
  end: Int32Array;
  /** Per entry: where the searched line's text starts in `source` (for scoring). */
  textStart: Int32Array;
  /** Per entry: the 0-based input line it was read from (a standout row is shown as that line). */
  inputLine: Int32Array;

  /** An empty table; `capacity` is the expected number of entries (one per input line is an upper bound for text). */
  /** Each path's index in `files`. */
  private readonly fileOfPath = new Map<string, number>();

  constructor(format: "text" | "json", source: string, capacity: number) {
    this.format = format;
    this.source = source;
    const cap = Math.max(16, capacity);
    this.kind = new Uint8Array(cap);
    this.file = new Int32Array(cap);
    this.lineNo = new Int32Array(cap);
    this.start = new Int32Array(cap);
    this.end = new Int32Array(cap);
    this.textStart = new Int32Array(cap);
    this.inputLine = new Int32Array(cap);
  }
  /** The index in `files` of the file at `path`, added (shown as `header`) the first time it is named. */
  fileFor(path: string, header: string = path): number {
    let f = this.fileOfPath.get(path);
    if (f === undefined) {
      f = this.files.length;
      this.fileOfPath.set(path, f);
      this.files.push({ path, header, matches: 0 });
    }
    return f;
  }

  /** Appends an entry. */
  push(
    kind: number,
    file: number,
    lineNo: number,
    start: number,
    end: number,
    textStart: number,
    inputLine = -1,
  ): void {
    if (this.count === this.kind.length) this.grow();
    const i = this.count++;
    this.kind[i] = kind;
    this.file[i] = file;
    this.lineNo[i] = lineNo;
    this.start[i] = start;
    this.end[i] = end;
    this.textStart[i] = textStart;
    this.inputLine[i] = inputLine;
    if (kind === MATCH || kind === CONTEXT) this.rows++;
    else if (kind === RAW) this.raws++;
    if (kind !== MATCH && kind !== RAW) this.hasContext = true;
    if (kind === MATCH && file >= 0) this.files[file].matches++;
  }

  /** Entry `i`'s body. */
  body(i: number): string {
    return this.source.slice(this.start[i], this.end[i]);
  }

  private grow(): void {
    const cap = this.kind.length * 2;
    const kind = new Uint8Array(cap);
    kind.set(this.kind);
    this.kind = kind;
    this.file = grown(this.file, cap);
    this.lineNo = grown(this.lineNo, cap);
    this.start = grown(this.start, cap);
    this.end = grown(this.end, cap);
    this.textStart = grown(this.textStart, cap);
    this.inputLine = grown(this.inputLine, cap);
  }
}

function grown(a: Int32Array, cap: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(cap);
  b.set(a);
  return b;
}

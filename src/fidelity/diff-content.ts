/**
 * Which lines of a unified diff are the content of its files and commits
 * rather than events: a hunk's header and body (` `, `-`, `+` and `\`
 * lines, counted by the header's line counts), a `git log` commit's
 * indented message and a `git range-diff` pair's indented diff of patches. An error word in them is code or prose being changed
 * (`+throw new Error(…)`, a commit fixing "the error on empty input"), not
 * something that happened. The salient lines of a diff are its commit and
 * file headers; its changed lines are the diff compressor's to rank.
 *
 * Without this rule a 2 MB `git log -p` of code that handles errors passed
 * through whole: past the output cap the diff is shown as one line per
 * commit and file, and the check found those changed lines hidden at every
 * scale.
 */
import type { LineIndex } from "../kernels/lines.js";

/** A unified hunk header: old and new line counts (a missing count is 1). */
const HUNK_HEADER_RE = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;
/** A `git log` commit line. */
const COMMIT_RE = /^commit [0-9a-f]{7,64}\b/;
/** A `git range-diff` pair line (`1:  728e7cb ! 1:  68c73b5 subject`), whose indented body is a diff of two patches. */
const RANGE_PAIR_RE =
  /^ *(?:\d{1,6}|-): +(?:[0-9a-f]{4,64}|-{4,64}) [!=<>] +(?:\d{1,6}|-): +(?:[0-9a-f]{4,64}|-{4,64})(?: |$)/;

const SPACE = 32;
const MINUS = 45;
const PLUS = 43;
const BACKSLASH = 92;
const TAB = 9;

/** Where a line stands in a diff. */
enum State {
  Other,
  /** Between a commit line and the blank line after its header fields. */
  CommitHeader,
  /** A commit's indented message. */
  Message,
  /** A hunk's body, while its counts last. */
  Hunk,
  /** A `git range-diff` pair's body: lines indented four spaces, and blank lines. */
  RangeBody,
}

/** Whether `text` may hold a unified hunk: only then is the walk worth its pass over the lines. */
export function mayHoldHunks(text: string): boolean {
  return text.startsWith("@@ -") || text.includes("\n@@ -") || RANGE_PAIR_RE.test(text.slice(0, 200));
}

/**
 * Answers, for lines asked in increasing order, whether each is diff
 * content (see the module comment). Reads every line once, forward.
 */
export class DiffContent {
  private next = 0;
  private offset = 0;
  private state = State.Other;
  private oldLeft = 0;
  private newLeft = 0;

  /** `index`, when given, is the line index of `text`: line ends are read from it, not searched for. */
  constructor(
    private readonly text: string,
    private readonly index?: LineIndex,
  ) {}

  /** Whether line `i` (0-based; asked in increasing order) is a hunk's or a commit message's line. */
  isContent(i: number): boolean {
    let content = false;
    const index = this.index;
    if (index !== undefined && i < index.count) {
      // The same lines as the search below: line j is [start(j), end(j)).
      while (this.next <= i) {
        content = this.read(index.start(this.next), index.end(this.next));
        this.next++;
      }
      // Where the search below would go on (the index's last start is where it ends too).
      this.offset = index.start(this.next);
      return content;
    }
    while (this.next <= i && this.offset <= this.text.length) {
      const start = this.offset;
      const nl = this.text.indexOf("\n", start);
      const end = nl === -1 ? this.text.length : nl;
      this.offset = nl === -1 ? this.text.length + 1 : nl + 1;
      this.next++;
      content = this.read(start, end);
    }
    return content;
  }

  /** Reads the line [start, end) and says whether it is content. */
  private read(start: number, end: number): boolean {
    const text = this.text;
    let stop = end;
    if (stop > start && text.charCodeAt(stop - 1) === 13) stop--;
    const first = stop > start ? text.charCodeAt(start) : -1;
    if (this.state === State.RangeBody) {
      if (first === -1 || text.startsWith("    ", start)) return true;
      this.state = State.Other;
    }
    if (this.state === State.Hunk) {
      if (first === SPACE || first === -1) return this.take(1, 1);
      if (first === MINUS) return this.take(1, 0);
      if (first === PLUS) return this.take(0, 1);
      this.state = State.Other;
    }
    // git's "\ No newline at end of file" follows the line it is about, at a hunk's end too.
    if (first === BACKSLASH) return true;
    if (first === 64 /* @ */) {
      const m = HUNK_HEADER_RE.exec(text.slice(start, Math.min(stop, start + 64)));
      if (m !== null) {
        this.oldLeft = m[1] === undefined ? 1 : Number(m[1]);
        this.newLeft = m[2] === undefined ? 1 : Number(m[2]);
        this.state = this.oldLeft > 0 || this.newLeft > 0 ? State.Hunk : State.Other;
        return true;
      }
    }
    if (
      ((first >= 48 && first <= 57) || first === SPACE || first === MINUS) &&
      RANGE_PAIR_RE.test(text.slice(start, Math.min(stop, start + 160)))
    ) {
      this.state = State.RangeBody;
      return false;
    }
    if (first === 99 /* c */ && COMMIT_RE.test(text.slice(start, Math.min(stop, start + 80)))) {
      this.state = State.CommitHeader;
      return false;
    }
    if (this.state === State.CommitHeader) {
      if (first === -1) this.state = State.Message;
      return false;
    }
    if (this.state === State.Message) {
      if (first === SPACE || first === TAB) return true;
      if (first === -1) return false;
      this.state = State.Other;
    }
    return false;
  }

  /** A body line that takes `old` and `added` from the hunk's counts; the hunk ends when both are spent. */
  private take(old: number, added: number): boolean {
    this.oldLeft -= old;
    this.newLeft -= added;
    if (this.oldLeft <= 0 && this.newLeft <= 0) this.state = State.Other;
    return true;
  }
}

/**
 * Record terminators. A record ends at `\n` (a `\r` before it belongs to the
 * terminator), or at a bare `\r` only when the text holds no `\n` at all: a
 * classic-Mac CSV uses bare CRs as its only separator, while in any other
 * text a lone CR is content (a progress redraw) and must stay inside its line.
 */

/** Length of the terminator starting at `i` (0 when none starts there). */
export function terminatorAt(text: string, i: number, isCrOnly: boolean): number {
  const c = text.charCodeAt(i);
  if (c === 10) return 1;
  if (c !== 13) return 0;
  if (text.charCodeAt(i + 1) === 10) return 2;
  return isCrOnly ? 1 : 0;
}

/** Whether bare `\r` separates records in `text` (no `\n` anywhere, at least one `\r`). */
export function isCrOnly(text: string): boolean {
  return text.indexOf("\n") < 0 && text.indexOf("\r") >= 0;
}

/** Counts of each terminator seen, to pick the one the output joins with. */
export class SeparatorTally {
  private lf = 0;
  private crlf = 0;
  private cr = 0;

  /** Records a terminator of `length` starting at `i`. */
  add(text: string, i: number, length: number): void {
    if (length === 2) this.crlf++;
    else if (text.charCodeAt(i) === 13) this.cr++;
    else this.lf++;
  }

  /** The most used terminator; `\n` when none was seen or on a tie. */
  dominant(): string {
    if (this.crlf > this.lf && this.crlf >= this.cr) return "\r\n";
    if (this.cr > this.lf && this.cr > this.crlf) return "\r";
    return "\n";
  }
}

/** Lines of plain text as offsets: line i is `text.slice(starts[i], ends[i])`, terminator excluded. */
export interface Lines {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  separator: string;
  endsWithSeparator: boolean;
}

/** Every line of `text`, with the separator the output should join them with. */
export function splitLines(text: string): Lines {
  const crOnly = isCrOnly(text);
  const mark = crOnly ? "\r" : "\n";
  const tally = new SeparatorTally();
  const n = text.length;
  let cap = 256;
  let starts = new Int32Array(cap);
  let ends = new Int32Array(cap);
  let count = 0;
  let start = 0;
  while (start < n) {
    if (count === cap) {
      cap *= 2;
      const s = new Int32Array(cap);
      const e = new Int32Array(cap);
      s.set(starts);
      e.set(ends);
      [starts, ends] = [s, e];
    }
    const at = text.indexOf(mark, start);
    if (at < 0) {
      starts[count] = start;
      ends[count++] = n;
      break;
    }
    const hasCr = !crOnly && at > start && text.charCodeAt(at - 1) === 13;
    tally.add(text, hasCr ? at - 1 : at, hasCr ? 2 : 1);
    starts[count] = start;
    ends[count++] = hasCr ? at - 1 : at;
    start = at + 1;
  }
  return {
    count,
    starts,
    ends,
    separator: tally.dominant(),
    endsWithSeparator: n > 0 && start === n && count > 0 && ends[count - 1] < n,
  };
}

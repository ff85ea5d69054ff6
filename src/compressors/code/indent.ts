/**
 * Function bodies of Python, found by indentation over logical lines (a
 * bracket left open, a trailing backslash or a multi-line string continues
 * the line before). A `def`'s body (after its docstring) becomes one marker
 * line at the body's indentation (or `...` when it shares a marker with its
 * neighbours, see runs.ts), carrying the number prefix of the first line it
 * replaces on a numbered read:
 *
 *     def send(self, request):
 *         """Send a given PreparedRequest."""
 *         [[pithy:… body of send, lines 760-812]]
 *
 * Docstrings (of modules, classes and defs) keep their first paragraph and
 * their closing line; a def's elided docstring rest goes with its body,
 * any other becomes a line inside the docstring. Classes are kept
 * and looked into; nested defs go with their outer def's body.
 */
import { hasMarker } from "../../ccr/marker.js";
import { estimateTokens } from "../../kernels/tokens.js";
import type { Elision, Limits } from "./edits.js";
import type { BodyPlan } from "./braces.js";
import { endsSentence } from "./comments.js";
import { LineKind, Mode, type Scan } from "./scan.js";
import type { SourceView } from "./source.js";

const DEF_RE = /^(?:async\s+)?def\s+([A-Za-z_]\w*)/;
const CLASS_RE = /^class\s+[A-Za-z_]\w*/;
const DOCSTRING_RE = /^[rRuUbB]{0,2}(?:"|')/;

/** A docstring: its lines and, when long, the middle part to elide. */
interface Docstring {
  first: number;
  last: number;
  /** Lines [cutFrom, cutTo] to elide, or cutFrom > cutTo when it stays whole. */
  cutFrom: number;
  cutTo: number;
  /** Estimated tokens of the cut. */
  cutTokens: number;
}

/** Finds the Python function bodies and docstring rests worth eliding. */
export function planIndentBodies(view: SourceView, scan: Scan, limits: Limits): BodyPlan {
  const planner = new IndentPlanner(view, scan, limits);
  planner.run();
  return { elisions: planner.elisions, covered: planner.covered };
}

class IndentPlanner {
  readonly elisions: Elision[] = [];
  readonly covered: Uint8Array;

  constructor(
    private readonly view: SourceView,
    private readonly scan: Scan,
    private readonly limits: Limits,
  ) {
    this.covered = new Uint8Array(view.count);
  }

  run(): void {
    const n = this.view.count;
    let i = 0;
    while (i < n && !this.isLogicalStart(i)) i++;
    if (i < n) this.trimDocstring(this.docstringAt(i, n - 1));
    while (i < n) {
      if (!this.isLogicalStart(i)) {
        i++;
        continue;
      }
      const text = this.view.code(i).slice(this.scan.indent[i]);
      const def = DEF_RE.exec(text);
      if (def === null && !CLASS_RE.test(text)) {
        i++;
        continue;
      }
      const headerEnd = this.logicalEnd(i);
      const bodyEnd = this.bodyEnd(headerEnd + 1, this.scan.indent[i]);
      if (bodyEnd <= headerEnd) {
        i = headerEnd + 1;
        continue;
      }
      const doc = this.docstringAt(headerEnd + 1, bodyEnd);
      if (def !== null && this.elideBody(def[1], headerEnd + 1, bodyEnd, doc)) {
        i = bodyEnd + 1;
        continue;
      }
      this.trimDocstring(doc);
      i = headerEnd + 1;
    }
  }

  /** A line that starts a statement: code, outside brackets, strings and continuations. */
  private isLogicalStart(i: number): boolean {
    const s = this.scan;
    return (
      s.kind[i] === LineKind.Code && s.startMode[i] === Mode.Code && s.bracketsAtStart[i] === 0 && s.continued[i] === 0
    );
  }

  /** Last line of the logical line starting at `i`. */
  private logicalEnd(i: number): number {
    const s = this.scan;
    let e = i;
    while (
      e + 1 < this.view.count &&
      (s.bracketsAtStart[e + 1] > 0 || s.continued[e + 1] === 1 || s.startMode[e + 1] !== Mode.Code)
    )
      e++;
    return e;
  }

  /** Last line of the suite starting at `from` under a header indented by `indent` (from - 1 when empty). */
  private bodyEnd(from: number, indent: number): number {
    const s = this.scan;
    let end = from - 1;
    for (let k = from; k < this.view.count; k++) {
      if (this.isLogicalStart(k) && s.indent[k] <= indent) break;
      const kind = s.kind[k];
      if (kind === LineKind.Blank || (kind === LineKind.Comment && s.indent[k] <= indent)) continue;
      end = k;
    }
    return end;
  }

  /** The docstring opening the suite [from, to], or null. */
  private docstringAt(from: number, to: number): Docstring | null {
    const s = this.scan;
    let f = from;
    while (f <= to && (s.kind[f] === LineKind.Blank || s.kind[f] === LineKind.Comment)) f++;
    if (f > to || !this.isLogicalStart(f) || !DOCSTRING_RE.test(this.view.code(f).slice(s.indent[f]))) return null;
    let last = f;
    while (last + 1 <= to && s.startMode[last + 1] !== Mode.Code) last++;
    const doc: Docstring = { first: f, last, cutFrom: 1, cutTo: 0, cutTokens: 0 };
    if (last - f + 1 <= this.limits.docHeadLines + this.limits.minTailLines) return doc;
    // Keep the summary (first sentence or paragraph, up to the cap) and the closing line.
    let head = f;
    while (head < last && head - f < this.limits.docHeadLines) {
      const line = this.view.code(head);
      if (head > f && line.trim() === "") break;
      head++;
      if (endsSentence(line)) break;
    }
    const text = this.view.text.slice(this.view.lineStart(head), this.view.lineEnd(last - 1));
    if (last - head >= this.limits.minTailLines && !hasMarker(text)) {
      doc.cutTokens = estimateTokens(text);
      if (doc.cutTokens >= this.limits.minPartTokens) {
        doc.cutFrom = head;
        doc.cutTo = last - 1;
      }
    }
    return doc;
  }

  /** Elides a long docstring's middle (a line inside the docstring stands in for it). */
  private trimDocstring(doc: Docstring | null): void {
    if (doc === null || doc.cutFrom > doc.cutTo) return;
    const indent = this.view.code(doc.first).slice(0, Math.max(0, this.scan.indent[doc.first]));
    this.elisions.push({
      first: doc.cutFrom,
      last: doc.cutTo,
      tokens: doc.cutTokens,
      what: "rest of docstring",
      inline: false,
      from: doc.cutFrom,
      to: doc.cutTo,
      lead: indent,
      placeholder: "…",
      alsoFrom: -1,
      alsoTo: -1,
    });
    this.covered.fill(1, doc.cutFrom, doc.cutTo + 1);
  }

  /** Elides the body [from, to] of def `name` (after its docstring, with its docstring's rest) when it is long enough. */
  private elideBody(name: string, from: number, to: number, doc: Docstring | null): boolean {
    const start = doc === null ? from : doc.last + 1;
    if (to < start) return false;
    const text = this.view.text.slice(this.view.lineStart(start), this.view.lineEnd(to));
    let lines = 0;
    for (let k = start; k <= to; k++) if (this.scan.kind[k] !== LineKind.Blank) lines++;
    if (lines < this.limits.minBodyLines || hasMarker(text)) return false;
    const tokens = estimateTokens(text);
    if (tokens < this.limits.minPartTokens) return false;
    const isDocCut = doc !== null && doc.cutFrom <= doc.cutTo;
    this.elisions.push({
      first: isDocCut ? doc.cutFrom : start,
      last: to,
      tokens: tokens + (isDocCut ? doc.cutTokens : 0),
      what: isDocCut ? `docstring rest and body of ${name}` : `body of ${name}`,
      inline: false,
      from: start,
      to,
      lead: this.bodyIndent(start, to, doc),
      placeholder: "...",
      alsoFrom: isDocCut ? doc.cutFrom : -1,
      alsoTo: isDocCut ? doc.cutTo : -1,
    });
    this.covered.fill(1, isDocCut ? doc.cutFrom : start, to + 1);
    return true;
  }

  /** Indentation of the body's first statement, for the marker line. */
  private bodyIndent(from: number, to: number, doc: Docstring | null): string {
    const s = this.scan;
    let k = doc !== null ? doc.first : from;
    while (k <= to && s.kind[k] !== LineKind.Code) k++;
    if (k > to) k = from;
    return this.view.code(k).slice(0, Math.max(0, s.indent[k]));
  }
}

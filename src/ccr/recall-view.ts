/**
 * Targeted recall: the part of an original a marker hides, not the whole.
 *
 * A selector asks for line ranges (`120-180`, `L120-180,L300-310`, as a
 * marker names them), for the lines matching a text (with `context` lines
 * around them, numbered like `grep -n`), or for the value at a JSON path
 * (`$.items[20:30]`). A token bound cuts the answer at a line boundary and
 * says how to ask for the rest. Everything here reads a model's arguments,
 * so every input is bounded and every scan is linear.
 */
import { estimateTokens } from "../kernels/tokens.js";
import { decodeWtf8 } from "./wtf8.js";

/** What part of an original to return. All optional; none at all means the whole original. */
export interface RecallSelector {
  /** 1-based line ranges of the original: `120-180`, `7`, `L12-40,L88-90`. */
  lines?: string;
  /** Lines holding this text (case-insensitive; `a|b` for either), numbered, with `context` lines around them. */
  grep?: string;
  /** Lines of context before and after each `grep` match (default 0, at most 20). */
  context?: number;
  /** A JSON path into the original document: `$.items[20:30]`, `$['a%20b'].c`. */
  path?: string;
  /** The most tokens the answer may hold; past it the answer is cut at a line end and says how to go on. */
  maxTokens?: number;
}

/** The selected part. */
export interface RecallView {
  content: string;
  /** What was selected, in the selector's own terms (`lines 120-180`, `grep "timeout"`, `$.items[2:4]`). */
  range?: string;
  /** Whether `maxTokens` cut the answer. */
  truncated: boolean;
  /** When cut: the `lines` selector that asks for what follows. */
  next?: string;
  /** When cut: a few lines of the rest that stand out (errors, headers), numbered, to choose what to ask for. */
  outline?: string[];
}

/** Why a selector cannot be answered: a sentence for the model. */
export interface RecallViewError {
  error: string;
}

const MAX_SELECTOR_CHARS = 4096;
const MAX_RANGES = 64;
const MAX_CONTEXT = 20;
const MAX_GREP_HITS = 2000;
const MAX_OUTLINE = 12;
const OUTLINE_CHARS = 120;
/** Lines of the rest that an outline shows: errors, failures, file and commit headers, headings. */
const LANDMARK_RE =
  /\b(?:error|errors|fail|failed|failure|fatal|panic|exception|warning)\b|^(?:diff --git |commit [0-9a-f]{7}|#{1,6} |={3,}|-{3,} )/i;

/** The part of `original` that `selector` asks for, or why it cannot be given. */
export function viewOf(original: string, selector: RecallSelector): RecallView | RecallViewError {
  const chosen = [selector.lines, selector.grep, selector.path].filter((s) => s !== undefined).length;
  if (chosen > 1) return { error: "pithy: ask for one of lines, grep or path at a time." };
  let view: RecallView | RecallViewError;
  if (selector.lines !== undefined) view = linesView(original, selector.lines);
  else if (selector.grep !== undefined) view = grepView(original, selector.grep, selector.context ?? 0);
  else if (selector.path !== undefined) view = pathView(original, selector.path);
  else view = { content: original, truncated: false };
  if ("error" in view || selector.maxTokens === undefined) return view;
  return bounded(original, view, selector.maxTokens);
}

/** Line starts of `text` (one more entry than lines: the end). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  if (starts[starts.length - 1] !== text.length) starts.push(text.length);
  return starts;
}

/** Parses `12-40,L88` into 1-based inclusive ranges, or says what is wrong. */
export function parseLineRanges(spec: string): [number, number][] | string {
  if (typeof spec !== "string" || spec.length === 0 || spec.length > MAX_SELECTOR_CHARS)
    return "an empty or overlong range";
  const ranges: [number, number][] = [];
  for (const part of spec.split(",")) {
    const m = /^\s*L?(\d{1,9})(?:\s*-\s*L?(\d{1,9}))?\s*$/i.exec(part);
    if (m === null) return `"${part.trim().slice(0, 40)}" is not a line range (write 120-180)`;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to < from) return `"${part.trim()}" is not a line range (lines count from 1, low to high)`;
    ranges.push([from, to]);
    if (ranges.length > MAX_RANGES) return `more than ${MAX_RANGES} ranges`;
  }
  return ranges;
}

/** Exactly lines `spec` of the original, with their line endings: splicing them in for the marker gives the original back. */
function linesView(original: string, spec: string): RecallView | RecallViewError {
  const ranges = parseLineRanges(spec);
  if (typeof ranges === "string") return { error: `pithy: ${ranges}.` };
  const starts = lineStarts(original);
  const count = starts.length - 1;
  const parts: string[] = [];
  const names: string[] = [];
  for (const [from, to] of ranges) {
    if (from > count) return { error: `pithy: the original has ${count} lines; line ${from} is past its end.` };
    const end = Math.min(to, count);
    parts.push(original.slice(starts[from - 1], starts[end]));
    names.push(from === end ? `${from}` : `${from}-${end}`);
  }
  return { content: parts.join(""), range: `lines ${names.join(",")}`, truncated: false };
}

/** The literal, case-folded alternatives of a grep text (`a|b`). */
function alternatives(pattern: string): string[] | string {
  if (typeof pattern !== "string" || pattern.length > 200) return "a grep text of 1 to 200 characters";
  const alts = pattern
    .split("|")
    .map((a) => a.trim().toLowerCase())
    .filter((a) => a.length > 0);
  return alts.length === 0 ? "a grep text of 1 to 200 characters" : alts;
}

/** Lines holding the text, numbered like `grep -n` (`12:` a match, `13-` context), groups parted by `--`. */
function grepView(original: string, pattern: string, context: number): RecallView | RecallViewError {
  const alts = alternatives(pattern);
  if (typeof alts === "string") return { error: `pithy: ${alts}.` };
  const around = Math.max(0, Math.min(MAX_CONTEXT, Math.floor(Number(context) || 0)));
  const starts = lineStarts(original);
  const count = starts.length - 1;
  const line = (i: number) => original.slice(starts[i], starts[i + 1]).replace(/\r?\n$/, "");
  const hits: number[] = [];
  for (let i = 0; i < count && hits.length < MAX_GREP_HITS; i++) {
    const text = line(i).toLowerCase();
    if (alts.some((a) => text.includes(a))) hits.push(i);
  }
  const range = `grep ${JSON.stringify(pattern)}`;
  if (hits.length === 0)
    return { content: `pithy: no line of the original holds ${JSON.stringify(pattern)}.`, range, truncated: false };
  const out: string[] = [];
  let shownTo = -1;
  for (const hit of hits) {
    const from = Math.max(hit - around, shownTo + 1);
    if (shownTo >= 0 && from > shownTo + 1) out.push("--");
    for (let i = from; i <= Math.min(count - 1, hit + around); i++) {
      if (i <= shownTo) continue;
      out.push(`${i + 1}${hits.includes(i) ? ":" : "-"}${line(i)}`);
      shownTo = i;
    }
  }
  if (hits.length === MAX_GREP_HITS) out.push(`pithy: stopped after ${MAX_GREP_HITS} matching lines.`);
  return { content: `${out.join("\n")}\n`, range, truncated: false };
}

/** One step of a JSON path: an object key, an array index, or an array slice. */
type PathStep = { key: string } | { index: number } | { slice: [number, number] };

/** Parses `$.a['b%20c'][3][2:5]`, or says what is wrong. */
export function parseJsonPath(path: string): PathStep[] | string {
  if (typeof path !== "string" || !path.startsWith("$") || path.length > MAX_SELECTOR_CHARS) {
    return 'a JSON path starting with "$"';
  }
  const steps: PathStep[] = [];
  const re = /\.([A-Za-z_$][\w$-]*)|\[(\d{1,9})\]|\[(\d{1,9}):(\d{1,9})\]|\['([^'\]]*)'\]|\["((?:[^"\\]|\\.)*)"\]/y;
  re.lastIndex = 1;
  while (re.lastIndex < path.length) {
    const at = re.lastIndex;
    const m = re.exec(path);
    if (m === null) return `cannot read the path at "${path.slice(at, at + 20)}"`;
    if (m[1] !== undefined) steps.push({ key: m[1] });
    else if (m[2] !== undefined) steps.push({ index: Number(m[2]) });
    else if (m[3] !== undefined) steps.push({ slice: [Number(m[3]), Number(m[4])] });
    else if (m[5] !== undefined) {
      try {
        steps.push({ key: decodePercent(m[5]) });
      } catch {
        return `"${m[5].slice(0, 40)}" is not a percent-encoded key`;
      }
    } else {
      try {
        steps.push({ key: JSON.parse(`"${m[6]}"`) as string });
      } catch {
        return `"${m[6].slice(0, 40)}" is not a JSON string key`;
      }
    }
  }
  return steps;
}

/** Percent-decoding of WTF-8 bytes (ccr/marker.ts pathKey), lone surrogates included. */
function decodePercent(text: string): string {
  if (!text.includes("%")) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 37 /* % */) {
      const byte = Number.parseInt(text.slice(i + 1, i + 3), 16);
      if (!/^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) throw new Error("bad escape");
      bytes.push(byte);
      i += 2;
    } else bytes.push(...new TextEncoder().encode(text[i]));
  }
  return decodeWtf8(new Uint8Array(bytes));
}

/** The value at `path` in the original JSON, written as the original is (indented or compact). */
function pathView(original: string, path: string): RecallView | RecallViewError {
  const steps = parseJsonPath(path);
  if (typeof steps === "string") return { error: `pithy: ${steps}.` };
  let value: unknown;
  try {
    value = JSON.parse(original);
  } catch {
    return { error: "pithy: the original is not JSON, so a path cannot select in it; ask for lines or grep." };
  }
  for (const step of steps) {
    if ("key" in step) {
      if (value === null || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, step.key)) {
        return { error: `pithy: the original has nothing at ${path} (no key ${JSON.stringify(step.key)}).` };
      }
      value = (value as Record<string, unknown>)[step.key];
    } else if ("slice" in step && value !== null && typeof value === "object" && !Array.isArray(value)) {
      // An object's entries by position (a marker for a map's middle keys names them so).
      value = Object.fromEntries(Object.entries(value).slice(step.slice[0], step.slice[1]));
    } else if (!Array.isArray(value)) {
      return { error: `pithy: the original has nothing at ${path} (not an array there).` };
    } else if ("index" in step) {
      if (step.index >= value.length) return { error: `pithy: ${path}: the array has ${value.length} items.` };
      value = value[step.index];
    } else {
      value = value.slice(step.slice[0], step.slice[1]);
    }
  }
  const indent = original.includes("\n") ? 2 : undefined;
  return { content: `${JSON.stringify(value, null, indent)}\n`, range: path, truncated: false };
}

/**
 * Share of a recall's token bound the shown lines of a cut answer may take:
 * the rest is for the note that says what follows, its outline (up to a
 * dozen lines), and the estimate's error against a real tokenizer, so a cut
 * answer stays within the bound in o200k tokens too (bench/net-savings.mjs
 * measures it). A view within the bound comes back whole, with no note.
 */
const CUT_CONTENT_SHARE = 0.75;

/** `view` cut to `maxTokens` at a line end, saying which lines follow and what stands out in them. */
function bounded(original: string, view: RecallView, maxTokens: number): RecallView {
  if (estimateTokens(view.content) <= Math.max(1, Math.floor(maxTokens))) return view;
  const budget = Math.max(1, Math.floor(maxTokens * CUT_CONTENT_SHARE));
  const starts = lineStarts(view.content);
  let lo = 0;
  let hi = starts.length - 1;
  // The most whole lines within the budget (at least one line, cut if it alone is too long).
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (estimateTokens(view.content.slice(0, starts[mid])) <= budget) lo = mid;
    else hi = mid - 1;
  }
  const shown = Math.max(1, lo);
  let content = view.content.slice(0, starts[shown]);
  if (lo === 0) content = content.slice(0, Math.max(1, budget * 3));
  const cut: RecallView = { ...view, content, truncated: true };
  // Where the shown part ends in the original, when the view is lines of it.
  const firstLine = view.range?.startsWith("lines ")
    ? Number(/^lines (\d+)/.exec(view.range)![1])
    : view.range === undefined
      ? 1
      : null;
  if (firstLine !== null && !view.range?.includes(",")) {
    const total = lineStarts(original).length - 1;
    const nextLine = firstLine + shown;
    const lastAsked = view.range === undefined ? total : Number(/(?<!\d)(\d+)$/.exec(view.range)![1]);
    if (nextLine <= lastAsked) {
      cut.next = `${nextLine}-${Math.min(lastAsked, nextLine + shown - 1)}`;
      cut.outline = outline(view.content, starts, shown, firstLine);
    }
  }
  return cut;
}

/** Up to a dozen lines of the unshown rest that stand out, numbered in the original. */
function outline(content: string, starts: number[], from: number, firstLine: number): string[] {
  const found: string[] = [];
  for (let i = from; i < starts.length - 1 && found.length < MAX_OUTLINE; i++) {
    const line = content.slice(starts[i], starts[i + 1]).replace(/\r?\n$/, "");
    if (LANDMARK_RE.test(line.slice(0, 400))) found.push(`${firstLine + i}: ${line.slice(0, OUTLINE_CHARS)}`);
  }
  return found;
}

import type { LineIndex } from "../../kernels/lines.js";
import { keptLinesOutput } from "../kept-lines.js";
import { scaled, type CompressorInput, type CompressorOutput } from "../types.js";

/**
 * A JUnit XML test report, one element a line as vitest, jest-junit and
 * Maven Surefire print it: `<testsuites>`, then per file a `<testsuite>`
 * holding its `<testcase>` elements.
 *
 * Its outline is the totals of `<testsuites>`, every `<testsuite>` line
 * (file, counts of tests, failures, errors, skipped) and every test case
 * that failed, erred or was skipped, whole with its message and text.
 * What goes is the passing cases' markup: a run of passing cases in one
 * suite keeps its first whole, and one note line names the rest by their
 * `name` attributes (as printed, entities and all), with their lines to
 * recall; their `classname` repeats the suite and their `time` is noise.
 * Markdown extraction is no reading of a report: before this, a passing
 * report routed as prose came out as one marker, every suite gone.
 */

/** Base caps at the default profile; `input.scale` multiplies them. */
const CAPS = {
  /** Passing cases kept whole at the head of each run. */
  perRun: 1,
} as const;
/** Runs this short beyond their head are shown as their lines: a note would cost as much. */
const SHORT_RUN = 1;
/** Fewest test cases worth outlining. */
const MIN_CASES = 4;

/** One `<testcase>` element: its lines (half-open), its name, whether it passed. */
interface TestCase {
  from: number;
  to: number;
  name: string;
  isPassing: boolean;
}

/** Whether the text opens as a JUnit report (`<testsuites`, `<testsuite`, maybe after `<?xml …?>`). */
export function isJunitHead(head: string): boolean {
  let at = 0;
  if (head.startsWith("<?xml")) {
    const end = head.indexOf("?>");
    if (end < 0) return false;
    at = end + 2;
  }
  while (at < head.length && head.charCodeAt(at) <= 32) at++;
  return head.startsWith("<testsuites", at) || head.startsWith("<testsuite ", at) || head.startsWith("<testsuite>", at);
}

/** The value of attribute `name` in a start tag's line, as printed, or "". */
function nameAttribute(line: string): string {
  const at = line.indexOf(' name="');
  if (at < 0) return "";
  const end = line.indexOf('"', at + 7);
  return end < 0 ? "" : line.slice(at + 7, end);
}

/**
 * The test cases of a report printed one element a line, or null when the
 * text is none (a report on one line, as pytest writes it, has no lines to
 * keep).
 */
export function parseJunit(lines: LineIndex): TestCase[] | null {
  const cases: TestCase[] = [];
  let open: TestCase | null = null;
  for (let i = 0; i < lines.count; i++) {
    const line = lines.line(i).trimStart();
    if (open === null) {
      if (!line.startsWith("<testcase")) continue;
      const name = nameAttribute(line);
      if (line.endsWith("/>")) {
        cases.push({ from: i, to: i + 1, name, isPassing: true });
        continue;
      }
      // A case closed on its own line: `<testcase …>` then `</testcase>`; one closed on the same line passes too.
      open = { from: i, to: i + 1, name, isPassing: true };
      if (line.endsWith("</testcase>")) {
        open.isPassing = !line.includes("<failure") && !line.includes("<error") && !line.includes("<skipped");
        cases.push(open);
        open = null;
      }
      continue;
    }
    if (line.startsWith("<failure") || line.startsWith("<error") || line.startsWith("<skipped")) open.isPassing = false;
    if (line.startsWith("</testcase>")) {
      open.to = i + 1;
      cases.push(open);
      open = null;
    } else if (line.startsWith("<testcase") || line.startsWith("</testsuite")) return null;
  }
  return open === null && cases.length >= MIN_CASES ? cases : null;
}

/** The outline of a JUnit report, or null when the text is none or nothing would be cut. */
export function compressJunit(input: CompressorInput): CompressorOutput | null {
  if (!isJunitHead(input.text.slice(0, 512))) return null;
  const { lines } = input;
  const cases = parseJunit(lines);
  if (cases === null) return null;
  const perRun = scaled(CAPS.perRun, input.scale);
  // Runs of passing cases next to each other (no suite line between them).
  const runs: TestCase[][] = [];
  for (const c of cases) {
    if (!c.isPassing) continue;
    const last = runs[runs.length - 1];
    if (last !== undefined && last[last.length - 1].to === c.from) last.push(c);
    else runs.push([c]);
  }
  const out: string[] = [];
  const origin: number[] = [];
  let next = 0;
  let cut = 0;
  for (const run of runs) {
    const rest = run.slice(perRun);
    if (rest.length <= SHORT_RUN) continue;
    for (; next < rest[0].from; next++) {
      out.push(lines.line(next));
      origin.push(next);
    }
    if (cut === 0) {
      out.push(input.marker(NOTE_SUMMARY));
      origin.push(-1);
    }
    const from = rest[0].from;
    const to = rest[rest.length - 1].to - 1;
    const indent = lines.line(from).slice(0, lines.line(from).length - lines.line(from).trimStart().length);
    const names = rest.map((c) => c.name).join(" | ");
    out.push(`${indent}… ${rest.length} of ${run.length} passing testcases L${from + 1}-${to + 1}: ${names}`);
    origin.push(-1);
    cut += rest.length;
    next = to + 1;
  }
  if (cut === 0) return null;
  let end = lines.count;
  if (end > 0 && lines.line(end - 1) === "") end--;
  for (; next < end; next++) {
    out.push(lines.line(next));
    origin.push(next);
  }
  return keptLinesOutput(input.text, out, origin, { testcases: cases.length, passingCut: cut });
}

const NOTE_SUMMARY = `passing testcases cut; each "…" note names them (their name attributes, " | " between) and their lines`;

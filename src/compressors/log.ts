/**
 * The log compressor: build, test, install and service logs.
 *
 * What the agent needs stays in the output itself, byte for byte and in
 * order: every error, fatal and panic line with a few lines around it
 * (repeats of the very same error beyond a few are counted instead), stack
 * traces whole (a repeated stack keeps its first line), one line per warning
 * category, failed/pending/skipped tests, and every test or build summary.
 * Everything else is routine: lines are clustered into templates across the
 * whole log (numbers, ids, hashes, IPs, paths, timestamps masked) and each
 * template shows its first line, so every distinct kind of event is seen once
 * (up to 40 templates at the default profile; anomalies such as "quota
 * exceeded" count as warnings and are shown whatever the cap).
 *
 * A failed test's error of a kind shown three times already (its quoted
 * names aside: pytest's `AttributeError: 'TestX' object has no attribute
 * 'y'` for every test of a mixin) keeps its name and error line; the
 * excerpt between them goes behind a shared marker (log/error-shapes.ts).
 *
 * In a long list of compiler diagnostics every head stays; a code frame
 * under one shows once per kind of diagnostic (log/code-frames.ts), and a
 * diagnostic printed again byte for byte shows once (log/same-diagnostics.ts).
 *
 * The rest goes behind markers, one per omitted run, each saying what it
 * hides ("312 INFO lines omitted", "41 lines like `npm http fetch GET 200
 * <url> <n>ms`"). A run cheaper than its marker is kept instead. Marker lines
 * already in the input are kept as they are, so compressing the output again
 * finds nothing more to drop.
 *
 * Classification looks through ANSI colour codes and CR redraws
 * (log/visible.ts); every per-line step is a bounded linear scan.
 */

import { isMarkerAt, MAX_MARKER_RANGES } from "../ccr/marker.js";
import type { LineIndex } from "../kernels/lines.js";
import { estimateTokens } from "../kernels/tokens.js";
import { scaled, type Compressor, type CompressorInput, type CompressorOutput } from "./types.js";
import { LINE_MAY_HAVE_LEVEL, LINE_MAY_NAME_ANOMALY, lineHints } from "./log/line-hints.js";
import { maskLines } from "./log/masked-lines.js";
import { accessLogStatus, isAnomaly, Severity, severityOf, severityOfHinted } from "./log/levels.js";
import { Omission, OmittedRun } from "./log/omissions.js";
import { TestLine, testLineKind } from "./log/summaries.js";
import { ValueDiffReader } from "./log/value-diffs.js";
import {
  Outline,
  groupedFileHeads,
  hasMessageBelow,
  isFrameNamingError,
  outlineKind,
  passingGroup,
} from "./log/outline.js";
import { lightKey, TemplateMiner } from "./log/templates.js";
import { errorShape } from "./log/error-shapes.js";
import { scanTraces, TraceRole } from "./log/traces.js";
import { eventFields, eventKind, opensRun } from "./log/event-kinds.js";
import { isStampedRecord } from "./log/stamps.js";
import { conclusionEvents } from "./log/analyzer-events.js";
import {
  type DiagnosticGroups,
  type DiagnosticParts,
  groupDiagnostics,
  groupLine,
  isGroupLine,
} from "./log/diagnostic-groups.js";
import { visibleText } from "./log/visible.js";
import { codeFrames, FrameRole } from "./log/code-frames.js";
import { sameDiagnostics } from "./log/same-diagnostics.js";
import { isCarpCaller, isPerlMessage } from "./log/perl-messages.js";
import { massifPeak } from "./log/massif-peak.js";
import { makeConclusions } from "./log/make-debug.js";
import { alternativesEvents } from "./log/alternatives-log.js";
import { callgrindHotRows, importTimeOutline, timeReportRows } from "./log/profile-reports.js";
import { ctestBlocks } from "./log/ctest-log.js";
import { scriptOutput } from "./log/shell-trace.js";
import { fetchEvents, tarballOutline } from "./log/npm-notice.js";
import { classLoadOutline } from "./log/class-loads.js";
import { lddOutline, loaderOutline } from "./log/loader-debug.js";
import { straceMinorRows, straceOutline } from "./log/strace-calls.js";
import { includeSearch } from "./log/gcc-verbose.js";
import { pythonImports } from "./log/python-verbose.js";
import { enteredRegions } from "./log/git-trace2.js";

/** Caps at the default profile; each is multiplied by `input.scale`. */
const CAPS = {
  /** Lines kept before and after an error or a failed test. */
  contextBefore: 2,
  contextAfter: 2,
  /** Copies kept of one and the same error (digits aside). */
  sameError: 3,
  /** Routine templates shown by their first line. */
  templates: 40,
  /** Of which, at most, templates of records (lines opening an event: not indented, not a closing bracket). */
  recordTemplates: 80,
  /**
   * Further events shown by one real instance: records of a template already
   * shown that differ from it in a literal word, the rarest first.
   */
  events: 5,
  /**
   * A kind of timestamped record (first word and length) seen at most this many
   * times is rare: each of its distinct records (digits aside) is shown.
   */
  rareKind: 8,
  /** Records shown per kind of event (and run) for its distinct word fields (`cmd=get`, `cmd=set`…). */
  fieldKinds: 40,
  /** Timestamped lines of a mostly untimed log kept as its landmarks (sessions' starts and ends). */
  landmarks: 200,
  /** Lines of one trace segment kept before its middle is dropped. */
  segmentLines: 150,
  /** Output lines kept of each failed test in ctest's LastTest.log. */
  failedOutput: 20,
  /** Hot rows kept of each callgrind_annotate function table. */
  hotRows: 30,
  /** Imports kept by their own cost and by their cumulative cost in `-X importtime` output. */
  costliest: 10,
  /** Lines a traced shell script printed (`bash -x`), kept among its trace. */
  scriptOutput: 100,
  /** Largest files of a tarball npm packs, kept among its notices. */
  largestFiles: 10,
  /** Distinct URLs an npm install fetched up to which each fetch is an event of its own. */
  fetches: 10,
  /** Modules of a `python -v` run shown by their import line. */
  imports: 300,
};

/** Omitted runs of at most this many lines may share a marker with their neighbours. */
const GROUP_RUN_LINES = 16;
/** Most kept lines between a group's first range and its marker. */
const GROUP_SPAN = 40;
/** A log is mostly untimed when fewer than one line in this many has a timestamp. */
const LANDMARK_SHARE = 10;
/** Longest run (in characters) worth pricing against its marker: a marker is some 35 tokens, 150 characters. */
const CHEAP_RUN_CHARS = 400;

/** Compresses logs: errors, traces, warnings and summaries kept; routine lines by template. */
export const logCompressor: Compressor = {
  name: "log",
  // Errors propagate: the pipeline fails open and counts them per strategy.
  compress: compressLog,
};

/**
 * The log compressor's work without the fail-open guard of {@link logCompressor}:
 * tests call it so that an exception shows instead of becoming a null.
 */
export function compressLog(input: CompressorInput): CompressorOutput | null {
  if (!input.canDrop || input.lines.count < 3) return null;
  const { lines, scale } = input;
  const n = lines.count;
  const visible: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) visible[i] = visibleText(lines.line(i));

  const traces = scanTraces(visible, scaled(CAPS.segmentLines, scale, 10));
  // Each line's outline kind, read once: the diagnostic groups, the code frames and the copies all ask for heads,
  // and the sorting pass for every kind.
  const outlines = new Uint8Array(n);
  const heads = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    outlines[i] = outlineKind(visible[i]);
    if (outlines[i] === Outline.Diagnostic) heads[i] = 1;
  }
  const fileHeads = groupedFileHeads(visible);
  for (let i = 0; i < n; i++) if (fileHeads[i] === 1) heads[i] = 1;
  const isHead = (i: number): boolean => heads[i] === 1;
  const groups = groupDiagnostics(visible, isHead, scale < 1);
  const frames = codeFrames(visible, isHead);
  const same = sameDiagnostics(visible, isHead);
  const pass = new LineSorter(input, traces.roles, groups, frames, same, fileHeads, outlines);
  for (let i = 0; i < n; i++) pass.sort(i, visible[i]);
  pass.closePassingRun();
  // A head whose place is on the line below is one diagnostic in two lines: a kept head keeps its place.
  for (let i = 0; i < n; i++) if (groups.placeOf[i] >= 0 && pass.keep[i] === 1) pass.keep[groups.placeOf[i]] = 1;

  const { keep, why, firsts } = pass;
  frameShapeRepeats(pass.shapeRepeats, keep, why, visible);
  keepContext(pass.anchors, keep, why, scaled(CAPS.contextBefore, scale, 0), scaled(CAPS.contextAfter, scale, 0));
  for (const i of conclusionEvents(visible)) keep[i] = 1;
  for (const i of makeConclusions(visible)) keep[i] = 1;
  for (const i of alternativesEvents(visible)) keep[i] = 1;
  const ctest = ctestBlocks(visible, scaled(CAPS.failedOutput, scale, 1));
  for (const i of ctest.failed) keep[i] = 1;
  for (const i of callgrindHotRows(visible, scaled(CAPS.hotRows, scale, 1))) keep[i] = 1;
  for (const i of importTimeOutline(visible, scaled(CAPS.costliest, scale, 1))) keep[i] = 1;
  for (const i of timeReportRows(visible)) keep[i] = 1;
  for (const i of scriptOutput(visible, scaled(CAPS.scriptOutput, scale, 1))) keep[i] = 1;
  for (const i of tarballOutline(visible, scaled(CAPS.largestFiles, scale, 1))) keep[i] = 1;
  for (const i of fetchEvents(visible, scaled(CAPS.fetches, scale, 1))) keep[i] = 1;
  // Program traces whose events differ in what they name, which templates mask (a class, a library, a file).
  for (const i of classLoadOutline(visible)) keep[i] = 1;
  for (const i of loaderOutline(visible)) keep[i] = 1;
  for (const i of lddOutline(visible)) keep[i] = 1;
  for (const i of straceOutline(visible)) keep[i] = 1;
  for (const i of includeSearch(visible)) keep[i] = 1;
  for (const i of pythonImports(visible, scaled(CAPS.imports, scale, 1))) keep[i] = 1;
  // Records (lines that open an event) before continuations (the indented lines of an
  // object a debug log dumps): the distinct events are the outline, the dump is detail.
  let budget = scaled(CAPS.templates, scale);
  let records = scaled(CAPS.recordTemplates, scale);
  // A passing test inside its group's run is no event of its own: the run's first and last name it.
  for (const i of firsts) {
    if (keep[i] === 1 || pass.passed[i] === 1 || why[i] !== Omission.Routine || !opensRecord(visible, i)) continue;
    if (records <= 0) break;
    keep[i] = 1;
    records--;
    if (budget > 0) budget--;
  }
  for (const i of firsts) {
    if (keep[i] === 1 || pass.passed[i] === 1 || why[i] !== Omission.Routine || opensRecord(visible, i)) continue;
    if (budget <= 0) break;
    keep[i] = 1;
    budget--;
  }
  keepLastRecord(visible, keep, why);
  keepTemplateEnds(pass, keep, visible);
  // massif's peak snapshot and its allocation tree: what the report is read for (log/massif-peak.ts).
  const peak = massifPeak(visible);
  if (peak !== null) keep.fill(1, peak[0], peak[1]);
  keepLandmarks(pass, keep, visible, scaled(CAPS.landmarks, scale), scaled(CAPS.contextBefore, scale, 0));
  // A group of repeated errors shows its first copies and its last: where it began and where it stopped.
  for (const i of pass.lastRepeat.values()) keep[i] = 1;
  keepDistinctEvents(pass, keep, visible, scaled(CAPS.events, scale));
  keepEventKinds(pass, keep, visible, scaled(CAPS.rareKind, scale, 1), scaled(CAPS.fieldKinds, scale, 1));
  keepTraceRecords(traces.roles, pass, keep, visible);
  // A passing ctest's block is routine whole: its stamped lines are no event (log/ctest-log.ts).
  for (const [from, to] of ctest.passed) {
    for (let k = from; k < to; k++) {
      if ((why[k] === Omission.Routine && pass.cluster[k] >= 0) || why[k] === Omission.Blank) keep[k] = 0;
    }
  }
  // strace -c's rows of little time and no errors are its detail (log/strace-calls.ts);
  // so is a git trace2 region's enter row when its leave row follows (log/git-trace2.ts).
  for (const k of straceMinorRows(visible)) if (why[k] === Omission.Routine && pass.cluster[k] >= 0) keep[k] = 0;
  for (const k of enteredRegions(visible)) if (why[k] === Omission.Routine && pass.cluster[k] >= 0) keep[k] = 0;
  const { cluster, level, miner, errors, warnings, diagnostics } = pass;
  keepCheapRuns(input, keep, { why, cluster, level, miner, groups });
  return render(input, {
    keep,
    why,
    cluster,
    level,
    miner,
    errors,
    warnings,
    diagnostics,
    traces: traces.traces,
    groups,
  });
}

/**
 * The classifying pass: decides for each line whether it stays (errors,
 * traces, summaries, the first of each warning category) or why it may go
 * (routine, of which template; a repeat), and which lines anchor context.
 */
class LineSorter {
  readonly keep: Uint8Array;
  readonly why: Uint8Array;
  readonly cluster: Int32Array;
  readonly level: string[];
  /** 1 for a passing test inside a run of its group: the run's first and last name the group. */
  readonly passed: Uint8Array;
  /** Lines whose neighbours are kept as context: errors and failed tests. */
  readonly anchors: number[] = [];
  /** The first line of each routine template, in log order. */
  readonly firsts: number[] = [];
  /** The first line of each distinct routine event (its masked tokens), in log order, and its event. */
  readonly eventFirsts: number[] = [];
  readonly eventOf: number[] = [];
  /** Lines per distinct event. */
  readonly eventCounts = new Map<number, number>();
  readonly miner: TemplateMiner;
  errors = 0;
  warnings = 0;
  diagnostics = 0;
  /** The group of the passing-test run being read, and its last line (-1: none). */
  private passGroup: string | null = null;
  private passLast = -1;
  /** The nested suite heading the run being read went on over last (-1: none). */
  private passHeading = -1;
  /** For a TAP run, its assertions' indentation (-1: not a TAP run). */
  private passIndent = -1;
  /** A diagnostic head whose message is on the next non-blank line (biome) was just seen. */
  private messageBelow = false;
  private readonly valueDiffs = new ValueDiffReader();
  /** The perl message whose Carp caller lines are being read (log/perl-messages.ts), or -1. */
  private perlMessage = -1;
  private readonly errorCounts = new Map<string, number>();
  /** Errors seen per shape (log/error-shapes.ts): past the cap, a new one no longer anchors context. */
  private readonly shapeCounts = new Map<string, number>();
  /** Errors of a shape shown `sameError` times already: the excerpt above each is a code frame of its kind. */
  readonly shapeRepeats: number[] = [];
  /** The last copy of each error repeated past the cap. */
  readonly lastRepeat = new Map<string, number>();
  private readonly warningHeads = new Set<string>();
  private readonly sameError: number;
  private readonly hints: Uint8Array;

  constructor(
    private readonly input: CompressorInput,
    private readonly roles: Uint8Array,
    private readonly groups: DiagnosticGroups,
    private readonly frames: Uint8Array,
    private readonly same: Uint8Array,
    /** The file headers of a grouped report (log/outline.ts `groupedFileHeads`): outline. */
    private readonly fileHeads: Uint8Array,
    /** Each line's {@link outlineKind}, read once by the caller. */
    private readonly outlines: Uint8Array,
  ) {
    const { lines, scale } = input;
    const n = lines.count;
    this.keep = new Uint8Array(n);
    this.why = new Uint8Array(n);
    this.cluster = new Int32Array(n).fill(-1);
    this.passed = new Uint8Array(n);
    this.level = new Array<string>(n).fill("");
    this.miner = new TemplateMiner(maskLines(lines));
    this.sameError = scaled(CAPS.sameError, scale);
    this.hints = lineHints(lines);
  }

  /** Sorts line `i`, whose visible text is `text`. */
  sort(i: number, text: string): void {
    // Every non-blank line is seen by the passing-test runs: a test name or a trace ends one.
    if (!isBlankText(text)) this.passing(i, text);
    const inValueDiff = this.valueDiffs.next(text);
    const role = this.roles[i];
    if (role !== TraceRole.None) {
      if (role === TraceRole.Kept) this.keep[i] = 1;
      else this.why[i] = Omission.RepeatedStack;
      return;
    }
    if (isBlankText(text)) {
      this.why[i] = Omission.Blank;
      this.perlMessage = -1;
      return;
    }
    // Carp's callers go with their message: shown under a shown one, counted with a hidden repeat.
    if (this.perlMessage >= 0 && isCarpCaller(text)) {
      if (this.keep[this.perlMessage] === 1) this.keep[i] = 1;
      else this.why[i] = Omission.RepeatedStack;
      return;
    }
    this.perlMessage = -1;
    // Each failed assertion's values stay, though a second failure's read like the first's template.
    if (inValueDiff || isMarkerLine(text) || isGroupLine(text)) {
      this.keep[i] = 1;
      return;
    }
    // A diagnostic printed again byte for byte, head and frame, says nothing its first copy does not.
    if (this.same[i] === 1) {
      this.why[i] = Omission.SameDiagnostic;
      if (this.outlines[i] === Outline.Diagnostic) this.diagnostics++;
      return;
    }
    // A code frame shows its kind's first place; the rest go behind markers (log/code-frames.ts).
    // A shown frame is read as any other line (forcing it in made a second pass drop it).
    if (this.frames[i] === FrameRole.Hidden && this.groups.listed[i] !== 1) {
      this.why[i] = Omission.CodeFrame;
      return;
    }
    // A repeated diagnostic (its head and frame) is listed by its place under its first instance.
    const first = this.groups.firstOf[i];
    if (first >= 0 && this.keep[first] === 1) {
      this.why[i] = this.groups.listed[i] === 1 ? Omission.RepeatedDiagnostic : Omission.RepeatedFrame;
      if (this.groups.places.has(i)) this.diagnostics++;
      return;
    }
    if (this.messageBelow) {
      this.messageBelow = false;
      this.keep[i] = 1;
      return;
    }
    if (this.fileHeads[i] === 1) {
      this.keep[i] = 1;
      return;
    }
    const outline = this.outlines[i];
    if (outline !== Outline.None) {
      this.keep[i] = 1;
      if (outline === Outline.Diagnostic) {
        this.diagnostics++;
        this.messageBelow = hasMessageBelow(text);
      }
      return;
    }
    if (isFrameNamingError(text)) {
      this.keep[i] = 1;
      return;
    }
    const test = testLineKind(text);
    if (test !== TestLine.None) {
      this.keep[i] = 1;
      if (test === TestLine.Outcome) this.anchors.push(i);
      return;
    }
    // Perl's warnings and dies carry their place, not a level word: each is read as an error.
    if (isPerlMessage(text)) {
      this.error(i, text, 0);
      this.perlMessage = i;
      return;
    }
    // A line shown as it stands in the text has its hints; others need the regexes.
    const raw = text.length === lineLength(this.input.lines, i);
    const lm = raw ? severityOfHinted(text, (this.hints[i] & LINE_MAY_HAVE_LEVEL) !== 0) : severityOf(text);
    this.level[i] = lm.word;
    if (lm.severity === Severity.Error) {
      this.error(i, text, lm.end);
      return;
    }
    const mayBeAnomaly = !raw || (this.hints[i] & LINE_MAY_NAME_ANOMALY) !== 0;
    if (lm.severity === Severity.Warning) {
      this.warning(i, categoryHead(text, lm.end));
      return;
    }
    if (mayBeAnomaly && isAnomaly(text)) {
      // An anomaly has no level word to head a category: each distinct one (digits aside) is its own
      // event ("denied execution of restart" and "… of start" are two).
      this.warning(i, `anomaly:${lightKey(text)}`);
      return;
    }
    const c = this.miner.assign(text, i);
    this.cluster[i] = c;
    this.why[i] = Omission.Routine;
    if (this.miner.clusters[c].first === i) this.firsts.push(i);
    const event = this.miner.lastEvent;
    const seen = this.eventCounts.get(event);
    if (seen === undefined) {
      this.eventCounts.set(event, 1);
      this.eventFirsts.push(i);
      this.eventOf.push(event);
    } else this.eventCounts.set(event, seen + 1);
  }

  /** An error stays, unless it is a repeat (digits aside) past the cap; it anchors context. */
  private error(i: number, text: string, levelEnd: number): void {
    this.errors++;
    const key = lightKey(text);
    const seen = (this.errorCounts.get(key) ?? 0) + 1;
    this.errorCounts.set(key, seen);
    // An access-log record explains itself: the requests around it are not its context.
    const explained = levelEnd === 0 && accessLogStatus(text) !== 0;
    // Past `sameError` errors of one shape (their quoted names aside), what stands above
    // each is no longer context but its excerpt, one kind's, shown by the first ones.
    let shapeSeen = false;
    if (!explained) {
      const shape = errorShape(text);
      const ofShape = (this.shapeCounts.get(shape) ?? 0) + 1;
      this.shapeCounts.set(shape, ofShape);
      shapeSeen = ofShape > this.sameError;
      if (shapeSeen) this.shapeRepeats.push(i);
    }
    if (seen > this.sameError) {
      // A repeat: counted in its marker under its template, its last copy shown at the end.
      this.why[i] = Omission.RepeatedError;
      this.cluster[i] = this.miner.assign(text, i);
      this.lastRepeat.set(key, i);
      return;
    }
    this.keep[i] = 1;
    // A repeat's context is its first copy's.
    if (seen === 1 && !explained && !shapeSeen) this.anchors.push(i);
  }

  /**
   * Passing tests: the first and last of each run of one group (file or suite)
   * stay, so every file of the run is named with where its tests began and
   * ended; the middle goes to routine templates and their markers.
   */
  private passing(i: number, text: string): void {
    const group = passingGroup(text);
    const follows = this.passLast === i - 1 || this.passHeading === i - 1;
    if (group !== null && group === this.passGroup && (follows || this.passIndent >= 0)) {
      this.passLast = i;
      this.passed[i] = 1;
      return;
    }
    // A TAP run goes on through its assertions' YAML blocks and `# Subtest:` lines, up to a line
    // less indented than its assertions (the parent's end) or a failure.
    if (group === null && this.passIndent >= 0 && indentOf(text) >= this.passIndent && !endsTapRun(text)) return;
    // A spec reporter's nested suite heading between passing tests (mocha's `    ai` over its
    // `      ✔ …` lines) goes on with the run: its sibling suites' tests come back at the same
    // indentation, and a failure or a less nested line ends it.
    if (group === null && this.passGroup !== null && isNestedSuiteHeading(text, this.passGroup)) {
      this.passed[i] = 1;
      this.passHeading = i;
      return;
    }
    this.closePassingRun();
    if (group === null) return;
    this.keep[i] = 1;
    this.passGroup = group;
    this.passLast = i;
    this.passIndent = group.startsWith("tap:") ? indentOf(text) : -1;
  }

  /** Keeps the last test of the run being read, if any (call once more after the last line). */
  closePassingRun(): void {
    if (this.passLast >= 0) this.keep[this.passLast] = 1;
    // The suite of the run's last test names it: its heading stays with it.
    if (this.passHeading >= 0 && this.passHeading < this.passLast) this.keep[this.passHeading] = 1;
    this.passGroup = null;
    this.passLast = -1;
    this.passHeading = -1;
    this.passIndent = -1;
  }

  /** The first warning of each category (`head`) stays. */
  private warning(i: number, head: string): void {
    this.warnings++;
    if (!this.warningHeads.has(head)) {
      this.warningHeads.add(head);
      this.keep[i] = 1;
    } else this.why[i] = Omission.RepeatedWarning;
  }
}

/** Keeps the routine lines around each anchor (errors, failed tests); repeats stay counted. */
function keepContext(
  anchors: readonly number[],
  keep: Uint8Array,
  why: Uint8Array,
  before: number,
  after: number,
): void {
  const n = keep.length;
  for (const a of anchors) {
    const from = Math.max(0, a - before);
    const to = Math.min(n - 1, a + after);
    for (let k = from; k <= to; k++) {
      if (why[k] === Omission.Routine || why[k] === Omission.Blank) keep[k] = 1;
    }
  }
}

/** Most lines above a repeated kind of error read as its excerpt: a frame or two, each with its source line and carets. */
const MAX_EXCERPT_LINES = 12;

/**
 * The routine lines between a failed test's name (pytest's `____ Test.test_x
 * ____`, a runner's outcome line) and an error of a kind shown `sameError`
 * times already (log/error-shapes.ts) are its excerpt: pytest's `file.py:10:
 * in test_x`, the source line and its carets. Each kind's first copies show
 * theirs as context; the rest share one marker as code frames do, where each
 * would have cost its own. Only a block the name opens and the error closes
 * is an excerpt (a blank line, a timestamped record or any other kept line
 * between them says it is not), so the output, whose block holds the name and
 * the error alone, has no excerpt left to hide.
 */
function frameShapeRepeats(
  repeats: readonly number[],
  keep: Uint8Array,
  why: Uint8Array,
  visible: readonly string[],
): void {
  for (const i of repeats) {
    let k = i - 1;
    while (k >= 0 && k >= i - MAX_EXCERPT_LINES && keep[k] === 0 && why[k] === Omission.Routine) {
      if (isStampedRecord(visible[k])) break;
      k--;
    }
    if (k < 0 || keep[k] === 0 || !namesFailedTest(visible[k])) continue;
    for (let e = k + 1; e < i; e++) why[e] = Omission.CodeFrame;
  }
}

/** Whether a kept line names a failed test: pytest's section header, a runner's outcome line. */
function namesFailedTest(text: string): boolean {
  return outlineKind(text) === Outline.TestName || testLineKind(text) === TestLine.Outcome;
}

/**
 * A template shown by its first record shows its last too: where its run
 * stopped (the last package npm fetched and added, the last line of a
 * program's report between its warnings). The middle is what a marker counts.
 * Passing tests have their own first and last per group, and timestamped
 * records their first and last per kind of event ({@link keepEventKinds}).
 */
function keepTemplateEnds(pass: LineSorter, keep: Uint8Array, visible: readonly string[]): void {
  const { cluster, why, passed, miner } = pass;
  const last = new Int32Array(miner.clusters.length).fill(-1);
  for (let i = 0; i < cluster.length; i++) {
    if (cluster[i] >= 0 && why[i] === Omission.Routine && passed[i] === 0) last[cluster[i]] = i;
  }
  for (let c = 0; c < last.length; c++) {
    const i = last[c];
    if (i < 0 || keep[miner.clusters[c].first] === 0 || !isRecordStart(visible[i]) || isStampedRecord(visible[i])) {
      continue;
    }
    keep[i] = 1;
  }
}

/**
 * Keeps the last non-blank line: where the log stopped (`Log ended: …`, the last request served),
 * unless it is a line of a hidden code frame or copy, whose head says where the log stopped.
 */
function keepLastRecord(visible: readonly string[], keep: Uint8Array, why: Uint8Array): void {
  const i = previousRecord(visible, visible.length);
  if (i >= 0 && !isGroupedOmission(why[i])) keep[i] = 1;
}

/** The last non-blank line before line `i`, or -1. */
function previousRecord(visible: readonly string[], i: number): number {
  for (let k = i - 1; k >= 0; k--) if (!isBlankText(visible[k])) return k;
  return -1;
}

/**
 * In a log whose lines are mostly untimed (apt's term.log, a build), the few
 * timestamped ones are its landmarks: `Log started: 2026-05-20  16:27:19`
 * opens a session, as a commit header opens a commit, and the line before
 * `Log ended: …` are where the session stopped (the last package set up). Up
 * to `cap` of them are shown, each with the `before` records before it; in a
 * timestamped log every line has a stamp and none stands out.
 */
function keepLandmarks(
  pass: LineSorter,
  keep: Uint8Array,
  visible: readonly string[],
  cap: number,
  before: number,
): void {
  const { why } = pass;
  let lines = 0;
  const stamped: number[] = [];
  for (let i = 0; i < visible.length; i++) {
    if (why[i] === Omission.Blank) continue;
    lines++;
    if (why[i] === Omission.Routine && isStampedRecord(visible[i])) stamped.push(i);
  }
  if (stamped.length > cap || stamped.length * LANDMARK_SHARE > lines) return;
  for (const i of stamped) {
    keep[i] = 1;
    let k = i;
    for (let left = before; left > 0; left--) {
      k = previousRecord(visible, k);
      if (k < 0 || why[k] !== Omission.Routine) break;
      keep[k] = 1;
    }
  }
}

/**
 * Keeps one real instance of up to `budget` more distinct events (records only),
 * the rarest first (a disconnect reason seen once before a line repeated 200
 * times), in log order among equals.
 */
function keepDistinctEvents(pass: LineSorter, keep: Uint8Array, visible: readonly string[], budget: number): void {
  const { eventFirsts, eventOf, eventCounts, cluster, miner } = pass;
  const order: number[] = [];
  for (let k = 0; k < eventFirsts.length; k++) {
    const i = eventFirsts[k];
    // Hidden by a sibling: its template is shown by another line, and it differs from every other line.
    if (
      keep[i] === 0 &&
      pass.why[i] === Omission.Routine &&
      isRecordStart(visible[i]) &&
      miner.clusters[cluster[i]].count > 1
    ) {
      order.push(k);
    }
  }
  // Each event's count read once: two Map lookups per comparison were 3 % of a 130 KB log's call.
  const counts = new Int32Array(eventFirsts.length);
  for (const k of order) counts[k] = eventCounts.get(eventOf[k]) ?? 0;
  order.sort((a, b) => counts[a] - counts[b] || a - b);
  for (let k = 0; k < order.length && k < budget; k++) {
    if (counts[order[k]] > 2) break;
    keep[eventFirsts[order[k]]] = 1;
  }
}

/**
 * Kinds of event in a timestamped log (log/event-kinds.ts): the first and the
 * last record of each kind are shown (the first `HEAD 301` among `GET 200`s;
 * the last client a server accepted before shutdown: where a run of it
 * stopped), and a kind seen only a handful of times shows every distinct
 * record (six package upgrades among 1 200 dpkg lines, the pages a dev server
 * rewrote, a kernel message seen once): each is an event of its own, not a
 * repeat. A kind depends on its line alone, so the output keeps its kinds'
 * first and last records: compressing it again drops nothing more. Untimed
 * lines (source excerpts, test names, diagnostics) have their own rules.
 *
 * Two finer cuts show a kind's first record too: within each run of the
 * program (dpkg.log's `startup packages configure` opens one: the first
 * package each run configured), and per the words of its `key=value` fields
 * (redis's `Client closed connection … cmd=mset`: the first client of each
 * command), since those name what happened and the numbers only which time.
 */
function keepEventKinds(
  pass: LineSorter,
  keep: Uint8Array,
  visible: readonly string[],
  rare: number,
  fieldKinds: number,
): void {
  const { cluster, why } = pass;
  const n = cluster.length;
  const kinds: (string | null)[] = new Array<string | null>(n).fill(null);
  const counts = new Map<string, number>();
  const last = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (cluster[i] < 0 || why[i] !== Omission.Routine) continue;
    const text = visible[i];
    if (!isRecordStart(text) || !isStampedRecord(text)) continue;
    const kind = eventKind(text);
    kinds[i] = kind;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    last.set(kind, i);
  }
  const shown = new Map<string, Set<string>>();
  // The first record of each kind within each run (dpkg.log's `startup …`), per its word fields
  // (at most `fieldKinds` of them a kind and run: a log of endless field values is no outline).
  // Runs only go on: what one saw is dropped when the next opens, and no key has to name its run.
  let fieldsInRun = new Map<string, Set<string>>();
  for (let i = 0; i < n; i++) {
    const kind = kinds[i];
    if (kind === null) continue;
    const text = visible[i];
    if (opensRun(text)) fieldsInRun = new Map<string, Set<string>>();
    let fields = fieldsInRun.get(kind);
    if (fields === undefined) {
      fields = new Set<string>();
      fieldsInRun.set(kind, fields);
    }
    if (fields.size < fieldKinds) {
      const fine = eventFields(text);
      if (!fields.has(fine)) {
        fields.add(fine);
        keep[i] = 1;
      }
    }
    let records = shown.get(kind);
    if (records === undefined) {
      records = new Set<string>();
      shown.set(kind, records);
      keep[i] = 1;
    }
    if ((counts.get(kind) ?? 0) > rare) continue;
    const key = lightKey(text);
    if (records.has(key)) continue;
    records.add(key);
    keep[i] = 1;
  }
  for (const i of last.values()) keep[i] = 1;
}

/**
 * A record with a level word right above a shown trace is the record that
 * logged it (java.util.logging's `WARNING: skipping line 103: …`, Python's
 * `logger.exception`, log4j's `WARN … failed to …`): it says which input the
 * exception was about, so it stays with the trace even when its template
 * repeats (three `skipping line <n>` warnings, each with its own exception).
 */
function keepTraceRecords(roles: Uint8Array, pass: LineSorter, keep: Uint8Array, visible: readonly string[]): void {
  const { why, level } = pass;
  for (let i = 1; i < roles.length; i++) {
    if (roles[i] !== TraceRole.Kept || roles[i - 1] !== TraceRole.None || keep[i] === 0) continue;
    const k = i - 1;
    if (keep[k] === 1 || isBlankText(visible[k]) || !isRecordStart(visible[k])) continue;
    const leveled = level[k] !== "" || why[k] === Omission.RepeatedWarning || why[k] === Omission.RepeatedError;
    if (leveled) keep[k] = 1;
  }
}

/**
 * Keeps omitted runs that would cost no more than the marker replacing them,
 * priced as the very marker {@link render} would write (its key alone is some
 * twenty tokens): a one-line omission of a short line only adds a recall step.
 */
function keepCheapRuns(
  input: CompressorInput,
  keep: Uint8Array,
  s: Pick<Selection, "why" | "cluster" | "level" | "miner" | "groups">,
): void {
  const { lines, text } = input;
  const n = keep.length;
  const perCluster = new Int32Array(s.miner.clusters.length);
  let i = 0;
  while (i < n) {
    if (keep[i] === 1) {
      i++;
      continue;
    }
    let j = i;
    let grouped = false;
    for (; j < n && keep[j] === 0; j++) {
      if (isGroupedOmission(s.why[j]) || s.groups.closedFrame[j] === 1) grouped = true;
    }
    const from = lines.start(i);
    const to = lines.end(j - 1);
    // A repeated diagnostic's place is shown in its group already: keeping its line would say it twice;
    // nor does a repeat's frame between its head and its place (asc) show more than its first instance's,
    // nor a code frame more than its kind's first (log/code-frames.ts): such runs share grouped markers.
    if (!grouped && to - from <= CHEAP_RUN_CHARS) {
      const run = new OmittedRun(perCluster);
      for (let k = i; k < j; k++) run.add(s.why[k] as Omission, s.cluster[k], s.level[k]);
      const marker = input.marker(run.describe(s.miner.clusters), { lines: [[i, j]] });
      if (estimateTokens(text.slice(from, to)) <= estimateTokens(marker) + 1) {
        for (let k = i; k < j; k++) keep[k] = 1;
      }
    }
    i = j;
  }
}

/** Omitted lines that share grouped markers however short their run: their kind is shown elsewhere. */
function isGroupedOmission(why: number): boolean {
  return why === Omission.RepeatedDiagnostic || why === Omission.CodeFrame || why === Omission.SameDiagnostic;
}

interface Selection {
  keep: Uint8Array;
  why: Uint8Array;
  cluster: Int32Array;
  level: string[];
  miner: TemplateMiner;
  errors: number;
  warnings: number;
  diagnostics: number;
  traces: number;
  groups: DiagnosticGroups;
}

/** Kept lines with their original bytes, one marker per omitted run. */
function render(input: CompressorInput, s: Selection): CompressorOutput | null {
  const { lines, text } = input;
  const n = lines.count;
  const parts: string[] = [];
  const perCluster = new Int32Array(s.miner.clusters.length);
  // For each output line, the input line it is (-1 for a marker).
  const origin: number[] = [];
  let kept = 0;
  let markers = 0;
  // Short runs between kept lines share one marker naming each of their ranges, written after
  // the kept lines they sit among: a marker's key alone costs more than such a run's line range.
  let group: OmittedRun | null = null;
  let ranges: [number, number][] = [];
  let spanned = 0;
  const flush = (): void => {
    if (group === null) return;
    parts.push(`${input.marker(group.describe(s.miner.clusters), { lines: ranges })}\n`);
    origin.push(-1);
    markers++;
    group = null;
    ranges = [];
    spanned = 0;
  };
  let i = 0;
  while (i < n) {
    if (s.keep[i] === 1) {
      let j = i;
      let places: DiagnosticParts[] | null = null;
      // A kept block ends after a first instance whose repeats are grouped: their places follow it.
      while (j < n && s.keep[j] === 1 && places === null) places = omittedPlaces(s, j++);
      // A group's marker stays near its ranges, and never follows a last line without a line end.
      if (spanned + (j - i) > GROUP_SPAN || (j === n && !text.endsWith("\n"))) flush();
      else if (group !== null) spanned += j - i;
      parts.push(lines.slice(i, j));
      for (let k = i; k < j; k++) origin.push(k);
      kept += j - i;
      if (places !== null) {
        parts.push(`${groupLine(places)}\n`);
        origin.push(-1);
      }
      i = j;
      continue;
    }
    let j = i;
    while (j < n && s.keep[j] === 0) j++;
    // A longer run closes the group it follows (its marker then stands in the run's place) or has its own.
    if (j < n && (j - i <= GROUP_RUN_LINES || group !== null)) {
      if (group === null) group = new OmittedRun(perCluster);
      for (let k = i; k < j; k++) group.add(s.why[k] as Omission, s.cluster[k], s.level[k]);
      ranges.push([i, j]);
      if (ranges.length === MAX_MARKER_RANGES || j - i > GROUP_RUN_LINES) flush();
      i = j;
      continue;
    }
    flush();
    const run = new OmittedRun(perCluster);
    for (let k = i; k < j; k++) run.add(s.why[k] as Omission, s.cluster[k], s.level[k]);
    const eol = j === n && !text.endsWith("\n") ? "" : "\n";
    parts.push(input.marker(run.describe(s.miner.clusters), { lines: [[i, j]] }) + eol);
    origin.push(-1);
    markers++;
    i = j;
  }
  flush();
  // Nothing dropped: no output, unless every line was a diagnostic or summary worth claiming
  // (the outline of a lint run is the whole run; no blind cut may take its middle).
  if (markers === 0)
    return s.diagnostics > 0 ? { output: text, lossy: false, detail: { diagnostics: s.diagnostics } } : null;
  const output = parts.join("");
  if (output.length >= text.length) return null;
  return {
    output,
    lossy: true,
    lineOrigin: Int32Array.from(origin),
    detail: {
      lines: n,
      linesKept: kept,
      markers,
      templates: s.miner.clusters.length,
      errors: s.errors,
      warnings: s.warnings,
      diagnostics: s.diagnostics,
      traces: s.traces,
    },
  };
}

/** The places of line `i`'s omitted repeats when it is a grouped diagnostic's first instance, else null. */
function omittedPlaces(s: Selection, i: number): DiagnosticParts[] | null {
  const repeats = s.groups.repeats.get(i);
  if (repeats === undefined) return null;
  const places: DiagnosticParts[] = [];
  for (const r of repeats) {
    const place = s.groups.places.get(r);
    if (place !== undefined && s.keep[r] === 0) places.push(place);
  }
  return places.length > 0 ? places : null;
}

/**
 * A warning's category: the text before the first `:` or `=` after its level
 * word (leading timestamps skipped), digits masked. "warning: unused variable: `x`"
 * and "warning: unused variable: `y`" share one; distinct categories never do.
 */
function categoryHead(text: string, levelEnd: number): string {
  let s = levelEnd;
  const n = text.length;
  // Skip leading tokens without letters (timestamps, counters, brackets).
  for (;;) {
    while (s < n && (text.charCodeAt(s) === 32 || text.charCodeAt(s) === 9)) s++;
    let e = s;
    let letters = false;
    while (e < n && text.charCodeAt(e) !== 32 && text.charCodeAt(e) !== 9) {
      const c = text.charCodeAt(e) | 32;
      if (c >= 97 && c <= 122) letters = true;
      e++;
    }
    const first = text.charCodeAt(s);
    const numeric = isDigitCode(first) || (first === 91 && isDigitCode(text.charCodeAt(s + 1)));
    if ((letters && !numeric) || e === s) break;
    s = e;
  }
  let stop = s;
  while (stop < n) {
    const c = text.charCodeAt(stop);
    if (c === 58 || c === 61) break;
    stop++;
  }
  return lightKey(text.slice(0, stop), 160);
}

/**
 * Length of line `i` without its line ending. A visible text of that length
 * is the line itself: visibleText only ever removes characters.
 */
function lineLength(lines: LineIndex, i: number): number {
  const e = lines.end(i);
  return e - lines.start(i) - (e > lines.start(i) && lines.text.charCodeAt(e - 1) === 13 ? 1 : 0);
}

/** A marker of ours on a line of its own (as this compressor writes them). */
function isMarkerLine(text: string): boolean {
  let p = 0;
  while (p < text.length && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
  return isMarkerAt(text, p);
}

/**
 * Whether line `i` opens a record or a block of its own: a record start, or an
 * indented line after a blank one (a dev server's `  VITE v8 ready in 1947 ms`
 * banner and its `  Local:   http://…` URL, set apart from the dump above them).
 */
function opensRecord(visible: readonly string[], i: number): boolean {
  const text = visible[i];
  if (isRecordStart(text)) return true;
  return i > 0 && isBlankText(visible[i - 1]) && !isBlankText(text) && isRecordStart(text.trimStart());
}

/**
 * Whether a line opens a record rather than continuing one: it starts at column 0
 * with neither white space nor a closing bracket or quote (the tail of a dumped object).
 */
function isRecordStart(text: string): boolean {
  if (text.length === 0) return false;
  const c = text.charCodeAt(0);
  return c !== 32 && c !== 9 && c !== 93 /* ] */ && c !== 125 /* } */ && c !== 41 /* ) */ && c !== 39 && c !== 34;
}

function indentOf(text: string): number {
  let k = 0;
  while (k < text.length && text.charCodeAt(k) === 32) k++;
  return k;
}

/**
 * What ends a run of passing TAP assertions: a failure (`not ok 3 …`) or a
 * test-name comment (tape's `# name`); node:test's `# Subtest: x` only
 * repeats the name of the assertion that follows it.
 */
function endsTapRun(text: string): boolean {
  const at = indentOf(text);
  return text.startsWith("not ok ", at) || (text.startsWith("# ", at) && !text.startsWith("# Subtest: ", at));
}

/** Least indentation of a nested suite heading: top-level suites (indented by two) end a run. */
const NESTED_SUITE_INDENT = 4;

/**
 * Whether `text` is a spec reporter's nested suite heading inside a run of passing
 * tests of group `group` (their indentation): indented by at least
 * {@link NESTED_SUITE_INDENT}, less than the tests, opening with a letter (no
 * mark, no `1)` of a failure) and with no level word or outcome after it.
 */
function isNestedSuiteHeading(text: string, group: string): boolean {
  const tests = Number(group);
  if (!Number.isInteger(tests) || text.length > 200) return false;
  const at = indentOf(text);
  if (at < NESTED_SUITE_INDENT || at >= tests) return false;
  const c = text.charCodeAt(at);
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return letter && SUITE_HEADING_RE.test(text);
}

/** A suite name: words, dots, dashes, slashes, `#` and the like, no colon-led detail nor outcome word. */
const SUITE_HEADING_RE = /^ +[A-Za-z][\w .#/@<>'"()[\]-]*$/;

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isBlankText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 12 && c !== 11) return false;
  }
  return true;
}

/**
 * What one marker says about the run of lines it replaces: the dominant
 * template ("41 lines like `npm http fetch GET 200 <url> <n>ms`"), the level
 * when every line shares one ("312 INFO lines omitted"), and how many of the
 * dropped lines were repeated errors, warnings, stack frames or diagnostics.
 */

import { describeTemplate, type Cluster } from "./templates.js";

/** Why a line was left out; counted per run for its marker. */
export const Omission = {
  Routine: 0,
  Blank: 1,
  RepeatedError: 2,
  RepeatedWarning: 3,
  RepeatedStack: 4,
  RepeatedDiagnostic: 5,
  RepeatedFrame: 6,
  /** A line of a diagnostic's code frame, one of a kind already shown (log/code-frames.ts). */
  CodeFrame: 7,
  /** A diagnostic head the log already showed, byte for byte (a note repeated under many warnings). */
  SameDiagnostic: 8,
} as const;
export type Omission = (typeof Omission)[keyof typeof Omission];

/** Tallies one omitted run, then phrases it. */
export class OmittedRun {
  private lines = 0;
  private blanks = 0;
  private errors = 0;
  private warnings = 0;
  private stack = 0;
  private diagnostics = 0;
  private frames = 0;
  private codeFrames = 0;
  private sameDiagnostics = 0;
  private level = "";
  /** The one template of this run's repeated errors (-1: none yet, -2: several). */
  private errorCluster = -1;
  private levelSeen = false;
  private mixedLevels = false;
  private readonly touched: number[] = [];

  /**
   * @param perCluster lines per cluster, shared by all runs of one log (all zero
   * between runs: {@link describe} resets what this run touched).
   */
  constructor(private readonly perCluster: Int32Array) {}

  /** Adds one omitted line: why it was left out, its cluster (routine lines) and level word. */
  add(why: Omission, cluster: number, level: string): void {
    this.lines++;
    if (why === Omission.Blank) {
      this.blanks++;
      return;
    }
    if (why === Omission.RepeatedError) {
      this.errors++;
      if (cluster >= 0 && (this.errorCluster === -1 || this.errorCluster === cluster)) this.errorCluster = cluster;
      else this.errorCluster = -2;
    } else if (why === Omission.RepeatedWarning) this.warnings++;
    else if (why === Omission.RepeatedStack) this.stack++;
    else if (why === Omission.RepeatedDiagnostic) this.diagnostics++;
    else if (why === Omission.RepeatedFrame) this.frames++;
    else if (why === Omission.CodeFrame) this.codeFrames++;
    else if (why === Omission.SameDiagnostic) this.sameDiagnostics++;
    else if (cluster >= 0 && this.perCluster[cluster]++ === 0) this.touched.push(cluster);
    if (!this.levelSeen) {
      this.level = level;
      this.levelSeen = true;
    } else if (this.level !== level) this.mixedLevels = true;
  }

  /** The marker's summary, e.g. "312 INFO lines omitted" or "41 lines like `…`". */
  describe(clusters: readonly Cluster[]): string {
    let top = -1;
    let topCount = 0;
    for (const id of this.touched) {
      const count = this.perCluster[id];
      this.perCluster[id] = 0;
      if (count > topCount || (count === topCount && id < top)) {
        top = id;
        topCount = count;
      }
    }
    const content = this.lines - this.blanks;
    const level = !this.mixedLevels && this.level !== "" ? `${this.level} ` : "";
    const extras: string[] = [];
    if (this.errors > 0) {
      const like = this.errorCluster >= 0 ? ` like \`${describeTemplate(clusters[this.errorCluster], 90)}\`` : "";
      extras.push(`${this.errors} repeated error${plural(this.errors)}${like}`);
    }
    if (this.warnings > 0) extras.push(`${this.warnings} repeated warning${plural(this.warnings)}`);
    if (this.stack > 0) extras.push(`${this.stack} repeated stack line${plural(this.stack)}`);
    if (this.diagnostics > 0) {
      extras.push(`${this.diagnostics} line${plural(this.diagnostics)} of repeated diagnostics (their places listed)`);
    }
    if (this.frames > 0) extras.push(`${this.frames} code-frame line${plural(this.frames)} of repeated diagnostics`);
    if (this.codeFrames > 0) extras.push(`${this.codeFrames} code-frame line${plural(this.codeFrames)}`);
    if (this.sameDiagnostics > 0) {
      extras.push(`${this.sameDiagnostics} cop${this.sameDiagnostics === 1 ? "y" : "ies"} of diagnostics shown above`);
    }
    const tail = extras.length > 0 ? `; ${extras.join(", ")}` : "";
    if (top !== -1 && topCount >= 2 && topCount === content) {
      return `${this.lines} ${level}line${plural(this.lines)} like \`${describeTemplate(clusters[top])}\`${tail}`;
    }
    if (top !== -1 && topCount >= 2 && topCount * 2 >= content) {
      return `${this.lines} ${level}lines omitted, ${topCount} like \`${describeTemplate(clusters[top])}\`${tail}`;
    }
    return `${this.lines} ${level}line${plural(this.lines)} omitted${tail}`;
  }
}

function plural(n: number): string {
  return n === 1 ? "" : "s";
}

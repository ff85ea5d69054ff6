/**
 * Builds the output from kept input lines and inserted lines (markers,
 * piece headers). Adjacent kept lines are copied as one slice of the input,
 * so kept bytes (line endings and escapes included) are never rebuilt.
 */
import type { LineIndex } from "../../kernels/lines.js";

/** Collects the output of one compression. */
export class Emitter {
  private readonly lines: LineIndex;
  private readonly parts: string[] = [];
  private from = -1;
  private to = -1;
  private endsWithNewline = true;

  constructor(lines: LineIndex) {
    this.lines = lines;
  }

  /** Keeps input lines [from, to) with their line endings. */
  keep(from: number, to: number): void {
    if (to <= from) return;
    if (from === this.to) {
      this.to = to;
      return;
    }
    this.flush();
    this.from = from;
    this.to = to;
  }

  /** Inserts a line of our own (a marker, a piece header). */
  insert(line: string): void {
    this.flush();
    if (!this.endsWithNewline) this.parts.push("\n");
    this.parts.push(line, "\n");
    this.endsWithNewline = true;
  }

  /** The output so far. */
  finish(): string {
    this.flush();
    return this.parts.join("");
  }

  private flush(): void {
    if (this.from >= this.to) return;
    const chunk = this.lines.slice(this.from, this.to);
    this.parts.push(chunk);
    this.endsWithNewline = chunk.endsWith("\n");
    this.from = this.to = -1;
  }
}

/** What every content detector is, and the line counts they share. */
import type { ContentType } from "../../types.js";
import type { Sample } from "../sample.js";

/** One content detector: the confidence (0–1) that the sample is its type. */
export interface Detector {
  readonly type: ContentType;
  /** Confidence at or above which this detector claims the content. */
  readonly threshold: number;
  score(sample: Sample): number;
}

export function fraction(sample: Sample, test: (line: string) => boolean): number {
  if (sample.nonBlank === 0) return 0;
  let hits = 0;
  for (let i = 0; i < sample.count; i++) {
    const line = sample.line(i);
    if (line.trim() !== "" && test(line)) hits++;
  }
  return hits / sample.nonBlank;
}

export function count(sample: Sample, test: (line: string) => boolean): number {
  let hits = 0;
  for (let i = 0; i < sample.count; i++) if (test(sample.line(i))) hits++;
  return hits;
}

export function firstNonSpace(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 0xfeff) return c;
  }
  return -1;
}

/**
 * How much of a diff the compressor keeps, per profile, besides its budget
 * in characters (see diff.ts and diff/plan.ts). Every cap is a base
 * value at the `default` profile, scaled by the profile multiplier (2 for
 * `conservative`, 0.5 for `aggressive`).
 */
import { scaled } from "../types.js";

/** The caps one compression runs under. */
export interface DiffCaps {
  /** Context lines kept on each side of a change. */
  context: number;
  /** A gap of at most this many context lines between two kept pieces is kept rather than cut. */
  fillGap: number;
  /** Commit message lines kept (subject included). */
  messageLines: number;
  /** Diffstat lines kept (the `N files changed` summary always stays). */
  statLines: number;
}

/** Caps for the profile multiplier `scale`. */
export function capsFor(scale: number): DiffCaps {
  return {
    context: scaled(1, scale, 0),
    fillGap: 2,
    messageLines: scaled(12, scale),
    statLines: scaled(30, scale),
  };
}

import type { Hint } from "../src/types.js";

/** Hostile shapes: name → a text of about `size` characters. */
export const SHAPES: Record<string, (size: number) => string>;
/** Hints each shape is pushed through. */
export const HINTS: Record<string, Hint>;

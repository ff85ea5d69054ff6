/**
 * Adds up the usage counters of several model calls. A transparent recall
 * makes two or more upstream calls for one client request; the client pays
 * for all of them, so the usage it is shown is their sum, field by field, in
 * whatever layout the API uses (numbers add, nested objects add, a null
 * takes the other side's value, any other value is the later call's).
 */
import { isRecord } from "../messages/shapes/shape.js";

/** Most nesting levels summed (usage objects are two or three deep). */
const MAX_DEPTH = 8;

/** `a + b`, field by field; either may be missing. */
export function sumUsage(a: unknown, b: unknown, depth = 0): unknown {
  if (a === undefined || a === null) return b;
  if (b === undefined || b === null) return a;
  if (typeof a === "number" && typeof b === "number") return a + b;
  if (isRecord(a) && isRecord(b) && depth < MAX_DEPTH) {
    const out: Record<string, unknown> = { ...a };
    for (const key of Object.keys(b)) out[key] = sumUsage(a[key], b[key], depth + 1);
    return out;
  }
  return b;
}

/** `base` with every non-null field of `update` laid over it (how stream deltas update usage). */
export function overlayUsage(base: unknown, update: unknown): unknown {
  if (!isRecord(update)) return base;
  const out: Record<string, unknown> = isRecord(base) ? { ...base } : {};
  for (const key of Object.keys(update)) if (update[key] !== null && update[key] !== undefined) out[key] = update[key];
  return out;
}

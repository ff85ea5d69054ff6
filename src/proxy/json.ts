/**
 * JSON as the proxy handles it: parsed from bytes only when they are valid
 * UTF-8 and parse as an object, and re-serialized only when nothing would be
 * lost on the way (an integer beyond 2^53 would come back as another number).
 */
import { isRecord } from "../messages/shapes/shape.js";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Why a body could not be read as a JSON object. */
export type JsonBodyProblem = "not_utf8" | "not_json";

/** The body as a JSON object, or why not. */
export function parseJsonObject(
  bytes: Uint8Array,
): { ok: true; value: Record<string, unknown> } | { ok: false; problem: JsonBodyProblem } {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { ok: false, problem: "not_utf8" };
  }
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? { ok: true, value } : { ok: false, problem: "not_json" };
  } catch {
    return { ok: false, problem: "not_json" };
  }
}

/** `JSON.parse(text)` as an object, or undefined (never throws). */
export function parseJsonText(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Most values visited by {@link hasUnsafeNumber} (past it the answer is "in doubt": yes). */
const MAX_VISITS = 2_000_000;

/**
 * Whether `value` holds a number that `JSON.stringify` would not write back
 * as the client wrote it: an integer past ±2^53 (JSON.parse already rounded
 * it) or a number too large for a double. Walks without recursion; a structure too large to walk counts as yes.
 */
export function hasUnsafeNumber(value: unknown): boolean {
  const stack: unknown[] = [value];
  let visits = 0;
  while (stack.length > 0) {
    if (++visits > MAX_VISITS) return true;
    const v = stack.pop();
    if (typeof v === "number") {
      // 1e400 parses as Infinity and would be written back as null.
      if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v))) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) if (typeof item === "object" || typeof item === "number") stack.push(item);
    } else if (typeof v === "object" && v !== null) {
      for (const key in v) {
        const item = (v as Record<string, unknown>)[key];
        if (typeof item === "object" || typeof item === "number") stack.push(item);
      }
    }
  }
  return false;
}

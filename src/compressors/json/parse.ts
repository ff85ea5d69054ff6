import { JsonObject, type JsonNode } from "./tree.js";

/**
 * A strict, iterative JSON parser that keeps raw scalar lexemes (see tree.ts).
 * It accepts exactly what `JSON.parse` accepts and never recurses, so 10 000
 * levels of nesting cost a stack array, not the call stack.
 */

/** A parsed document and what its text says about how it was written. */
export interface ParsedJson {
  root: JsonNode;
  /** Deepest container nesting (the root container is depth 1; a scalar root is 0). */
  maxDepth: number;
  /** Whether keys were followed by whitespace (`"a": 1`): rendering mirrors it. */
  spacedColon: boolean;
}

// Each alternative starts with a different class, so this stays linear.
const ESCAPED_BODY_RE = /^"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"$/;

const enum State { Value, Key, After }

function skipWs(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/**
 * End offset (past the closing quote) of the string starting at `i`, or -1
 * when it is unterminated or holds a raw control character. Escapes are
 * checked separately (rarely present), so the common case is one char loop.
 */
function stringEnd(text: string, i: number): number {
  const n = text.length;
  let hasEscape = false;
  for (let j = i + 1; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === 34) {
      if (hasEscape && !ESCAPED_BODY_RE.test(text.slice(i, j + 1))) return -1;
      return j + 1;
    }
    if (c === 92) {
      hasEscape = true;
      j++;
    } else if (c < 32) return -1;
  }
  return -1;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** End offset of the number starting at `i` (JSON grammar), or -1. */
function numberEnd(text: string, i: number): number {
  let j = i;
  if (text.charCodeAt(j) === 45) j++;
  const first = text.charCodeAt(j);
  if (first === 48) j++;
  else if (first >= 49 && first <= 57) {
    j++;
    while (isDigit(text.charCodeAt(j))) j++;
  } else return -1;
  if (text.charCodeAt(j) === 46) {
    j++;
    if (!isDigit(text.charCodeAt(j))) return -1;
    while (isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 101 || e === 69) {
    j++;
    const sign = text.charCodeAt(j);
    if (sign === 43 || sign === 45) j++;
    if (!isDigit(text.charCodeAt(j))) return -1;
    while (isDigit(text.charCodeAt(j))) j++;
  }
  return j;
}

/**
 * A string lexeme with `\u` escapes written out as the characters they stand
 * for ("\u4e2d" is 1 token as 中, 3 or more escaped); JSON.stringify keeps
 * control characters and lone surrogates escaped, so the value is unchanged.
 */
function unescapeUnicode(raw: string): string {
  return raw.indexOf("\\u") < 0 ? raw : JSON.stringify(JSON.parse(raw) as string);
}

/** Parses `text` as one JSON value; null when it is not valid JSON. Never throws. */
export function parseJson(text: string): ParsedJson | null {
  const n = text.length;
  const stack: Array<JsonNode[] | JsonObject> = [];
  let pendingKey = "";
  const keyStack: string[] = [];
  let maxDepth = 0;
  let spacedColon: boolean | null = null;
  let value: JsonNode = "";
  let state = State.Value;
  let i = 0;
  for (;;) {
    if (state === State.Value) {
      i = skipWs(text, i);
      const c = text.charCodeAt(i);
      if (c === 123 || c === 91) {
        const container: JsonNode[] | JsonObject = c === 123 ? new JsonObject([], []) : [];
        i = skipWs(text, i + 1);
        const close = c === 123 ? 125 : 93;
        if (text.charCodeAt(i) === close) {
          i++;
          value = container;
          if (stack.length + 1 > maxDepth) maxDepth = stack.length + 1;
          state = State.After;
          continue;
        }
        keyStack.push(pendingKey);
        stack.push(container);
        if (stack.length > maxDepth) maxDepth = stack.length;
        state = c === 123 ? State.Key : State.Value;
        continue;
      }
      if (c === 34) {
        const end = stringEnd(text, i);
        if (end < 0) return null;
        value = unescapeUnicode(text.slice(i, end));
        i = end;
      } else if (c === 116 || c === 102 || c === 110) {
        const word = c === 116 ? "true" : c === 102 ? "false" : "null";
        if (!text.startsWith(word, i)) return null;
        value = word;
        i += word.length;
      } else {
        const end = numberEnd(text, i);
        if (end < 0) return null;
        value = unescapeUnicode(text.slice(i, end));
        i = end;
      }
      state = State.After;
    } else if (state === State.Key) {
      i = skipWs(text, i);
      if (text.charCodeAt(i) !== 34) return null;
      const end = stringEnd(text, i);
      if (end < 0) return null;
      pendingKey = unescapeUnicode(text.slice(i, end));
      i = skipWs(text, end);
      if (text.charCodeAt(i) !== 58) return null;
      if (spacedColon === null) {
        const after = text.charCodeAt(i + 1);
        spacedColon = after === 32 || after === 10 || after === 13 || after === 9;
      }
      i++;
      state = State.Value;
    } else {
      if (stack.length === 0) {
        if (skipWs(text, i) !== n) return null;
        return { root: value, maxDepth, spacedColon: spacedColon ?? false };
      }
      const top = stack[stack.length - 1];
      if (Array.isArray(top)) top.push(value);
      else {
        top.keys.push(pendingKey);
        top.values.push(value);
      }
      i = skipWs(text, i);
      const c = text.charCodeAt(i);
      if (c === 44) {
        i++;
        state = Array.isArray(top) ? State.Value : State.Key;
      } else if ((c === 93 && Array.isArray(top)) || (c === 125 && !Array.isArray(top))) {
        i++;
        value = top;
        stack.pop();
        pendingKey = keyStack.pop() as string;
      } else {
        return null;
      }
    }
  }
}

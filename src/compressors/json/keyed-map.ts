import { omittedKeys } from "./stubs.js";
import { JsonObject, decodeString, encodeString, isStringScalar, type JsonNode } from "./tree.js";

/**
 * A keyed map: an object whose many keys name entities (media types,
 * package names, paths, versions) rather than fields. Its keys are its
 * outline, so each of them stays visible however many there are: past the
 * stub budget an entry no longer shows its naming values, only its key and
 * a note of its size (`"audio/mpeg": {"…": 3}`), which is still
 * valid JSON in the entry's place. Only the values are spent.
 */

/** Longest key read as a name (a path or a scoped package name fits; a sentence does not). */
const NAME_KEY_MAX = 200;

/** Whether `raw` (a key lexeme) is one name: a string of no whitespace or control character. */
function isNameKey(raw: string): boolean {
  if (!isStringScalar(raw)) return false;
  const key = decodeString(raw);
  if (key.length === 0 || key.length > NAME_KEY_MAX) return false;
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) <= 32) return false;
  return true;
}

/** Whether every key of `obj` is a name: the object is a keyed map, whose keys all stay. */
export function isKeyedMap(obj: JsonObject): boolean {
  return obj.keys.every(isNameKey);
}

/** The compact stub of a keyed map's entry: its size alone, in the shape of its value. */
export function compactEntryStub(value: JsonNode): JsonNode {
  if (value instanceof JsonObject) {
    const n = value.keys.length;
    return n === 0 ? value : new JsonObject(['"…"'], [omittedKeys(n)]);
  }
  if (Array.isArray(value)) return value.length === 0 ? value : [encodeString(`…(+${value.length})`)];
  return value;
}

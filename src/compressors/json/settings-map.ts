import { isKeyedMap } from "./keyed-map.js";
import type { JsonObject } from "./tree.js";

/**
 * A settings map: a flat object of scalars read by its keys, such as a
 * build's configuration variables (`sysconfig.get_config_vars()`: 1,000
 * `"HAVE_…": 1` switches beside `"SOABI"` and `"VERSION"`), a program's
 * constants (`require("constants")`, `os.sysconf_names`) or a tool's
 * options (`npm config ls --json`). An agent looks one setting up by its
 * name, so its keys are its outline and every one stays with its value,
 * however far past the object cap (a head and a tail hid `HOST_GNU_TYPE`
 * and `Py_DEBUG` behind one marker).
 *
 * What tells it from a flat map whose values are its content (a message
 * catalogue of sentences keyed by codes, npm's `time` map of timestamps
 * keyed by versions, which its `versions` list already names): those
 * values are text, while most of a settings map's are typed literals
 * (numbers, `true`, `false`, `null`) or unset (`""`). Length does not tell
 * them apart: a Chinese catalogue's sentences are shorter than its keys.
 */

/** Whether a scalar lexeme is a typed literal or an empty string rather than text. */
function isSettingLiteral(lexeme: string): boolean {
  return lexeme.charCodeAt(0) !== 34 /* " */ || lexeme.length === 2;
}

/** Whether `obj`, whose values are all scalar lexemes, is a settings map: name keys, mostly literal values. */
export function isSettingsMap(obj: JsonObject): boolean {
  if (obj.keys.length === 0 || !isKeyedMap(obj)) return false;
  let literals = 0;
  for (const value of obj.values) if (isSettingLiteral(value as string)) literals++;
  return literals * 2 >= obj.values.length;
}

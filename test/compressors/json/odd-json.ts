import fc from "fast-check";

/**
 * Valid JSON texts written the ways real tools write them and JSON.stringify
 * never does: numbers as `1.0`, `-0`, `1E+2`, `0.10`, big integers; strings
 * with `\/`, `\u` escapes (surrogate pairs, lone surrogates, control
 * characters); duplicate and integer-like keys; rows that repeat their keys;
 * uneven whitespace; deep nesting. For tests of what keeps raw lexemes.
 */

const number = fc.oneof(
  fc.constantFrom("0", "-0", "1.0", "1e5", "1E+2", "2.50e-3", "0.10", "12345678901234567890", "-0.0", "100"),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .map(String)
    .filter((s) => !s.includes("Infinity")),
);

const stringBody = fc.array(
  fc.oneof(
    fc.constantFrom(
      "a",
      "ok",
      "error",
      "é",
      "中",
      "😀",
      " ",
      "\\/",
      "\\n",
      "\\t",
      '\\"',
      "\\\\",
      "\\u00e9",
      "\\u4e2d",
      "\\ud83d\\ude00",
      "\\ud800",
      "\\u0001",
      "\\u0041",
      "_pithy",
    ),
    fc.string({ maxLength: 4 }).map((s) => JSON.stringify(s).slice(1, -1)),
  ),
  { maxLength: 6 },
);
const string = stringBody.map((parts) => `"${parts.join("")}"`);

const key = fc.oneof(
  fc.constantFrom('"id"', '"name"', '"status"', '"1"', '"2"', '"a"', '"\\u0061"', '"x_id"', '"ts"'),
  string,
);
const space = fc.constantFrom("", "", " ", "\n  ", "\t", "\r\n");

/** A JSON value written as text (see the file comment). */
export const oddJsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    number,
    string,
    fc.constantFrom("true", "false", "null"),
    fc
      .tuple(fc.array(tie("value"), { maxLength: 6 }), space)
      .map(([items, ws]) => `[${ws}${items.join(`,${ws}`)}${ws}]`),
    fc
      .tuple(fc.array(fc.tuple(key, tie("value")), { maxLength: 6 }), space, fc.constantFrom(":", ": ", " : "))
      .map(([entries, ws, colon]) => `{${ws}${entries.map(([k, v]) => `${k}${colon}${v}`).join(`,${ws}`)}${ws}}`),
    // Rows that repeat their keys (and some values), as arrays of records do.
    fc
      .tuple(
        fc.array(fc.tuple(key, fc.oneof(number, string)), { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(tie("value"), fc.boolean()), { minLength: 2, maxLength: 10 }),
      )
      .map(
        ([fields, rows]) =>
          `[${rows.map(([extra, keep], r) => `{${fields.map(([k, v], i) => `${k}: ${keep || i > 0 ? v : r}`).join(", ")}${r % 3 === 2 ? `, "extra": ${extra}` : ""}}`).join(",\n")}]`,
      ),
  ),
})).value;

/** The compact text of a valid JSON text: whitespace between tokens dropped, `\u` escapes written out as JSON.stringify would. */
export function compactReference(text: string): string {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|[^\s"]+/g) ?? [];
  return tokens
    .map((t) => (t.startsWith('"') && t.includes("\\u") ? JSON.stringify(JSON.parse(t) as string) : t))
    .join("");
}

import { describe, expect, inject, it } from "vitest";
import fc from "fast-check";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { parseMarkers } from "../../src/ccr/marker.js";
import { createJsonCompressor, jsonCompressor } from "../../src/compressors/json.js";
import type { CompressorInput } from "../../src/compressors/types.js";
import { corpusCases, openCorpus, readCase, readCorpusFile } from "../support/corpus.js";
import { compressorInput } from "../support/compressor-input.js";

function jsonInput(text: string, overrides: Partial<CompressorInput> = {}): CompressorInput {
  return compressorInput(text, { type: "json", ...overrides });
}

function compress(text: string, overrides: Partial<CompressorInput> = {}) {
  return jsonCompressor.compress(jsonInput(text, overrides));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Undoes the table and factored forms, so a lossless output can be compared with its input. */
function expand(value: Json): Json {
  if (Array.isArray(value)) return value.map(expand);
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && (keys[0] === "_pithy_table" || keys[0] === "_pithy_factored")) {
    const body = value[keys[0]] as { columns?: string[]; every_row?: Record<string, Json>; rows: Json[] };
    return body.rows.map((row) => {
      if (typeof row === "string") return row;
      const own = body.columns
        ? Object.fromEntries(body.columns.map((c, i) => [c, (row as Json[])[i]]))
        : (row as Record<string, Json>);
      return expand({ ...own, ...(body.every_row ?? {}) });
    });
  }
  return Object.fromEntries(keys.map((k) => [k, expand(value[k])]));
}

const enc = new Tiktoken(o200k);
const tokens = (s: string) => enc.encode(s, "all").length;

describe("jsonCompressor", () => {
  it("is named json", () => {
    expect(jsonCompressor.name).toBe("json");
  });

  it("compacts pretty-printed JSON losslessly and keeps the input's key spacing", () => {
    const text = JSON.stringify({ name: "lodash", version: "4.18.1", list: [1, 2] }, null, 2);
    const out = compress(text, { canDrop: false })!;
    expect(out).toEqual({
      output: '{"name": "lodash","version": "4.18.1","list": [1,2]}',
      lossy: false,
      detail: { steps: "compact" },
    });
  });

  it("keeps compact key spacing when the input was compact", () => {
    const text = '{"name":"serde_json", "version":"1.0.91"}';
    expect(compress(text, { canDrop: false })!.output).toBe('{"name":"serde_json","version":"1.0.91"}');
  });

  it("keeps numbers and escapes byte for byte", () => {
    const text = '[ 1.0, 1e5, 12345678901234567890, "\\t\\/" ]';
    expect(compress(text, { canDrop: false })!.output).toBe('[1.0,1e5,12345678901234567890,"\\t\\/"]');
  });

  it("renders arrays of uniform rows as a table without a store", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, host: `host-${i % 3}` }));
    const out = compress(JSON.stringify(rows, null, 1), { canDrop: false })!;
    expect(out.lossy).toBe(false);
    expect(out.detail!.steps).toBe("compact+table");
    expect(expand(JSON.parse(out.output))).toEqual(rows);
  });

  it("crushes long arrays behind a marker the marker parser finds, and reports it", () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ seq: i, status: i === 33 ? "failed" : "ok", ms: 20 }));
    const out = compress(JSON.stringify(rows))!;
    expect(out.lossy).toBe(true);
    expect(out.detail).toMatchObject({ steps: "compact+crush", rowsDropped: 45 });
    // A kept record keeps its `"key": value` pairs, the form an agent quotes (no table row with a store).
    expect(out.output).toContain('{"seq":33,"status":"failed","ms":20}');
    expect(parseMarkers(out.output).map((m) => m.summary)).toEqual(["45 rows omitted (status=ok)"]);
  });

  it("puts one marker at the root when it cut strings or collapsed subtrees", () => {
    const out = compress(JSON.stringify({ log: "z".repeat(5000), a: { b: { c: { d: { e: { f: 1 } } } } } }))!;
    const value = JSON.parse(out.output);
    expect(Object.keys(value)[0]).toBe("_pithy");
    expect(parseMarkers(value._pithy)[0].summary).toBe(
      "JSON pruned: 1 long strings cut, 1 deep subtrees collapsed; notes start with …",
    );
    expect(out.detail).toMatchObject({ steps: "compact+prune", stringsCut: 1, subtreesCollapsed: 1 });
  });

  it("keeps more with the conservative profile and less with the aggressive one", () => {
    const rows = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ seq: i, msg: `message ${i % 9}` })));
    const sizes = [2, 1, 0.5].map((scale) => compress(rows, { scale })!.output.length);
    expect(sizes[0]).toBeGreaterThan(sizes[1]);
    expect(sizes[1]).toBeGreaterThan(sizes[2]);
  });

  it("returns null for invalid or truncated JSON", () => {
    for (const text of ['{"a": "b', "not json", "", "[1,2,"]) expect(compress(text)).toBeNull();
  });

  it("returns null for its own output", () => {
    const rows = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ seq: i, v: i % 4 })));
    const once = compress(rows)!;
    expect(compress(once.output)).toBeNull();
  });

  it("returns null for any text holding a string that starts with _pithy, and only then", () => {
    expect(compress('"_pithy note"')).toBeNull();
    expect(
      compress(JSON.stringify({ a: 1, list: [1, 2, 3], b: "x" }, null, 2).replace('"b"', '"_pithy_table"')),
    ).toBeNull();
    expect(compress(JSON.stringify({ my_pithy_note: 1, list: [1, 2, 3] }, null, 2))).not.toBeNull();
  });

  it("accepts another identifier list", () => {
    const custom = createJsonCompressor({ identifierWords: ["blob"] });
    const text = JSON.stringify({ blob: "q".repeat(2000), other: "q".repeat(2000) });
    const out = JSON.parse(custom.compress(jsonInput(text))!.output);
    expect(out.blob).toBe("q".repeat(2000));
    expect(out.other.length).toBeLessThan(200);
  });
});

describe("jsonCompressor on the corpus", () => {
  it("keeps every must_keep string, saves at least 65% of tokens on the json class, and still parses", async () => {
    const cases = (await corpusCases()).filter((c) => c.class === "json");
    expect(cases.length).toBe(5);
    let tokensIn = 0;
    let tokensOut = 0;
    for (const c of cases) {
      const text = await readCase(c);
      const out = compress(text);
      expect(out, c.id).not.toBeNull();
      for (const must of c.must_keep) expect(out!.output, `${c.id}: ${must}`).toContain(must);
      expect(() => JSON.parse(out!.output), c.id).not.toThrow();
      tokensIn += tokens(text);
      tokensOut += tokens(out!.output);
    }
    // The class target (issue #13): every record keeps its naming stub, which costs some savings.
    expect(1 - tokensOut / tokensIn).toBeGreaterThanOrEqual(0.65);
  });

  it("keeps the deep acorn AST's identifiers visible and valid", async () => {
    const c = (await corpusCases()).find((x) => x.id === "adversarial-deep-nesting-acorn-ast")!;
    const out = compress(await readCase(c))!;
    for (const must of c.must_keep) expect(out.output).toContain(must);
    expect(() => JSON.parse(out.output)).not.toThrow();
  });

  it("returns null for the truncated registry response", async () => {
    const c = (await corpusCases()).find((x) => x.id === "adversarial-invalid-json-truncated")!;
    expect(compress(await readCase(c))).toBeNull();
  });
});

interface HeadroomFixture {
  input: { content: string; query: string };
  output: { compressed: string; strategy: string };
}

const HEADROOM = [
  "dict_array_100_sequential_b91d1fff5ba3",
  "dict_array_30_b0ba1d26fd03",
  "dict_array_30_bias_high_dc3b36e60560",
  "dict_array_30_bias_low_a850512901bd",
  "duplicate_dicts_40_40a0670dec17",
  "empty_array_41ecf20098c5",
  "mixed_array_3f929019b62f",
  "nested_3deep_with_array_bb5036c153aa",
  "nested_object_with_array_b66d43299ea1",
  "non_json_passthrough_4322abf677f3",
  "nulls_and_bools_06d6fd6adcab",
  "number_array_40_changepoint_8cd416c24d53",
  "short_array_passthrough_aeb16224b61f",
  "small_object_passthrough_801afa36a32c",
  "string_array_25_6fe4a307de81",
  "time_series_50_25cd28df5a50",
  "unicode_dict_array_4820ed6c0c9a",
];

/** Every array of records in a value (ours expanded back from tables), flattened. */
function recordsIn(value: Json, out: Json[] = []): Json[] {
  const v = expand(value);
  if (Array.isArray(v)) {
    for (const item of v) if (item !== null && typeof item === "object" && !Array.isArray(item)) out.push(item);
    for (const item of v) recordsIn(item, out);
  } else if (v !== null && typeof v === "object") for (const child of Object.values(v)) recordsIn(child, out);
  return out;
}

/** Rows Headroom kept for a reason: an error word, a rare status or level, or a numeric outlier. */
function keptForAReason(input: Json[], kept: Json[]): Json[] {
  const rows = input.filter((r): r is Record<string, Json> => r !== null && typeof r === "object" && !Array.isArray(r));
  const share = (k: string, v: Json) => rows.filter((r) => r[k] === v).length / rows.length;
  const outlier = (k: string, x: number) => {
    const xs = rows.map((r) => r[k]).filter((y): y is number => typeof y === "number");
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    return sd > 0 && Math.abs(x - mean) > 2 * sd;
  };
  return kept.filter((row) =>
    Object.entries(row as Record<string, Json>).some(
      ([k, v]) =>
        (typeof v === "string" && /error|fail|fatal|exception|timeout/i.test(v)) ||
        (/^(status|level|severity)$/.test(k) && share(k, v) <= 0.25) ||
        (typeof v === "number" && !/id$|^ts$/.test(k) && outlier(k, v)),
    ),
  );
}

describe("jsonCompressor against Headroom's smart crusher fixtures", () => {
  it("keeps every row Headroom kept for a reason (errors, rare levels, outliers)", async () => {
    let reasons = 0;
    for (const name of HEADROOM) {
      const fixture = JSON.parse(
        await readCorpusFile(`headroom-fixtures/smart_crusher/${name}.json`),
      ) as HeadroomFixture;
      let input: Json;
      try {
        input = JSON.parse(fixture.input.content);
      } catch {
        expect(compress(fixture.input.content), name).toBeNull();
        continue;
      }
      const out = compress(fixture.input.content, { hint: { query: fixture.input.query } });
      const ours = out === null ? input : (JSON.parse(out.output) as Json);
      const theirs = JSON.parse(fixture.output.compressed) as Json;
      const needed = keptForAReason(recordsIn(input), recordsIn(theirs));
      reasons += needed.length;
      const oursRows = recordsIn(ours);
      for (const row of needed) expect(oursRows, `${name}: ${JSON.stringify(row)}`).toContainEqual(row);
      if (out === null || !out.lossy) expect(expand(ours), name).toEqual(input);
    }
    expect(reasons).toBeGreaterThanOrEqual(30);
  });

  it("keeps both sides of the jump in the change-point series", async () => {
    const fixture = JSON.parse(
      await readCorpusFile("headroom-fixtures/smart_crusher/number_array_40_changepoint_8cd416c24d53.json"),
    ) as HeadroomFixture;
    const out = JSON.parse(compress(fixture.input.content)!.output) as Json[];
    const at = out.indexOf(50);
    expect(out.slice(at - 1, at + 1)).toEqual([11, 50]);
  });
});

describe("jsonCompressor properties", () => {
  const jsonText = fc
    .tuple(fc.jsonValue(), fc.constantFrom(undefined, 1, 2, "\t"))
    .map(([v, indent]) => JSON.stringify(v, null, indent));

  it("turns valid JSON into valid JSON, losslessly when it may not drop", () => {
    let reached = 0;
    fc.assert(
      fc.property(jsonText, fc.boolean(), (text, canDrop) => {
        const out = compress(text, { canDrop });
        if (out === null) return;
        reached++;
        const value = JSON.parse(out.output) as Json;
        if (!canDrop) {
          expect(out.lossy).toBe(false);
          expect(expand(value)).toEqual(JSON.parse(text));
        }
      }),
      { numRuns: 300 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });

  it("is idempotent: a second pass returns null or the same output", () => {
    let reached = 0;
    fc.assert(
      fc.property(jsonText, fc.boolean(), (text, canDrop) => {
        const once = compress(text, { canDrop });
        if (once === null) return;
        reached++;
        const twice = compress(once.output, { canDrop });
        if (twice !== null) expect(twice.output).toBe(once.output);
      }),
      { numRuns: 300 },
    );
    // Enough generated cases reached the check: the property did not hold by default.
    expect(reached, "cases that reached the check").toBeGreaterThanOrEqual(10);
  });

  it("is deterministic", () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        expect(compress(text)).toEqual(compress(text));
      }),
      { numRuns: 100 },
    );
  });

  it("never throws, on any string", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "binary" }),
          jsonText.map((t) => t.slice(0, t.length >> 1)),
        ),
        (text) => {
          compress(text);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("survives 10 000 levels of nesting, dropping or not", () => {
    const text = '{"a":['.repeat(5_000) + "1" + "]}".repeat(5_000);
    for (const canDrop of [true, false]) {
      const out = compress(text, { canDrop });
      if (out !== null) expect(() => JSON.parse(out.output)).not.toThrow();
    }
  });

  it.runIf(inject("runtime") === "node")(
    "handles a 50 MB input",
    () => {
      const row = (i: number) =>
        `{"id": ${i}, "status": "${i % 9973 === 0 ? "error" : "ok"}", "message": "request ${i} served in ${i % 97} ms"}`;
      const parts: string[] = [];
      for (let i = 0, size = 0; size < 50_000_000; i++) {
        parts.push(row(i));
        size += parts[i].length + 2;
      }
      const text = "[" + parts.join(",\n") + "]";
      expect(text.length).toBeGreaterThan(50_000_000);
      const out = compress(text)!;
      expect(out.lossy).toBe(true);
      expect(out.output).toContain('"error"');
      expect(() => JSON.parse(out.output)).not.toThrow();
    },
    120_000,
  );
});

describe("jsonCompressor keeps the outline of records (issue #13)", () => {
  const own = openCorpus("own");
  const ownCase = async (id: string) => {
    const c = (await own.cases()).find((x) => x.id === id)!;
    return { c, text: await own.readCase(c) };
  };

  it("keeps every package of an npm ls --all tree by name, in valid JSON", async () => {
    const { c, text } = await ownCase("json-pithy-npm-ls-all");
    const out = compress(text)!.output;
    expect(() => JSON.parse(out)).not.toThrow();
    for (const must of c.must_keep) expect(out, must).toContain(must);
  });

  it("keeps every entry of a lockfile's packages map by key, dropped ones as stubs", async () => {
    const { c, text } = await ownCase("json-pithy-package-lock");
    const out = compress(text)!.output;
    const value = JSON.parse(out) as { packages: Record<string, unknown> };
    const original = JSON.parse(text) as { packages: Record<string, unknown> };
    for (const key of Object.keys(original.packages)) expect(value.packages, key).toHaveProperty([key]);
    for (const must of c.must_keep) expect(out, must).toContain(must);
  });

  it("keeps a failed test's name, status and first failure lines past the depth cap", async () => {
    const { c, text } = await ownCase("json-pithy-vitest-json-report");
    const out = compress(text)!.output;
    for (const must of c.must_keep) expect(out, must).toContain(must);
  });

  it("keeps each lint diagnostic's rule and location in a biome report", async () => {
    const { c, text } = await ownCase("json-express-biome-lint-report");
    const out = compress(text)!.output;
    for (const must of c.must_keep) expect(out, must).toContain(must);
  });

  it("keeps npm query records' _id when their array is crushed", async () => {
    const { c, text } = await ownCase("json-pithy-npm-query-dev");
    const out = compress(text)!.output;
    const ids = (JSON.parse(text) as { _id: string }[]).map((r) => r._id);
    for (const id of ids) expect(out, id).toContain(`"_id": ${JSON.stringify(id)}`);
    for (const must of c.must_keep) expect(out, must).toContain(must);
  });

  it("keeps the heading (textRaw) of every section of Node's API doc JSON, at any depth", async () => {
    const { c, text } = await ownCase("json-nodejs-api-dns-json");
    const out = compress(text)!.output;
    // Headings proper: a parameter's textRaw that runs on as its description is cut like prose.
    const headings = (text.match(/"textRaw": "[^"]*"/g) ?? []).filter((h) => h.length <= 120);
    const shown = headings.filter((heading) => out.includes(heading));
    expect(headings.length).toBeGreaterThan(50);
    // All but the rows of a crushed array (5 methods, named by its marker) show their heading.
    expect(shown.length).toBeGreaterThan(headings.length * 0.9);
    for (const must of c.must_keep) expect(out, must).toContain(must);
  });

  it("keeps a paginated response's Link header past the depth cap", () => {
    const link = Array.from(
      { length: 4 },
      (_, i) =>
        `<https://api.github.com/repositories/1300192/issues?page=${i + 2}>; rel="${["next", "last", "first", "prev"][i]}"`,
    ).join(", ");
    const body = Array.from({ length: 30 }, (_, i) => ({ id: i, title: `issue ${i}`, body: "x".repeat(300) }));
    const text = JSON.stringify({ response: { meta: { headers: { link, "x-ratelimit-remaining": "59" } } }, body });
    // Nothing here is worth dropping: the compressor may leave the text to pass through as it is.
    const out = compress(text)?.output ?? text;
    expect(out).toContain(JSON.stringify(link));
  });

  it("groups stubs past the stub budget under a note naming the first and last record", () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ name: `pkg-${i}`, version: "1.0.0", size: i % 7 }));
    const out = compress(JSON.stringify(rows))!.output;
    const value = JSON.parse(out) as unknown[];
    const group = value.find((v) => typeof v === "string" && v.startsWith("…(")) as string;
    expect(group).toMatch(/^…\(\d[\d,]* records \[\d+\]–\[\d+\]: pkg-\d+ … pkg-\d+\)$/);
    expect(out).toContain('"name":"pkg-1999"');
  });
});

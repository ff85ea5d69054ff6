import { describe, expect, it } from "vitest";
import { detect } from "../../src/router/detect.js";
import { corpusCases, loadCorpus, readCorpusFile } from "../support/corpus.js";
import type { ContentType } from "../../src/types.js";

// Headroom's content types, mapped to ours (it has no log/terminal split, no markdown).
const HEADROOM_TYPES: Record<string, ContentType[]> = {
  diff: ["diff"],
  source_code: ["code"],
  json_array: ["json"],
  build: ["log"],
  search: ["search"],
  html: ["html"],
  text: ["prose", "unknown", "markdown"],
};

describe("detect", () => {
  it("routes at least 95 % of the corpus cases to their class by content alone", async () => {
    const cases = (await loadCorpus()).filter((c) => c.class !== "adversarial");
    const wrong = cases.filter((c) => detect(c.text).type !== c.class).map((c) => `${c.id}→${detect(c.text).type}`);
    expect(wrong.length / cases.length, wrong.join(", ")).toBeLessThanOrEqual(0.05);
  });

  it("routes every corpus case to its class when given the case's tool hint", async () => {
    const cases = (await loadCorpus()).filter((c) => c.class !== "adversarial");
    const wrong = cases.filter((c) => detect(c.text, { tool: c.tool_hint }).type !== c.class);
    expect(wrong.map((c) => `${c.id}→${detect(c.text, { tool: c.tool_hint }).type}`)).toEqual([]);
  });

  it("agrees with Headroom's recorded content-detector outputs on their fixtures", async () => {
    const ids = [
      "247811aecfdec556",
      "37c86907c057e293",
      "3a0b14d2dea7c876",
      "3ba74a1f57c5351e",
      "4efe946303371867",
      "53400da2b7dd2428",
      "552d30c30c2a6793",
      "5e8e1bc29f6c71c5",
      "628c8985c40adb7d",
      "67f4b1a1697c8aa9",
    ];
    const all = await Promise.all(
      ids.map(async (id) => JSON.parse(await readCorpusFile(`headroom-fixtures/content_detector/${id}.json`))),
    );
    let agree = 0;
    const misses: string[] = [];
    for (const f of all) {
      const want = HEADROOM_TYPES[f.output.content_type] ?? [];
      const got = detect(f.input).type;
      if (want.includes(got) || f.output.confidence < 0.5) agree++;
      else misses.push(`${f.output.content_type}→${got}: ${JSON.stringify(f.input.slice(0, 60))}`);
    }
    expect(agree / all.length, misses.join("\n")).toBeGreaterThanOrEqual(0.8);
  });

  it("trusts a file name's extension over the content", () => {
    expect(detect("just words here", { filename: "src/a.ts" }).type).toBe("code");
    expect(detect("a,b\n1,2\n", { filename: "data.CSV" }).type).toBe("tabular");
  });

  it("trusts a forced content type", () => {
    expect(detect("{}", { contentType: "log" })).toMatchObject({ type: "log", by: "hint" });
  });

  it("calls truncated JSON json so the JSON path can fail over to text", () => {
    expect(detect('{"_id": "debug", "versions": {"0.0.1": {"name": "deb').type).toBe("json");
  });

  it("calls a large array with one object per line json, not a table", () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `{"id":${i},"name":"row ${i}","ok":true}`);
    expect(detect("[" + rows.join(",\n") + "]").type).toBe("json");
  });

  it("calls JSON Lines json when each line parses (the JSON compressor keeps one record per line)", () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `{"id":${i},"name":"row ${i}","ok":true}`);
    expect(detect(rows.join("\n")).type).toBe("json");
    expect(
      detect(rows.slice(0, 50).join("\n") + '\n{"id":50,"name":"row 50",\n' + rows.slice(51).join("\n")).type,
    ).not.toBe("json");
  });

  it("calls rg --json output search, not json", () => {
    const rg =
      '{"type":"begin","data":{"path":{"text":"a.rs"}}}\n{"type":"match","data":{"path":{"text":"a.rs"},"lines":{"text":"x"},"line_number":3}}\n{"type":"end","data":{}}\n';
    expect(detect(rg).type).toBe("search");
  });

  it("reads a long numbered read as one whatever line its 16 KB sample ends inside", () => {
    // The sample is cut at 16 KB: where the cut falls inside a line's number (`  2871`), that
    // partial line has no TAB yet. Read as unnumbered, such a read of code routed as tabular.
    const body = Array.from({ length: 900 }, (_, i) => `export const value${i} = compute(${i}, "item");`);
    for (let shift = 0; shift < 8; shift++) {
      const lines = [" ".repeat(shift), ...body];
      const text = lines.map((l, i) => `${String(i + 1).padStart(6)}\t${l}`).join("\n");
      const found = detect(text);
      expect(found.numbered, `shift ${shift}`).toBe(true);
      expect(["code", "doc_read"]).toContain(found.type);
    }
  });

  it("calls a line-numbered read of code code and of prose doc_read", () => {
    const code = Array.from(
      { length: 20 },
      (_, i) => `${String(i + 1).padStart(6)}\t${i % 2 ? "  return x;" : "function f() {"}`,
    ).join("\n");
    expect(detect(code)).toMatchObject({ type: "code", numbered: true });
    const prose = Array.from(
      { length: 20 },
      (_, i) =>
        `${String(i + 1).padStart(6)}\t${i % 3 ? "The quick brown fox jumps over the lazy dog again." : "## Section"}`,
    ).join("\n");
    expect(detect(prose)).toMatchObject({ type: "doc_read", numbered: true });
  });

  it("calls a CSV whose only record separator is a bare CR tabular", async () => {
    const c = (await corpusCases()).find((x) => x.id === "adversarial-csv-cr-only-line-endings")!;
    const text = (await loadCorpus()).find((x) => x.id === c.id)!.text;
    expect(detect(text).type).toBe("tabular");
  });

  it("answers unknown for empty or blank content", () => {
    expect(detect("").type).toBe("unknown");
    expect(detect(" \n\n\t\n").type).toBe("unknown");
  });

  it("does not throw on lone surrogates, NUL and a 1 MB single line", () => {
    expect(() => detect("\ud800abc\u0000\udfff\n".repeat(100))).not.toThrow();
    expect(() => detect("x".repeat(1 << 20))).not.toThrow();
  });
});

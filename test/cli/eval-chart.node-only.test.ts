import { describe, expect, it } from "vitest";
import { renderSvg } from "../../src/cli/eval-chart.js";
import type { EvalReport, EvalRow } from "../../src/cli/eval.js";

const row = (id: string, klass: string, tokensIn: number, tokensOut: number): EvalRow => ({
  id,
  klass,
  type: klass,
  action: "compressed",
  reason: "",
  strategy: klass,
  bytes: tokensIn * 4,
  tokensIn,
  tokensOut,
  mustKeep: 1,
  kept: 1,
  keptLiterally: 1,
  missing: [],
  recallExact: true,
  markers: 0,
  markerTokens: 0,
  ms: 1,
});

const report: EvalReport = {
  tokenizer: "o200k_base (js-tiktoken)",
  rows: [row("a", "log", 62330, 958), row("b", "json", 1000, 997), row("c", "diff<&>", 500, 250)],
};

describe("renderSvg", () => {
  const svg = renderSvg(report);

  it("is a standalone SVG document with a title", () => {
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/,
    );
    expect(svg).toContain("<title>");
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });

  it("draws both axes and a 0–100 % scale with its label", () => {
    const lines = svg.match(/<line [^>]*stroke="#57606a"\/>/g) ?? [];
    expect(lines.length).toBeGreaterThanOrEqual(2 + 5);
    for (const tick of ["0 %", "25 %", "50 %", "75 %", "100 %"]) expect(svg).toContain(`>${tick}</text>`);
    expect(svg).toContain(">tokens out, % of tokens in</text>");
  });

  it("has a row per class and an 'all' row, each with its change and counts", () => {
    expect(svg).toContain(">log</text>");
    expect(svg).toContain(">json</text>");
    expect(svg).toContain('font-weight="bold">all</text>');
    expect(svg).toContain(">−98% (62330 → 958)</text>");
    expect(svg).toContain(">−0.3% (1000 → 997)</text>");
    expect(svg).toContain(`>${"−97%"} (63830 → 2205)</text>`);
  });

  it("names the tokenizer under the title, without the report's install advice", () => {
    expect(svg).toContain(">tokens counted by o200k_base (js-tiktoken)</text>");
    const estimated = renderSvg({
      ...report,
      tokenizer: "pithy's estimate (install js-tiktoken for exact o200k_base counts)",
    });
    expect(estimated).toContain(">tokens counted by pithy's estimate</text>");
  });

  it("escapes class names", () => {
    expect(svg).toContain(">diff&lt;&amp;&gt;</text>");
    expect(svg).not.toContain("diff<&>");
  });

  it("draws each blue bar as the share of its row's input that is left", () => {
    const bars = [...svg.matchAll(/<rect x="110" y="\d+" width="([\d.]+)" height="16" fill="#2f81f7"\/>/g)].map((m) =>
      Number(m[1]),
    );
    expect(bars).toHaveLength(4);
    expect(bars[2]).toBeCloseTo(210, 0); // diff: 250 of 500 tokens → half of the 420-wide bar
  });
});

/**
 * The chart of `pithy eval`: per class, and for the corpus as a whole, how
 * much of the input's tokens the output keeps. Drawn as shares of each row's
 * own input (0–100 % on one axis) rather than as absolute token counts: the
 * classes differ in size by orders of magnitude, and the "all" row would
 * flatten every other bar.
 */
import { classTotals, type EvalReport } from "./eval.js";
import { formatChange } from "./savings-line.js";

const WIDTH = 720;
const LEFT = 110;
const BAR_WIDTH = 420;
const ROW_HEIGHT = 26;
const BAR_HEIGHT = 16;
const TOP = 64;
const TICKS = [0, 25, 50, 75, 100];

/** A bar chart of tokens out as a share of tokens in, per class and for "all", with axes and a scale, as SVG. */
export function renderSvg(report: EvalReport): string {
  const totals = classTotals(report.rows);
  const axisY = TOP + totals.length * ROW_HEIGHT + 6;
  const height = axisY + 52;
  const x = (percent: number) => LEFT + (BAR_WIDTH * percent) / 100;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>pithy eval: tokens out as a share of tokens in, per class</title>`,
    `<text x="${LEFT}" y="18" font-weight="bold">Tokens out as a share of tokens in</text>`,
    `<text x="${LEFT}" y="34" font-size="11" fill="#57606a">tokens counted by ${esc(tokenizerName(report.tokenizer))}</text>`,
    `<rect x="${LEFT}" y="42" width="10" height="10" fill="#d0d7de"/><text x="${LEFT + 14}" y="51">tokens in (100 %)</text>`,
    `<rect x="${LEFT + 130}" y="42" width="10" height="10" fill="#2f81f7"/><text x="${LEFT + 144}" y="51">tokens out</text>`,
  ];
  // Grid lines and the scale first, so the bars are drawn over them.
  for (const t of TICKS) {
    parts.push(
      `<line x1="${x(t)}" y1="${TOP - 4}" x2="${x(t)}" y2="${axisY}" stroke="#eaeef2"/>`,
      `<line x1="${x(t)}" y1="${axisY}" x2="${x(t)}" y2="${axisY + 5}" stroke="#57606a"/>`,
      `<text x="${x(t)}" y="${axisY + 18}" text-anchor="middle">${t} %</text>`,
    );
  }
  totals.forEach((t, i) => {
    const y = TOP + i * ROW_HEIGHT;
    const isAll = t.klass === "all";
    const share = t.tokensIn > 0 ? Math.min(100, (100 * t.tokensOut) / t.tokensIn) : 0;
    if (isAll) parts.push(`<line x1="8" y1="${y - 5}" x2="${WIDTH - 8}" y2="${y - 5}" stroke="#8c959f"/>`);
    parts.push(
      `<text x="${LEFT - 8}" y="${y + 12}" text-anchor="end"${isAll ? ' font-weight="bold"' : ""}>${esc(t.klass)}</text>`,
      `<rect x="${LEFT}" y="${y}" width="${BAR_WIDTH}" height="${BAR_HEIGHT}" fill="#d0d7de"/>`,
      `<rect x="${LEFT}" y="${y}" width="${Math.max(1, (BAR_WIDTH * share) / 100).toFixed(1)}" height="${BAR_HEIGHT}" fill="#2f81f7"/>`,
      `<text x="${LEFT + BAR_WIDTH + 8}" y="${y + 12}">${formatChange(t.tokensIn, t.tokensOut)} (${t.tokensIn} → ${t.tokensOut})</text>`,
    );
  });
  parts.push(
    `<line x1="${LEFT}" y1="${TOP - 4}" x2="${LEFT}" y2="${axisY}" stroke="#57606a"/>`,
    `<line x1="${LEFT}" y1="${axisY}" x2="${LEFT + BAR_WIDTH}" y2="${axisY}" stroke="#57606a"/>`,
    `<text x="${LEFT + BAR_WIDTH / 2}" y="${axisY + 38}" text-anchor="middle">tokens out, % of tokens in</text>`,
    "</svg>",
  );
  return parts.join("\n") + "\n";
}

/** The tokenizer's name without the report's advice in parentheses ("pithy's estimate (install …)"). */
function tokenizerName(name: string): string {
  return name.replace(/\s*\(install [^)]*\)$/, "");
}

function esc(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

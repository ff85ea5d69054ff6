// estimateTokens rows for the kernel benchmark (bench/kernels.mjs): the WASM
// path, the TS twin, the dispatcher, and three npm peers: tokenx (another
// estimator) and two exact o200k tokenizers (gpt-tokenizer, js-tiktoken).
import { estimateTokenCount } from "tokenx";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { ASCII_CLASSES } from "../inputs.mjs";

const tiktoken = new Tiktoken(o200k);

// The exact tokenizers run at a few MB/s: 10 MB inputs would take minutes.
const EXACT_MAX_CHARS = 200_000;

/** @param {typeof import("../../src/kernels.ts")} lib */
export default async function implementations(lib) {
  const host = lib.wasmHost();
  return [
    { kernel: "estimateTokens", impl: "wasm", fn: (text) => lib.estimateTokensWasm(host, text) },
    { kernel: "estimateTokens", impl: "twin", fn: (text) => lib.estimateTokensTwin(text) },
    { kernel: "estimateTokens", impl: "dispatch", fn: (text) => lib.estimateTokens(text) },
    { kernel: "estimateTokens", impl: "tokenx", fn: (text) => estimateTokenCount(text) },
    { kernel: "estimateTokens", impl: "gpt-tokenizer", fn: (text) => countTokens(text), maxChars: EXACT_MAX_CHARS },
    {
      kernel: "estimateTokens",
      impl: "js-tiktoken",
      fn: (text) => tiktoken.encode(text).length,
      maxChars: EXACT_MAX_CHARS,
    },
  ];
}

/**
 * The goals for estimateTokens at 100 KB (reported, not asserted): ≥ 1.5 GB/s
 * on ASCII classes, ≥ 2.5× the twin, ≥ 40× tokenx.
 * @param {(kernel: string, impl: string, className: string, sizeLabel: string) => number | undefined} mbps
 */
export function summary(mbps) {
  const lines = [
    "| class | dispatch MB/s | ≥ 1500 | × twin | ≥ 2.5 | × tokenx | ≥ 40 |",
    "|---|---:|:-:|---:|:-:|---:|:-:|",
  ];
  for (const cls of ASCII_CLASSES) {
    const d = mbps("estimateTokens", "dispatch", cls, "100 KB");
    const t = mbps("estimateTokens", "twin", cls, "100 KB");
    const x = mbps("estimateTokens", "tokenx", cls, "100 KB");
    if (d === undefined || t === undefined || x === undefined) continue;
    const ok = (v) => (v ? "yes" : "no");
    lines.push(
      `| ${cls} | ${d.toFixed(0)} | ${ok(d >= 1500)} | ${(d / t).toFixed(1)} | ${ok(d / t >= 2.5)} | ${(d / x).toFixed(1)} | ${ok(d / x >= 40)} |`,
    );
  }
  return ["Goals for `estimateTokens` at 100 KB (reported, not asserted):", "", ...lines];
}

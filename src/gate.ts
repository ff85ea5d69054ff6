import { hasMarker } from "./ccr/marker.js";
import type { LineIndex } from "./kernels/lines.js";
import { detect, type Detection } from "./router/detect.js";
import { isReadTool } from "./router/hint.js";
import type { ContentType, Hint, Mode, SkipReason } from "./types.js";

/** What the gate needs to know of the configuration. */
export interface GateConfig {
  mode: Mode;
  /** Content estimated below this many tokens is left alone. */
  minTokens: number;
  /** Content longer than this many characters is left alone (cost ceiling). */
  maxChars: number;
  /** Tool-name glob patterns (`mcp__*`, `Bash`) whose output is never touched. */
  excludeTools: readonly string[];
  /** `verbatim`: every file read stays verbatim (for agents that edit what they read). */
  reads: "auto" | "verbatim";
}

/** The gate's verdict. */
export interface GateDecision {
  action: "compress" | "skip";
  /** The content type (from the hint or detection); `unknown` when the gate stopped before detecting. */
  klass: ContentType;
  /** Why it decided so, for telemetry and debugging (`too_short: 120 < 250 tokens`). */
  signal: string;
  reason?: SkipReason;
  detection?: Detection;
}

// Lines this long of base64/hex are blobs, not code anybody edits by hand.
const BLOB_RE = /[A-Za-z0-9+/=_-]{2048}/;

/**
 * Decides whether content is worth compressing: mode, size, excluded tools,
 * already-compressed output, and code the agent may edit.
 * @example decide(text, estimateTokens(text), { tool: "Bash" }, config).action // "compress"
 */
export function decide(
  content: string,
  tokens: number,
  hint: Hint,
  config: GateConfig,
  lines?: LineIndex,
): GateDecision {
  if (config.mode === "off") return skip("mode_off", "mode is off");
  if (content.length === 0) return skip("empty", "empty content");
  // Too short takes precedence over every other reason: it is the common case and the cheapest.
  if (tokens < config.minTokens) return skip("too_short", `${tokens} < ${config.minTokens} tokens`);
  if (content.length > config.maxChars) return skip("too_large", `${content.length} > ${config.maxChars} chars`);
  const tool = hint.tool;
  if (tool !== undefined && config.excludeTools.some((glob) => globMatch(glob, tool))) {
    return skip("excluded_tool", `tool ${tool} is excluded`);
  }
  if (hasMarker(content)) return skip("already_compressed", "content already holds pithy markers");

  const detection = detect(content, hint, lines);
  const isRead = isReadTool(tool) || detection.numbered === true;
  if (isRead && config.reads === "verbatim") return skip("read_verbatim", "file reads are verbatim", detection);
  if (detection.type === "code" && hint.compressCode !== true && !BLOB_RE.test(content)) {
    return skip("code_verbatim", "code is kept verbatim unless code compression is asked for", detection);
  }
  return {
    action: "compress",
    klass: detection.type,
    signal: `${detection.type} by ${detection.by} (${detection.confidence.toFixed(2)})`,
    detection,
  };
}

function skip(reason: SkipReason, signal: string, detection?: Detection): GateDecision {
  return { action: "skip", klass: detection?.type ?? "unknown", signal, reason, detection };
}

/**
 * Matches a tool name against a glob with `*` (any run) and `?` (one
 * character), case-sensitive, over the whole name. A greedy scan that
 * remembers only the last `*` keeps it O(glob × name) in the worst case, where
 * a regex built from the glob (`^.*a.*a.*b$`) backtracks exponentially.
 */
export function globMatch(glob: string, name: string): boolean {
  let g = 0;
  let n = 0;
  let starG = -1;
  let starN = 0;
  while (n < name.length) {
    const c = glob.charCodeAt(g);
    if (g < glob.length && (c === 63 /* ? */ || c === name.charCodeAt(n))) {
      g++;
      n++;
    } else if (g < glob.length && c === 42 /* * */) {
      starG = g++;
      starN = n;
    } else if (starG !== -1) {
      g = starG + 1;
      n = ++starN;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob.charCodeAt(g) === 42) g++;
  return g === glob.length;
}

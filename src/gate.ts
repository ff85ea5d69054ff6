import { hasAnsi } from "./kernels/ansi.js";
import type { Detection } from "./router/detect.js";
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
  /** The content types compressed (null: every type); the others pass through. */
  types: ReadonlySet<ContentType> | null;
}

/** The gate's verdict. */
export interface GateDecision {
  action: "compress" | "skip";
  /** The content type (from the hint or detection); `unknown` when the gate stopped before routing. */
  klass: ContentType;
  /** Why it decided so, for telemetry and debugging (`too_short: 120 < 250 tokens`). */
  signal: string;
  reason?: SkipReason;
  detection?: Detection;
}

/** Why the gate leaves content alone. */
export interface GateSkip {
  reason: SkipReason;
  signal: string;
}

// Runs this long of base64/hex are blobs, not code anybody edits by hand.
const BLOB_RUN = 2048;

/** Base64/hex alphabet (`A-Za-z0-9+/=_-`), by ASCII code. */
const BLOB_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  BLOB_CHAR[c] = /[A-Za-z0-9+/=_-]/.test(ch) ? 1 : 0;
}

/**
 * Whether `content` holds {@link BLOB_RUN} blob characters in a row. One scan:
 * `/[A-Za-z0-9+/=_-]{2048}/` is linear but retries 2 047 characters from each
 * start, so 8 MB of 2 047-character code lines took 30 s only to say no.
 */
export function hasBlob(content: string): boolean {
  let run = 0;
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    if (c < 128 && BLOB_CHAR[c] === 1) {
      if (++run >= BLOB_RUN) return true;
    } else run = 0;
  }
  return false;
}

/**
 * The gate before routing: mode, size and excluded tools. Null when the
 * content may go on. (Whether content is pithy's own output needs the store:
 * the pipeline asks it, see Pipeline.markerStep.)
 * @example admit(text, estimateTokens(text), { tool: "Bash" }, config) // null
 */
export function admit(content: string, tokens: number, hint: Hint, config: GateConfig): GateSkip | null {
  if (config.mode === "off") return { reason: "mode_off", signal: "mode is off" };
  if (content.length === 0) return { reason: "empty", signal: "empty content" };
  // Too short takes precedence over every other reason: it is the common case and the cheapest.
  if (tokens < config.minTokens) return { reason: "too_short", signal: `${tokens} < ${config.minTokens} tokens` };
  if (content.length > config.maxChars) {
    return { reason: "too_large", signal: `${content.length} > ${config.maxChars} chars` };
  }
  const tool = hint.tool;
  if (tool !== undefined && config.excludeTools.some((glob) => globMatch(glob, tool))) {
    return { reason: "excluded_tool", signal: `tool ${tool} is excluded` };
  }
  return null;
}

/**
 * The gate after routing: types the caller left out, reads kept verbatim
 * on request, and code the agent may edit (kept unless the hint asks for code compression, or it
 * holds a blob no one edits by hand). Null when the content is compressed.
 */
export function admitRouted(detection: Detection, content: string, hint: Hint, config: GateConfig): GateSkip | null {
  if (config.types !== null && !config.types.has(detection.type)) {
    return { reason: "type_off", signal: `${detection.type} is not among the types compressed` };
  }
  const isRead = isReadTool(hint.tool) || detection.numbered === true;
  if (isRead && config.reads === "verbatim") return { reason: "read_verbatim", signal: "file reads are verbatim" };
  // Coloured code (`bat`, `highlight`) still loses its escapes: the code chain strips them first.
  if (detection.type === "code" && hint.compressCode !== true && !hasBlob(content) && !hasAnsi(content)) {
    return { reason: "code_verbatim", signal: "code is kept verbatim unless code compression is asked for" };
  }
  return null;
}

/**
 * The whole gate for content the router has typed as `detection`:
 * {@link admit}, then {@link admitRouted}.
 * @example decide(text, estimateTokens(text), hint, config, detect(text, hint)).action // "compress"
 */
export function decide(
  content: string,
  tokens: number,
  hint: Hint,
  config: GateConfig,
  detection: Detection,
): GateDecision {
  const before = admit(content, tokens, hint, config);
  if (before !== null) return { action: "skip", klass: "unknown", ...before };
  const after = admitRouted(detection, content, hint, config);
  if (after !== null) return { action: "skip", klass: detection.type, ...after, detection };
  return {
    action: "compress",
    klass: detection.type,
    signal: `${detection.type} by ${detection.by} (${detection.confidence.toFixed(2)})`,
    detection,
  };
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

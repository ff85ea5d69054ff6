/** What kind of content a tool output is; picks the compressor chain. */
export type ContentType =
  | "json"
  | "search"
  | "log"
  | "diff"
  | "code"
  | "doc_read"
  | "markdown"
  | "html"
  | "terminal"
  | "tabular"
  | "prose"
  | "unknown";

/** Every content type (the router's order of precedence is in router/detectors.ts). */
export const CONTENT_TYPES: readonly ContentType[] = [
  "json",
  "diff",
  "search",
  "log",
  "terminal",
  "doc_read",
  "tabular",
  "html",
  "markdown",
  "code",
  "prose",
  "unknown",
];

/** `off` never compresses; `lossless` never drops anything; `lossy` drops what it can recall. */
export type Mode = "off" | "lossless" | "lossy";

/** How much a lossy compressor keeps: `conservative` ≈ 2× the default caps, `aggressive` ≈ ½×. */
export type Profile = "conservative" | "default" | "aggressive";

/** What the caller knows about the content: all optional, all trusted less than the bytes. */
export interface Hint {
  /** Name of the tool that produced the content (`Bash`, `read_file`, `mcp__github__search`…). */
  tool?: string;
  /** File the content was read from, for its extension. */
  filename?: string;
  /** MIME type, where the tool reports one. */
  mime?: string;
  /** Forces a content type, skipping detection. */
  contentType?: ContentType;
  /** What the agent is looking for: rows, lines and sentences that match it are kept first. */
  query?: string;
  /** The tool call's id, so a recall can name the call instead of the key. */
  callId?: string;
  /** Compress code too (only then is code skeletonised). */
  compressCode?: boolean;
}

/** Why the gate or the pipeline left content as it was. */
export type SkipReason =
  | "mode_off"
  | "empty"
  | "too_short"
  | "too_large"
  | "excluded_tool"
  | "code_verbatim"
  /** The routed type is not among `createPithy({ types })`. */
  | "type_off"
  | "read_verbatim"
  | "already_compressed"
  | "no_gain"
  | "guardrail"
  | "error"
  /** Bytes that are not UTF-8 text (a NUL early on, or invalid UTF-8): the CLI passes them through as bytes. */
  | "binary";

/** What the fidelity check found: the input's distinct salient lines, how many stay visible, the re-renders it took. */
export interface Fidelity {
  salient: number;
  visible: number;
  rerenders: number;
}

/** The outcome of one `compress` call. */
export interface CompressResult {
  /** What the model should see: the compressed text, or the input itself when skipped. */
  output: string;
  action: "compressed" | "skipped";
  reason?: SkipReason;
  type: ContentType;
  /** Names of the compressors that ran, joined by `+` (`terminal+log`), or `none`. */
  strategy: string;
  /** Key of the stored original when anything was dropped. */
  key?: string;
  bytesIn: number;
  bytesOut: number;
  tokensIn: number;
  tokensOut: number;
  /** Compressor-specific counts (lines kept, rows dropped…); `fidelity` as "visible/salient". */
  detail: Record<string, number | string>;
  /** What the fidelity check found, for types whose output shows the input's lines. */
  fidelity?: Fidelity;
}

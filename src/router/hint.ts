import { CODE_EXTENSIONS, extensionOf } from "../file-names.js";
import type { ContentType, Hint } from "../types.js";

// `.txt` is deliberately absent: tool output saved to a text file can be anything.
const EXTENSION_TYPES: Record<string, ContentType> = {
  json: "json",
  geojson: "json",
  har: "json",
  ipynb: "json",
  diff: "diff",
  patch: "diff",
  log: "log",
  out: "log",
  md: "markdown",
  markdown: "markdown",
  mdx: "markdown",
  rst: "markdown",
  adoc: "markdown",
  html: "html",
  htm: "html",
  xhtml: "html",
  csv: "tabular",
  tsv: "tabular",
  psv: "tabular",
};

/**
 * JSON Lines names (`events.jsonl`, `app.ndjson`): the content decides. Every
 * line a JSON record is JSON (the JSON compressor keeps it one record per
 * line); anything else is the log such files usually hold.
 */
const JSON_LINES_EXTENSIONS: ReadonlySet<string> = new Set(["jsonl", "ndjson"]);

const MIME_TYPES: Array<[RegExp, ContentType]> = [
  [/^application\/(?:[\w.+-]+\+)?json\b/i, "json"],
  [/^text\/html\b|^application\/xhtml\+xml\b/i, "html"],
  [/^text\/(?:markdown|x-markdown)\b/i, "markdown"],
  [/^text\/(?:csv|tab-separated-values)\b/i, "tabular"],
  [/^text\/(?:x-diff|x-patch)\b/i, "diff"],
  [/^text\/plain\b/i, "prose"],
];

const READ_TOOL_RE =
  /^(?:read|read_?file|readfile|view|view_?file|cat|open_?file|file_?read|fs_?read|str_replace_based_edit_tool)$|(?:^|[_.:-])read_?file$|^cat(?:\s|$)/i;
const SEARCH_TOOL_RE =
  /^(?:grep|rg|ripgrep|search|search_?code|code_?search|find_?in_?files|glob_?grep|ag|ack|git grep)(?:\s|$)|(?:^|[_.:-])(?:grep|search_code|ripgrep)$/i;

/**
 * The content type the hint names outright (forced type, file extension,
 * MIME), or null when the hint leaves it to the content.
 */
export function typeFromHint(hint: Hint | undefined): ContentType | null {
  if (hint === undefined) return null;
  if (hint.contentType !== undefined) return hint.contentType;
  if (hint.filename !== undefined && hint.filename !== "") {
    const ext = extensionOf(hint.filename);
    if (CODE_EXTENSIONS.has(ext)) return "code";
    const t = EXTENSION_TYPES[ext];
    if (t !== undefined) return t;
  }
  if (hint.mime !== undefined) {
    for (const [re, t] of MIME_TYPES) if (re.test(hint.mime)) return t;
  }
  return null;
}

/** Whether the hint names a JSON Lines file (`.jsonl`, `.ndjson`), whose type its content decides. */
export function namesJsonLines(hint: Hint | undefined): boolean {
  if (hint === undefined || hint.contentType !== undefined || hint.filename === undefined) return false;
  return JSON_LINES_EXTENSIONS.has(extensionOf(hint.filename));
}

/** Whether the tool is a file read (`Read`, `read_file`, `cat`…): code read this way stays verbatim. */
export function isReadTool(tool: string | undefined): boolean {
  return tool !== undefined && READ_TOOL_RE.test(tool.trim());
}

/** Whether the tool is a text search (`Grep`, `rg`, `search_code`…). */
export function isSearchTool(tool: string | undefined): boolean {
  return tool !== undefined && SEARCH_TOOL_RE.test(tool.trim());
}

/**
 * The detector of YAML documents: configuration (CI workflows, compose files,
 * Helm values), schemas, `kubectl get -o yaml`. A YAML file is read to be
 * edited or quoted back key by key, so it routes as `code` and stays
 * verbatim, like a source file; read without a file name, its prose
 * descriptions and `key: value` lines used to pass for Markdown, prose or a
 * table, and the keys between kept sections went behind markers.
 */
import type { Sample } from "../sample.js";
import type { Detector } from "./detector.js";

/**
 * A mapping key after the indentation (and an optional `- ` list dash): a
 * plain key without spaces or a quoted one, then `:` and a space or the end.
 */
const KEY_RE = /^(?:- +)?(?:[\w$./-]+|"[^"\n]*"|'[^'\n]*'):(?: |$)/;
/** The end of a key line whose value is a block scalar (`|`, `|-`, `>+`…): the lines below are its text. */
const BLOCK_SCALAR_RE = /: *[|>][-+]?[1-9]? *$/;

/** Share of non-blank lines that must read as YAML. */
const NEEDED = 0.9;
/** Nested mappings or lists a document must show: flat `Key: value` lists are stanzas, logs or tables. */
const MIN_NESTS = 1;
/**
 * Share of the lines outside comments and block text that must be keys, so a
 * Markdown outline of `#` headings and `- ` bullets is not YAML.
 */
const MIN_KEYS = 0.3;

export const yamlDetector: Detector = {
  type: "code",
  threshold: NEEDED,
  score(sample: Sample): number {
    let nonBlank = 0;
    let yamlish = 0;
    let keys = 0;
    /** Lines that are neither comments nor a block scalar's text. */
    let structural = 0;
    let nests = 0;
    let hasOpened = false;
    /** Indentation of the key whose block scalar is running, or -1. */
    let blockIndent = -1;
    /** Indentation of the previous line when it opened a nested value (`key:` alone), or -1. */
    let openIndent = -1;
    /** Indentation of the last key with a value on its line, whose deeper lines continue that value, or -1. */
    let valueIndent = -1;
    for (let i = 0; i < sample.count; i++) {
      const line = sample.line(i);
      let indent = 0;
      while (indent < line.length && line.charCodeAt(indent) === 32) indent++;
      if (indent === line.length || line.trim() === "") continue;
      nonBlank++;
      if (blockIndent >= 0) {
        if (indent > blockIndent) {
          yamlish++;
          continue;
        }
        blockIndent = -1;
      }
      const body = line.slice(indent);
      // A nested value is indented deeper, or is a list whose dashes sit under its key (`steps:` / `- uses: …`).
      if (openIndent >= 0 && (indent > openIndent || (indent === openIndent && body.charCodeAt(0) === 45))) nests++;
      openIndent = -1;
      if (body.charCodeAt(0) === 35 /* # */) {
        yamlish++;
        continue;
      }
      structural++;
      const isMarker = body === "---" || body === "..." || body.startsWith("--- ");
      const isKey = !isMarker && KEY_RE.test(body);
      const isItem = !isMarker && !isKey && (body === "-" || body.startsWith("- "));
      // The document opens with a key, a document marker or a list of mappings, never with prose.
      if (!hasOpened && !isMarker && !isKey) return 0;
      hasOpened = true;
      // A quoted or plain value may run on over deeper lines (`format: "table(\` …).
      const continuesValue = valueIndent >= 0 && indent > valueIndent;
      valueIndent = -1;
      if (continuesValue) {
        yamlish++;
        valueIndent = indent - 1;
        continue;
      }
      if (!isMarker && !isKey && !isItem) continue;
      yamlish++;
      if (!isKey) continue;
      keys++;
      // The key's own column: past the dash and spaces of a list item (`- name: x`).
      let column = indent;
      if (body.charCodeAt(0) === 45 /* - */) {
        column++;
        while (line.charCodeAt(column) === 32) column++;
      }
      const trimmed = body.trimEnd();
      if (trimmed.endsWith(":")) openIndent = column;
      else if (BLOCK_SCALAR_RE.test(trimmed)) blockIndent = indent;
      else valueIndent = column;
    }
    if (nonBlank === 0 || nests < MIN_NESTS || keys < structural * MIN_KEYS) return 0;
    return yamlish / nonBlank;
  },
};

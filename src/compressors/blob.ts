import type { Compressor } from "./types.js";

/** Opaque runs (base64, hex, minified data URIs) at least this long are blobs. */
const MIN_BLOB = 1024;
/** The blob's first characters stay, so the reader still sees what kind of data it is. */
const KEEP_HEAD = 16;
/** Only lines at least this long are scanned, so ordinary code costs one length check per line. */
const MIN_LINE = 2048;

function isBlobChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 43 ||
    c === 47 ||
    c === 61 ||
    c === 45 ||
    c === 95
  );
}

function describeBlob(text: string, start: number, end: number): string {
  let hex = true;
  for (let i = start; i < Math.min(end, start + 256); i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70))) {
      hex = false;
      break;
    }
  }
  return `${end - start}-char ${hex ? "hex" : "base64"} blob omitted`;
}

/**
 * Elides long opaque literals (an embedded base64 WASM module, a data URI, a
 * hex dump) as whole units after their first few characters, leaving every
 * other byte of the line and every other line as it was. Safe on code the agent may edit: nobody edits a
 * 70 KB base64 string by hand, and the marker recalls it exactly.
 */
export const blobCompressor: Compressor = {
  name: "blob",
  compress(input) {
    if (!input.canDrop) return null;
    const { text, lines } = input;
    let out = "";
    let copiedTo = 0;
    let blobs = 0;
    let removed = 0;
    for (let i = 0; i < lines.count; i++) {
      const start = lines.start(i);
      const end = lines.end(i);
      if (end - start < MIN_LINE) continue;
      let run = -1;
      for (let j = start; j <= end; j++) {
        const inRun = j < end && isBlobChar(text.charCodeAt(j));
        if (inRun && run === -1) run = j;
        else if (!inRun && run !== -1) {
          if (j - run >= MIN_BLOB) {
            out +=
              text.slice(copiedTo, run + KEEP_HEAD) +
              "…" +
              input.marker(describeBlob(text, run, j), { lines: [[i, i + 1]] });
            copiedTo = j;
            blobs++;
            removed += j - run - KEEP_HEAD;
          }
          run = -1;
        }
      }
    }
    if (blobs === 0) return null;
    out += text.slice(copiedTo);
    return { output: out, lossy: true, detail: { blobs, blobCharsOmitted: removed } };
  },
};

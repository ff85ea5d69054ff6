/**
 * Okapi BM25 over a small set of documents (sections or sentences of one
 * Markdown document), for ranking them against the caller's query. Terms are
 * lowercased letter/digit runs of two or more characters, stop words out;
 * `dispatcher.close()` gives `dispatcher` and `close`. Deterministic: no
 * hashing order reaches the scores.
 */

const K1 = 1.2;
const B = 0.75;
/** Longest term kept (beyond it a run is a hash or a blob, not a word). */
const MAX_TERM = 40;
/** Query terms looked at (a pasted paragraph as a query should not cost a pass per word). */
const MAX_QUERY_TERMS = 32;

const STOP_WORDS = new Set([
  "the",
  "and",
  "for",
  "are",
  "but",
  "not",
  "you",
  "all",
  "any",
  "can",
  "had",
  "her",
  "was",
  "one",
  "our",
  "out",
  "has",
  "have",
  "this",
  "that",
  "with",
  "from",
  "they",
  "will",
  "would",
  "there",
  "their",
  "what",
  "about",
  "which",
  "when",
  "make",
  "like",
  "into",
  "than",
  "them",
  "then",
  "its",
  "also",
  "how",
  "use",
  "used",
  "using",
  "may",
  "should",
  "could",
  "does",
  "did",
  "is",
  "it",
  "in",
  "on",
  "of",
  "to",
  "be",
  "as",
  "at",
  "by",
  "or",
  "an",
  "if",
  "so",
  "do",
  "we",
  "my",
  "me",
  "no",
  "up",
]);

function isWordChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    (c > 0x7f && c !== 0x2014 && c !== 0x2013 && c !== 0x2026 && c !== 0xa0 && (c < 0x2000 || c > 0x206f))
  );
}

/**
 * Calls `visit(start, end)` for each term-shaped run of `text` (before the
 * stop-word check), without allocating.
 */
function eachRun(text: string, visit: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const inWord = i < text.length && isWordChar(text.charCodeAt(i));
    if (inWord && start === -1) start = i;
    else if (!inWord && start !== -1) {
      const len = i - start;
      if (len >= 2 && len <= MAX_TERM) visit(start, i);
      start = -1;
    }
  }
}

/** The BM25 terms of `text`, lowercased, stop words out. */
export function terms(text: string): string[] {
  const out: string[] = [];
  eachRun(text, (s, e) => {
    const term = text.slice(s, e).toLowerCase();
    if (!STOP_WORDS.has(term)) out.push(term);
  });
  return out;
}

/**
 * Scores every document against `query` with BM25; a query with no usable
 * term scores all zero. Only runs as long as some query term are compared,
 * so long documents cost one scan and few allocations.
 * @example bm25Scores(["close the pool", "open a socket"], "close")[0] > 0 // true
 */
export function bm25Scores(docs: readonly string[], query: string): number[] {
  const scores = new Array<number>(docs.length).fill(0);
  const queryTerms = [...new Set(terms(query))].slice(0, MAX_QUERY_TERMS);
  if (queryTerms.length === 0 || docs.length === 0) return scores;
  const index = new Map(queryTerms.map((t, i) => [t, i]));
  const lengths = new Set(queryTerms.map((t) => t.length));
  const q = queryTerms.length;
  // tf[d * q + t]: occurrences of query term t in document d.
  const tf = new Uint32Array(docs.length * q);
  const docLength = new Uint32Array(docs.length);
  let totalLength = 0;
  for (let d = 0; d < docs.length; d++) {
    // The scan of eachRun, inlined: this loop reads every character of the document.
    const doc = docs[d];
    let n = 0;
    let start = -1;
    for (let i = 0; i <= doc.length; i++) {
      const inWord = i < doc.length && isWordChar(doc.charCodeAt(i));
      if (inWord) {
        if (start === -1) start = i;
        continue;
      }
      if (start === -1) continue;
      const len = i - start;
      if (len >= 2 && len <= MAX_TERM) {
        n++;
        if (lengths.has(len)) {
          const t = index.get(doc.slice(start, i).toLowerCase());
          if (t !== undefined) tf[d * q + t]++;
        }
      }
      start = -1;
    }
    docLength[d] = n;
    totalLength += n;
  }
  const avgLength = Math.max(1, totalLength / docs.length);
  for (let t = 0; t < q; t++) {
    let containing = 0;
    for (let d = 0; d < docs.length; d++) if (tf[d * q + t] > 0) containing++;
    if (containing === 0) continue;
    const idf = Math.log(1 + (docs.length - containing + 0.5) / (containing + 0.5));
    for (let d = 0; d < docs.length; d++) {
      const f = tf[d * q + t];
      if (f === 0) continue;
      const norm = K1 * (1 - B + B * (docLength[d] / avgLength));
      scores[d] += idf * ((f * (K1 + 1)) / (f + norm));
    }
  }
  return scores;
}

/**
 * Which matches an agent most likely needs: those naming the caller's query
 * terms, then those with error words. Scores are small integers so choosing
 * rows can bucket instead of sort.
 */

/** Highest score a row can get. */
export const MAX_SCORE = 3;
const QUERY_SCORE = 2;
const ERROR_SCORE = 1;

/** Words that mark a line as being about a failure (substrings, so `ImportError` counts). */
const ERROR_WORDS_RE = /error|fail|fatal|panic|exception|traceback|denied|refused|abort/i;
const MAX_TERMS = 16;
const MIN_TERM = 2;

/** The query's words, lowercased and deduplicated, in order (at most 16). */
export function queryTerms(query: string | undefined): string[] {
  if (query === undefined) return [];
  const terms: string[] = [];
  let word = "";
  const flush = (): void => {
    if (word.length >= MIN_TERM && !terms.includes(word) && terms.length < MAX_TERMS) terms.push(word);
    word = "";
  };
  // Bounded: a query is a sentence, but never trust its length.
  const q = query.length > 4096 ? query.slice(0, 4096) : query;
  for (let i = 0; i < q.length; i++) {
    const c = q.charCodeAt(i);
    const isWordChar = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
    if (isWordChar) word += q[i].toLowerCase();
    else flush();
  }
  flush();
  return terms;
}

/** How much `text` (one row's line) matters: 2 for a query term, +1 for an error word. */
export function scoreText(text: string, terms: readonly string[]): number {
  let score = ERROR_WORDS_RE.test(text) ? ERROR_SCORE : 0;
  if (terms.length > 0) {
    const lower = text.toLowerCase();
    for (const t of terms) {
      if (lower.includes(t)) {
        score += QUERY_SCORE;
        break;
      }
    }
  }
  return score;
}

/**
 * The one line the proxy logs per request: method, path (never the query,
 * which may carry a key), status, what was compressed, recall rounds, time.
 * No content, no header value, no marker key.
 */

/** What is logged of one request. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  /** `anthropic`, `openai-chat`, `openai-responses` or `forward`. */
  route: string;
  stream: boolean;
  toolResults: number;
  compressed: number;
  tokensIn: number;
  tokensOut: number;
  rounds: number;
  /** Why the body went unchanged, when it did. */
  skip?: string;
  ms: number;
}

/** Longest path logged (a client could send anything). */
const MAX_PATH = 200;

/** The log line of one request. */
export function formatRequestLog(entry: RequestLogEntry): string {
  const path = entry.path.length > MAX_PATH ? `${entry.path.slice(0, MAX_PATH)}…` : entry.path;
  const parts = [`pithy proxy: ${entry.method} ${path} ${entry.status} ${entry.route}`];
  if (entry.stream) parts.push("stream");
  if (entry.route !== "forward") {
    parts.push(`tool results ${entry.compressed}/${entry.toolResults} compressed`);
    if (entry.tokensIn > 0) parts.push(`tokens ${entry.tokensIn}→${entry.tokensOut}`);
    if (entry.rounds > 0) parts.push(`recall ${entry.rounds}`);
    if (entry.skip !== undefined && entry.skip !== "nothing_to_compress") parts.push(`unchanged (${entry.skip})`);
  }
  parts.push(`${Math.round(entry.ms)}ms`);
  return parts.join(" ");
}

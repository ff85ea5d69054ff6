/**
 * Transparent recall for whole (non-streaming) responses. When the model's
 * turn calls pithy_recall and none of the client's tools, the proxy answers
 * the calls from the store and sends the continued conversation upstream, up
 * to `maxRounds` times; the client gets only the last response, with what the
 * model said before each recall call and the usage of every round added. If
 * a continuation fails, the client gets the last good response as it was
 * (with its recall call, which the proxy answers in the next request).
 */
import { clientResponseHeaders, isJsonContentType } from "./headers.js";
import { parseJsonText } from "./json.js";
import { answerCalls, type Exchange } from "./exchange.js";
import type { RecallTurn } from "./providers/provider.js";

/** The response for the client and the rounds answered. */
export interface RecallLoopResult {
  response: Response;
  rounds: number;
  /** The response the client gets, parsed (undefined when it is not JSON). */
  final: Record<string, unknown> | undefined;
}

/** Serves `first` (a 200 JSON response) with transparent recall. */
export async function answerRecallRounds(first: Response, exchange: Exchange): Promise<RecallLoopResult> {
  const { provider, stats } = exchange;
  let current = { response: first, text: await first.text() };
  let json = parseJsonText(current.text);
  let body = exchange.body;
  const answered: RecallTurn[] = [];
  for (;;) {
    const turn = json === undefined ? null : provider.recallTurn(json);
    if (turn === null) break;
    if (answered.length >= exchange.maxRounds) {
      stats.recallLimitReached();
      break;
    }
    const next = provider.continueWith(body, turn, await answerCalls(exchange.pithy, turn.calls));
    const outcome = await exchange.send(next);
    if (
      !outcome.ok ||
      outcome.response.status !== 200 ||
      !isJsonContentType(outcome.response.headers.get("content-type"))
    ) {
      if (outcome.ok) await outcome.response.body?.cancel().catch(() => {});
      stats.failed("recall_continuation");
      break;
    }
    const text = await outcome.response.text();
    const nextJson = parseJsonText(text);
    if (nextJson === undefined) {
      stats.failed("recall_continuation");
      break;
    }
    stats.recallRound();
    answered.push(turn);
    body = next;
    current = { response: outcome.response, text };
    json = nextJson;
  }
  const { response, text } = current;
  const init = {
    status: response.status,
    statusText: response.statusText,
    headers: clientResponseHeaders(response.headers),
  };
  if (answered.length === 0 || json === undefined)
    return { response: new Response(text, init), rounds: 0, final: json };
  const merged = provider.mergeResponse(json, answered);
  return { response: new Response(JSON.stringify(merged), init), rounds: answered.length, final: merged };
}

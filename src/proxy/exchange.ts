/**
 * What the recall loops need to know about the request they serve: the
 * provider, the body as sent, a way to send a continuation upstream, and the
 * bound on rounds. Both loops (whole responses and streams) answer recall
 * calls the same way, through the library's `handleRecall`.
 */
import { handleRecall, type RecallAnswer } from "../messages/handle-recall.js";
import type { Pithy } from "../pipeline.js";
import type { ProxyStats } from "./proxy-stats.js";
import type { Provider, RequestBody } from "./providers/provider.js";
import type { UpstreamOutcome } from "./upstream.js";

/** One client request being served with transparent recall. */
export interface Exchange {
  provider: Provider;
  pithy: Pithy;
  /** The body the proxy sent upstream (compressed, recall tool offered). */
  body: RequestBody;
  /** Posts a continuation body to the same upstream URL with the client's headers. */
  send(body: RequestBody): Promise<UpstreamOutcome>;
  /** Rounds the proxy may answer itself. */
  maxRounds: number;
  stats: ProxyStats;
}

/** The answers to a turn's recall calls, in call order. */
export async function answerCalls(pithy: Pithy, calls: readonly unknown[]): Promise<RecallAnswer[]> {
  const answers: RecallAnswer[] = [];
  for (const call of calls) {
    // Every call here names the recall tool, so handleRecall always answers.
    const answer = await handleRecall(pithy, call);
    if (answer !== null) answers.push(answer);
  }
  return answers;
}

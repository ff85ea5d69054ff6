/**
 * Runs a provider's stream splicer over scripted rounds, the way the stream
 * relay does: what the client would receive, and the recall turns found.
 */
import type { RecallTurn, StreamSplicer } from "../../../src/proxy/providers/provider.js";
import { SseParser, type SseEvent } from "../../../src/proxy/sse.js";

/** The client's text and each round's turn, for rounds of raw event texts. */
export function splice(
  splicer: StreamSplicer,
  rounds: string[][],
  release = true,
): { text: string; turns: (RecallTurn | null)[] } {
  let text = "";
  const turns: (RecallTurn | null)[] = [];
  rounds.forEach((events, round) => {
    splicer.beginRound(round);
    const parser = new SseParser();
    for (const event of parser.push(events.join(""))) text += splicer.onEvent(event);
    for (const event of parser.end()) text += splicer.onEvent(event);
    turns.push(splicer.endRound());
  });
  if (release) text += splicer.release();
  return { text, turns };
}

/** The events of a stream's text. */
export function eventsOf(text: string): SseEvent[] {
  const parser = new SseParser();
  return [...parser.push(text), ...parser.end()];
}

/** The JSON data of every event that has some (payloads are checked field by field in the tests). */
export function dataOf(text: string): any[] {
  return eventsOf(text)
    .filter((e) => e.data.length > 0 && e.data !== "[DONE]")
    .map((e) => JSON.parse(e.data));
}

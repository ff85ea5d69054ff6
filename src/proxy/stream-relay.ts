/**
 * Transparent recall for streamed responses. Events are relayed to the
 * client as they arrive; the provider's splicer holds them back from the
 * moment the model starts a recall call. When the turn turns out to call
 * only the recall tool, the proxy answers it and streams the continuation in
 * its place, made to read as the same message; otherwise (a client tool in
 * the same turn, the round limit, a failed continuation) the held events go
 * out as they were. A client that goes away cancels the upstream stream.
 */
import { isEventStream } from "./headers.js";
import { answerCalls, type Exchange } from "./exchange.js";
import { SseParser } from "./sse.js";

/** The stream for the client; `onEnd` gets the rounds answered and the last round's response once it is over. */
export function relayWithRecall(
  first: Response,
  exchange: Exchange,
  onEnd: (rounds: number, lastResponse: unknown) => void,
): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  let clientGone = false;
  const write = async (text: string) => {
    if (text.length === 0) return;
    try {
      await writer.write(encoder.encode(text));
    } catch (error) {
      clientGone = true;
      throw error;
    }
  };
  const { provider, stats } = exchange;
  const splicer = provider.streamSplicer();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let rounds = 0;

  const pump = async () => {
    let response = first;
    let body = exchange.body;
    for (let round = 0; ; round++) {
      splicer.beginRound(round);
      const parser = new SseParser();
      reader = (response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() })).getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const event of parser.push(value)) await write(splicer.onEvent(event));
        }
        for (const event of parser.end()) await write(splicer.onEvent(event));
      } catch (error) {
        if (clientGone) throw error;
        // The upstream broke off: the client gets what was held, then the same break.
        stats.failed("upstream_stream");
        await write(splicer.release());
        throw error;
      }
      const turn = splicer.endRound();
      if (turn === null) break;
      if (round >= exchange.maxRounds) {
        stats.recallLimitReached();
        break;
      }
      const next = provider.continueWith(body, turn, await answerCalls(exchange.pithy, turn.calls));
      const outcome = await exchange.send(next);
      if (
        !outcome.ok ||
        outcome.response.status !== 200 ||
        !isEventStream(outcome.response.headers.get("content-type"))
      ) {
        if (outcome.ok) await outcome.response.body?.cancel().catch(() => {});
        stats.failed("recall_continuation");
        break;
      }
      stats.recallRound();
      rounds++;
      body = next;
      response = outcome.response;
    }
    await write(splicer.release());
    await writer.close();
  };

  pump()
    .catch(async (error: unknown) => {
      // Either side failed: stop reading the upstream, and end the client's stream with the failure.
      await reader?.cancel(error).catch(() => {});
      await writer.abort(error).catch(() => {});
    })
    .finally(() => onEnd(rounds, splicer.lastResponse?.()));
  return readable;
}

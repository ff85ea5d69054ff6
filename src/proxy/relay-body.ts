/**
 * Relays a response body chunk by chunk, as the upstream sends it (no
 * buffering: each read of the client pulls one read of the upstream), and
 * says when it is over — read to the end, failed, or cancelled by a client
 * that went away — so the request can be logged and counted then.
 */

/** `body`, relayed; `onEnd` runs once when it is over, however it ends. */
export function relayBody(
  body: ReadableStream<Uint8Array> | null,
  onEnd: () => void,
): ReadableStream<Uint8Array> | null {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  if (body === null) {
    end();
    return null;
  }
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            end();
          } else {
            controller.enqueue(value);
          }
        } catch (error) {
          controller.error(error);
          end();
        }
      },
      cancel(reason) {
        end();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Statuses whose responses have no body (the Response constructor refuses one). */
export function isNullBodyStatus(status: number): boolean {
  return status === 101 || status === 103 || status === 204 || status === 205 || status === 304;
}

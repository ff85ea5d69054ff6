/**
 * One call to an upstream API. The client's disconnect aborts it (its signal
 * is chained in, for the whole life of the response body), a timeout bounds
 * the wait for the response headers, and a failure comes back as a kind the
 * proxy maps to the provider's own error shape, never as a throw.
 */

/** What an upstream call gave. */
export type UpstreamOutcome =
  | { ok: true; response: Response }
  | { ok: false; kind: "timeout" | "unreachable" | "aborted"; message: string };

/** A request to send upstream. */
export interface UpstreamRequest {
  url: string;
  method: string;
  headers: Headers;
  body: Uint8Array | string | ReadableStream<Uint8Array> | null;
}

/** Sends `request` with `fetchImpl`; `clientSignal` aborts it, `timeoutMs` bounds the wait for headers. */
export async function callUpstream(
  fetchImpl: typeof fetch,
  request: UpstreamRequest,
  clientSignal: AbortSignal,
  timeoutMs: number,
): Promise<UpstreamOutcome> {
  if (clientSignal.aborted) return { ok: false, kind: "aborted", message: "the client went away" };
  const controller = new AbortController();
  clientSignal.addEventListener("abort", () => controller.abort(clientSignal.reason), { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error("upstream timeout"));
  }, timeoutMs);
  try {
    const init: RequestInit & { duplex?: "half" } = {
      method: request.method,
      headers: request.headers,
      body: request.body as BodyInit | null,
      signal: controller.signal,
      // The client follows redirects itself, with its own credentials policy.
      redirect: "manual",
    };
    // A streamed body needs half-duplex in Node's fetch.
    if (request.body instanceof ReadableStream) init.duplex = "half";
    return { ok: true, response: await fetchImpl(request.url, init) };
  } catch (error) {
    if (timedOut)
      return { ok: false, kind: "timeout", message: `no response from the upstream within ${timeoutMs} ms` };
    if (clientSignal.aborted) return { ok: false, kind: "aborted", message: "the client went away" };
    return { ok: false, kind: "unreachable", message: `could not reach the upstream (${describeFetchError(error)})` };
  } finally {
    clearTimeout(timer);
  }
}

/** Causes recognised in a runtime's error text (Deno words them, Node gives a code). */
const KNOWN_CAUSES: readonly [RegExp, string][] = [
  [/connection refused/i, "ECONNREFUSED"],
  [/connection reset/i, "ECONNRESET"],
  [/dns error|failed to lookup|name or service not known|no such host/i, "ENOTFOUND"],
  [/timed out/i, "ETIMEDOUT"],
  [/certificate|tls|ssl/i, "TLS error"],
];

/**
 * A short cause of a fetch failure (`ECONNREFUSED`, `ENOTFOUND` …). Never
 * the runtime's own text, which may name the upstream URL and its userinfo.
 */
function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === "string" && /^[A-Z_]+$/.test(cause.code)) return cause.code;
  const text = `${error instanceof Error ? error.message : String(error)} ${String(cause?.message ?? "")}`;
  for (const [pattern, name] of KNOWN_CAUSES) if (pattern.test(text)) return name;
  return "fetch failed";
}

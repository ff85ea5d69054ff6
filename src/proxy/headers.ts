/**
 * Which headers cross the proxy. Everything the client sends reaches the
 * upstream exactly (authorization, `x-api-key`, `anthropic-version`,
 * `anthropic-beta`, `openai-organization`, the SDKs' `x-stainless-*` …),
 * except what belongs to one hop of HTTP and what the runtime recomputes.
 * The proxy never logs or stores a header value.
 */

/** Hop-by-hop headers (RFC 9110 §7.6.1) and those the runtime sets itself. */
const NOT_FORWARDED = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
  // The runtime's fetch decodes what it asks for; asking for what it cannot
  // decode would hand the client bytes its headers no longer describe.
  "accept-encoding",
  "expect",
]);

/** What the upstream gets: the client's headers minus hop-by-hop ones. */
export function upstreamRequestHeaders(client: Headers): Headers {
  const out = new Headers();
  client.forEach((value, name) => {
    if (!NOT_FORWARDED.has(name)) out.append(name, value);
  });
  for (const name of connectionListed(client)) out.delete(name);
  return out;
}

/**
 * What the client gets: the upstream's headers minus hop-by-hop ones, and
 * minus `content-encoding` and `content-length`: fetch has already decoded
 * the body, and its length is the relay's to set.
 */
export function clientResponseHeaders(upstream: Headers): Headers {
  const out = new Headers();
  upstream.forEach((value, name) => {
    // set-cookie is appended one by one below: a joined list would not parse.
    if (!NOT_FORWARDED.has(name) && name !== "content-encoding" && name !== "set-cookie") out.append(name, value);
  });
  const cookies = (upstream as Headers & { getSetCookie?: () => string[] }).getSetCookie?.() ?? [];
  for (const cookie of cookies) out.append("set-cookie", cookie);
  for (const name of connectionListed(upstream)) out.delete(name);
  return out;
}

/** Headers named in `Connection` are hop-by-hop too. */
function connectionListed(headers: Headers): string[] {
  const value = headers.get("connection");
  if (value === null) return [];
  return value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);
}

/** Whether a content type is JSON (`application/json`, `…+json`). */
export function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  const type = value.split(";")[0].trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json");
}

/** Whether a content type is a server-sent event stream. */
export function isEventStream(value: string | null): boolean {
  return value !== null && value.split(";")[0].trim().toLowerCase() === "text/event-stream";
}

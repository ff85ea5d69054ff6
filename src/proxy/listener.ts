/**
 * The contract between `createProxy` and the HTTP server that feeds it, so
 * the core never imports `node:http` (a worker runtime calls `fetch` itself).
 */

/** Where a listening proxy can be reached. */
export interface ProxyAddress {
  host: string;
  port: number;
  /** `http://HOST:PORT` (IPv6 hosts in brackets). */
  url: string;
}

/** A running server. */
export interface Listener {
  readonly address: ProxyAddress;
  /** Stops accepting, lets requests in flight finish for `graceMs`, then cuts the rest. */
  close(graceMs: number): Promise<void>;
}

/** Handles one request (the proxy's `fetch`). */
export type RequestHandler = (request: Request) => Promise<Response>;

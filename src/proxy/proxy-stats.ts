/**
 * The proxy's counters, served at `GET /pithy/stats`: requests per route,
 * tool-result tokens before and after, recall rounds the proxy answered,
 * requests forwarded unchanged (and why), and errors. Counts only: no
 * content, no header, no key ever lands here.
 */

import type { CompressCacheStats } from "./compress-cache.js";

/** Why a rewritable request went upstream as the client sent it. */
export type ProxySkipReason =
  | "not_utf8"
  | "not_json"
  | "no_conversation"
  | "nothing_to_compress"
  | "unsafe_number"
  | "compression_failed";

/** Errors the proxy counts. */
export type ProxyErrorName =
  | "compression"
  | "upstream_timeout"
  | "upstream_unreachable"
  | "upstream_stream"
  | "client_aborted"
  | "body_too_large"
  | "recall_continuation";

/** A copy of the proxy's counters. */
export interface ProxyStatsSnapshot {
  requests: { total: number; inFlight: number; byRoute: Record<string, number>; byStatus: Record<string, number> };
  toolResults: { seen: number; compressed: number };
  /** Estimated tokens of the tool results in the requests, before and after. */
  tokens: { in: number; out: number; saved: number };
  recall: {
    /** Recall rounds answered by the proxy inside one client request (the client never saw them). */
    rounds: number;
    /** Recall calls answered in the history (the model had called them next to client tools). */
    answeredInHistory: number;
    /** Requests whose recall rounds reached `maxRecallRounds` (the client got the last recall call). */
    limitReached: number;
  };
  /** Rewritable requests forwarded unchanged, by reason. */
  skips: Record<string, number>;
  errors: Record<string, number>;
  /** Tool results whose compression was remembered from an earlier request (hits) or computed (misses). */
  compressCache: CompressCacheStats;
}

/** Mutable counters of one proxy. */
export class ProxyStats {
  private total = 0;
  private inFlight = 0;
  private readonly byRoute: Record<string, number> = {};
  private readonly byStatus: Record<string, number> = {};
  private seen = 0;
  private compressed = 0;
  private tokensIn = 0;
  private tokensOut = 0;
  private rounds = 0;
  private answeredInHistory = 0;
  private limitReached = 0;
  private readonly skips: Record<string, number> = {};
  private readonly errors: Record<string, number> = {};

  /** A request arrived on `route`. */
  started(route: string): void {
    this.total++;
    this.inFlight++;
    bump(this.byRoute, route);
  }

  /** A request's response was fully sent (or abandoned) with `status`. */
  finished(status: number): void {
    this.inFlight--;
    bump(this.byStatus, String(status));
  }

  /** What one request's rewrite did to its tool results. */
  rewrote(seen: number, compressed: number, tokensIn: number, tokensOut: number, answeredInHistory: number): void {
    this.seen += seen;
    this.compressed += compressed;
    this.tokensIn += tokensIn;
    this.tokensOut += tokensOut;
    this.answeredInHistory += answeredInHistory;
  }

  skipped(reason: ProxySkipReason): void {
    bump(this.skips, reason);
  }

  failed(error: ProxyErrorName): void {
    bump(this.errors, error);
  }

  recallRound(): void {
    this.rounds++;
  }

  recallLimitReached(): void {
    this.limitReached++;
  }

  /** A copy of the counters, with the compression cache's. */
  snapshot(compressCache: CompressCacheStats): ProxyStatsSnapshot {
    return {
      requests: {
        total: this.total,
        inFlight: this.inFlight,
        byRoute: { ...this.byRoute },
        byStatus: { ...this.byStatus },
      },
      toolResults: { seen: this.seen, compressed: this.compressed },
      tokens: { in: this.tokensIn, out: this.tokensOut, saved: this.tokensIn - this.tokensOut },
      recall: { rounds: this.rounds, answeredInHistory: this.answeredInHistory, limitReached: this.limitReached },
      skips: { ...this.skips },
      errors: { ...this.errors },
      compressCache,
    };
  }
}

function bump(table: Record<string, number>, name: string): void {
  table[name] = (table[name] ?? 0) + 1;
}

/**
 * Recall calls the proxy handed to a client inside a stored response (the
 * model called pithy_recall next to the client's own tools, or past the
 * round limit). A Responses client that continues with
 * `previous_response_id` sends back outputs for its own calls only, and the
 * upstream would refuse the request for want of the recall call's output: the
 * proxy adds it. Kept in memory, the most recent ones only.
 */
import type { StoredRecallCalls } from "./providers/provider.js";

/** Responses remembered at most. */
const MAX_RESPONSES = 1024;

/** Recall calls by the id of the response that carried them. */
export class PendingRecalls {
  private readonly byResponse = new Map<string, unknown[]>();

  /** Remembers the calls of one response handed to the client. */
  remember(stored: StoredRecallCalls): void {
    this.byResponse.delete(stored.responseId);
    this.byResponse.set(stored.responseId, stored.calls);
    for (const id of this.byResponse.keys()) {
      if (this.byResponse.size <= MAX_RESPONSES) break;
      this.byResponse.delete(id);
    }
  }

  /** The calls of the response `responseId`, if it is remembered. */
  callsOf(responseId: string): unknown[] | undefined {
    return this.byResponse.get(responseId);
  }
}

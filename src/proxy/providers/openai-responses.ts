/**
 * OpenAI Responses (`POST /v1/responses`). The conversation is the `input`
 * item list; a tool call is a `function_call` item (`call_id`, `name`,
 * JSON-text `arguments`), its result a `function_call_output` item with the
 * same `call_id`. A response's `output` is a list of items. A streamed
 * response is named events, each with a `sequence_number`:
 * `response.created`, `response.in_progress`, then per item
 * `response.output_item.added` … `response.output_item.done` (with its
 * `output_index`), and `response.completed` carrying the whole response.
 */
import { handleRecall, recallToolResult } from "../../messages/handle-recall.js";
import { RECALL_TOOL_NAME } from "../../messages/recall-tool.js";
import { isRecord } from "../../messages/shapes/shape.js";
import { parseJsonText } from "../json.js";
import { formatSseEvent, type SseEvent } from "../sse.js";
import { sumUsage } from "../usage.js";
import { EventHold } from "./event-hold.js";
import { openAIErrorResponse } from "./openai-error.js";
import type { Provider, RecallTurn, StreamSplicer } from "./provider.js";

/** Output items the client must act on (the rest run on OpenAI's side: web search, file search, MCP…). */
const CLIENT_CALL_TYPES = new Set([
  "function_call",
  "custom_tool_call",
  "computer_call",
  "local_shell_call",
  "shell_call",
  "apply_patch_call",
  "mcp_approval_request",
]);

/** Events that open a response; a continuation's are dropped (the client has them). */
const OPENING_EVENTS = new Set(["response.created", "response.in_progress", "response.queued"]);

/** Events that close a response and carry it whole. */
const CLOSING_EVENTS = new Set(["response.completed", "response.incomplete", "response.failed"]);

/** The OpenAI Responses API. */
export const openAIResponsesProvider: Provider = {
  name: "openai-responses",
  upstream: "openai",
  shape: "openai-responses",
  toolFormat: "openai-responses",
  resultFormat: "openai-responses",
  conversationField: "input",

  async answerRecallCalls(conversation, pithy) {
    const out = conversation.slice();
    let answered = 0;
    // Backwards, so that an inserted answer does not move the calls still to visit.
    for (let i = out.length - 2; i >= 0; i--) {
      const item = out[i];
      if (!isRecallCall(item)) continue;
      const answer = await handleRecall(pithy, callOf(item));
      if (answer === null) continue;
      const result = recallToolResult("openai-responses", answer);
      let at = -1;
      for (let k = i + 1; k < out.length && at === -1; k++) {
        const o = out[k];
        if (isRecord(o) && o.type === "function_call_output" && o.call_id === item.call_id) at = k;
      }
      if (at >= 0) out[at] = { ...(out[at] as Record<string, unknown>), output: result.output };
      else out.splice(i + 1, 0, result);
      answered++;
    }
    return { conversation: out, answered };
  },

  storedRecallCalls(response) {
    if (!isRecord(response) || typeof response.id !== "string" || !Array.isArray(response.output)) return null;
    const calls = response.output.filter(isRecallCall).map(callOf);
    return calls.length === 0 ? null : { responseId: response.id, calls };
  },

  continuedResponseId(body) {
    return typeof body.previous_response_id === "string" ? body.previous_response_id : undefined;
  },

  async answerStoredRecallCalls(conversation, calls, pithy) {
    const out = conversation.slice();
    const added: unknown[] = [];
    let answered = 0;
    for (const call of calls) {
      const answer = await handleRecall(pithy, call);
      if (answer === null) continue;
      const result = recallToolResult("openai-responses", answer);
      const at = out.findIndex((o) => isRecord(o) && o.type === "function_call_output" && o.call_id === result.call_id);
      if (at >= 0) out[at] = { ...(out[at] as Record<string, unknown>), output: result.output };
      else added.push(result);
      answered++;
    }
    // The answers the client could not give go first, as the outputs of the calls they follow.
    return { conversation: [...added, ...out], answered };
  },

  recallTurn(response) {
    if (!isRecord(response) || response.status !== "completed" || !Array.isArray(response.output)) return null;
    return recallOnlyTurn(response);
  },

  continueWith(body, turn, answers) {
    const results = answers.map((a) => recallToolResult("openai-responses", a));
    // A stored conversation continues from the response itself; a stateless one resends everything.
    if (typeof body.previous_response_id === "string" && turn.responseId !== undefined) {
      return { ...body, previous_response_id: turn.responseId, input: results };
    }
    const input = Array.isArray(body.input) ? body.input : [];
    return { ...body, input: [...input, ...(turn.assistant as unknown[]), ...results] };
  },

  mergeResponse(final, earlier) {
    return mergeInto(
      final,
      earlier.flatMap((t) => t.visible),
      sumOfUsage(earlier),
    );
  },

  errorResponse: openAIErrorResponse,

  streamSplicer() {
    return new ResponsesSplicer();
  },
};

function isRecallCall(item: unknown): item is Record<string, unknown> {
  return isRecord(item) && item.type === "function_call" && item.name === RECALL_TOOL_NAME;
}

function isClientCall(item: unknown): boolean {
  return isRecord(item) && typeof item.type === "string" && CLIENT_CALL_TYPES.has(item.type);
}

/** The call as `handleRecall` should read it: the `call_id` is the id its output must name (not the item `id`). */
function callOf(item: Record<string, unknown>): Record<string, unknown> {
  return { call_id: item.call_id, name: item.name, arguments: item.arguments };
}

function recallOnlyTurn(response: Record<string, unknown>): RecallTurn | null {
  const output = response.output as unknown[];
  const calls = output.filter(isClientCall);
  if (calls.length === 0 || !calls.every(isRecallCall)) return null;
  const first = output.findIndex(isRecallCall);
  const turn: RecallTurn = {
    calls: (calls as Record<string, unknown>[]).map(callOf),
    assistant: output,
    visible: output.slice(0, first),
    usage: response.usage,
  };
  if (typeof response.id === "string") turn.responseId = response.id;
  return turn;
}

function sumOfUsage(turns: readonly RecallTurn[]): unknown {
  let usage: unknown;
  for (const turn of turns) usage = sumUsage(usage, turn.usage);
  return usage;
}

function mergeInto(
  response: Record<string, unknown>,
  shown: readonly unknown[],
  usage: unknown,
): Record<string, unknown> {
  const output = Array.isArray(response.output) ? response.output : [];
  const merged: Record<string, unknown> = { ...response, output: [...shown, ...output] };
  if (usage !== undefined) merged.usage = sumUsage(usage, response.usage);
  return merged;
}

/**
 * Splices Responses event streams. A continuation's opening events are
 * dropped; its other events are renumbered (`sequence_number` goes on from
 * the last one the client got, `output_index` after the items the client
 * has), and its closing event carries the items of every round and the sum
 * of their usage, so the SDK's final response is the whole turn.
 */
class ResponsesSplicer implements StreamSplicer {
  private round = 0;
  private readonly hold = new EventHold();
  private nextSequence = 0;
  private sequenceAtHold = 0;
  private outputOffset = 0;
  private shownItems: unknown[] = [];
  private usageTotal: unknown;
  private holdIndex = 0;
  private final: Record<string, unknown> | undefined;
  private passthrough = false;
  private clientToolSeen = false;
  private broken = false;

  beginRound(round: number): void {
    this.round = round;
    this.hold.drop();
    this.holdIndex = 0;
    this.final = undefined;
    this.passthrough = false;
    this.clientToolSeen = false;
    this.broken = false;
  }

  onEvent(event: SseEvent): string {
    if (event.data.trim() === "[DONE]") return this.send(event.raw);
    const data = event.data.length > 0 ? parseJsonText(event.data) : undefined;
    if (data === undefined) return this.send(event.raw);
    const type = typeof data.type === "string" ? data.type : (event.event ?? "");
    if (this.round > 0 && OPENING_EVENTS.has(type)) return "";
    if (type === "error") {
      this.broken = true;
      return this.giveUp(this.clientForm(event, data, type));
    }
    if (CLOSING_EVENTS.has(type)) {
      if (isRecord(data.response)) this.final = data.response;
      if (type !== "response.completed") this.broken = true;
    }
    if (type === "response.output_item.added" && isClientCall(data.item)) {
      if (!isRecallCall(data.item)) {
        this.clientToolSeen = true;
        if (this.hold.active) return this.giveUp(this.clientForm(event, data, type));
      } else if (!this.passthrough && !this.clientToolSeen && !this.broken && !this.hold.active) {
        this.hold.start();
        this.sequenceAtHold = this.nextSequence;
        this.holdIndex = typeof data.output_index === "number" ? data.output_index : 0;
      }
    }
    return this.send(this.clientForm(event, data, type));
  }

  endRound(): RecallTurn | null {
    if (!this.hold.active || this.broken || this.final === undefined) return null;
    const turn = this.final.status === "completed" ? recallOnlyTurn(this.final) : null;
    if (turn === null) return null;
    const output = this.final.output as unknown[];
    turn.visible = output.slice(0, this.holdIndex);
    this.shownItems.push(...turn.visible);
    this.outputOffset += this.holdIndex;
    this.nextSequence = this.sequenceAtHold;
    this.usageTotal = sumUsage(this.usageTotal, turn.usage);
    return turn;
  }

  release(): string {
    this.passthrough = true;
    return this.hold.release();
  }

  lastResponse(): unknown {
    return this.final;
  }

  /** The event as the client should see it; its very text in the first round. */
  private clientForm(event: SseEvent, data: Record<string, unknown>, type: string): string {
    if (this.round === 0) {
      if (typeof data.sequence_number === "number") this.nextSequence = data.sequence_number + 1;
      return event.raw;
    }
    const copy: Record<string, unknown> = { ...data };
    if (typeof data.sequence_number === "number") copy.sequence_number = this.nextSequence++;
    if (typeof data.output_index === "number") copy.output_index = data.output_index + this.outputOffset;
    if (CLOSING_EVENTS.has(type) && isRecord(data.response)) {
      copy.response = mergeInto(data.response, this.shownItems, this.usageTotal);
    }
    return formatSseEvent(event.event, JSON.stringify(copy));
  }

  private send(text: string): string {
    return this.hold.active ? this.hold.add(text) : text;
  }

  private giveUp(text: string): string {
    this.passthrough = true;
    return this.hold.release() + text;
  }
}

/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`). The conversation is
 * `messages`; tool calls are an assistant message's `tool_calls` (each with
 * `function.name` and JSON-text `function.arguments`), results are `tool`
 * messages right after it. A streamed response is `data:` lines of
 * `chat.completion.chunk` objects whose `choices[].delta` carry pieces of the
 * message (`content`, `tool_calls[]` by `index`, the call's id and name in its
 * first piece), then an optional usage chunk, then `data: [DONE]`.
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

/** A tool call as a Chat request sends it back. */
interface ChatToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** The OpenAI Chat Completions API. */
export const openAIChatProvider: Provider = {
  name: "openai-chat",
  upstream: "openai",
  shape: "openai-chat",
  toolFormat: "openai-chat",
  resultFormat: "openai-chat",
  conversationField: "messages",

  async answerRecallCalls(conversation, pithy) {
    const out: unknown[] = [];
    let answered = 0;
    for (let i = 0; i < conversation.length; i++) {
      const message = conversation[i];
      out.push(message);
      const calls = recallCallsOf(message);
      // A call with nothing after it is the model's pending turn, not one the client answered.
      if (calls.length === 0 || i + 1 >= conversation.length) continue;
      const results: unknown[] = [];
      while (i + 1 < conversation.length && isToolMessage(conversation[i + 1])) results.push(conversation[++i]);
      for (const call of calls) {
        const answer = await handleRecall(pithy, call);
        if (answer === null) continue;
        const result = recallToolResult("openai-chat", answer);
        const at = results.findIndex((r) => (r as Record<string, unknown>).tool_call_id === call.id);
        if (at >= 0) results[at] = { ...(results[at] as Record<string, unknown>), content: result.content };
        else results.push(result);
        answered++;
      }
      out.push(...results);
    }
    return { conversation: out, answered };
  },

  recallTurn(response) {
    if (!isRecord(response) || !Array.isArray(response.choices) || response.choices.length !== 1) return null;
    const choice = response.choices[0];
    if (!isRecord(choice) || !isRecord(choice.message)) return null;
    const message = choice.message;
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls.map(toChatToolCall) : [];
    if (calls.length === 0 || calls.some((c) => c === null || c.function.name !== RECALL_TOOL_NAME)) return null;
    const content = typeof message.content === "string" ? message.content : null;
    return turnOf(calls as ChatToolCall[], content, content, response.usage);
  },

  continueWith(body, turn, answers) {
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const results = answers.map((a) => recallToolResult("openai-chat", a));
    return { ...body, messages: [...messages, turn.assistant, ...results] };
  },

  mergeResponse(final, earlier) {
    let usage: unknown;
    for (const turn of earlier) usage = sumUsage(usage, turn.usage);
    const merged: Record<string, unknown> = { ...final, usage: sumUsage(usage, final.usage) };
    if (final.usage === undefined && usage === undefined) delete merged.usage;
    const shown = earlier.flatMap((t) => t.visible).join("");
    const choices = final.choices;
    if (shown.length > 0 && Array.isArray(choices) && isRecord(choices[0]) && isRecord(choices[0].message)) {
      const message = choices[0].message;
      const content = typeof message.content === "string" ? message.content : "";
      merged.choices = [{ ...choices[0], message: { ...message, content: shown + content } }, ...choices.slice(1)];
    }
    return merged;
  },

  errorResponse: openAIErrorResponse,

  streamSplicer() {
    return new ChatSplicer();
  },
};

function recallCallsOf(message: unknown): Record<string, unknown>[] {
  if (!isRecord(message) || message.role !== "assistant" || !Array.isArray(message.tool_calls)) return [];
  return message.tool_calls.filter(
    (c): c is Record<string, unknown> =>
      isRecord(c) && isRecord(c.function) && c.function.name === RECALL_TOOL_NAME && typeof c.id === "string",
  );
}

function isToolMessage(message: unknown): boolean {
  return isRecord(message) && message.role === "tool";
}

function toChatToolCall(call: unknown): ChatToolCall | null {
  if (!isRecord(call) || !isRecord(call.function) || typeof call.function.name !== "string") return null;
  const args = call.function.arguments;
  return {
    id: typeof call.id === "string" ? call.id : "",
    type: "function",
    function: { name: call.function.name, arguments: typeof args === "string" ? args : "" },
  };
}

function turnOf(calls: ChatToolCall[], content: string | null, shown: string | null, usage: unknown): RecallTurn {
  return {
    calls,
    assistant: { role: "assistant", content, tool_calls: calls },
    visible: shown !== null && shown.length > 0 ? [shown] : [],
    usage,
  };
}

/**
 * Splices Chat Completions chunk streams. Chunks carry no positions that a
 * continuation would clash with (its first tool call is index 0 again, and
 * the client never saw the held recall calls), so continuation chunks pass
 * as they are, except the usage chunk, which gets every round's usage.
 */
class ChatSplicer implements StreamSplicer {
  private round = 0;
  private usageTotal: unknown;
  private readonly hold = new EventHold();
  private content = "";
  private shown = "";
  private calls: { id: string; name: string; arguments: string }[] = [];
  private finished = false;
  private roundUsage: unknown;
  private passthrough = false;
  private clientToolSeen = false;
  private broken = false;

  beginRound(round: number): void {
    this.round = round;
    this.hold.drop();
    this.content = "";
    this.shown = "";
    this.calls = [];
    this.finished = false;
    this.roundUsage = undefined;
    this.passthrough = false;
    this.clientToolSeen = false;
    this.broken = false;
  }

  onEvent(event: SseEvent): string {
    if (event.data.trim() === "[DONE]") return this.send(event.raw);
    const chunk = event.data.length > 0 ? parseJsonText(event.data) : undefined;
    if (chunk === undefined) return this.send(event.raw);
    if (chunk.error !== undefined) {
      this.broken = true;
      return this.giveUp(event.raw);
    }
    let mixed = false;
    for (const choice of Array.isArray(chunk.choices) ? chunk.choices : []) {
      if (!isRecord(choice) || choice.index !== 0) {
        // Several choices: the proxy does not pick one for the client.
        this.broken = true;
        mixed = true;
        continue;
      }
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) this.finished = true;
      const delta = choice.delta;
      if (!isRecord(delta)) continue;
      if (typeof delta.content === "string") {
        this.content += delta.content;
        if (!this.hold.active) this.shown += delta.content;
      }
      if (Array.isArray(delta.tool_calls) && this.toolCallDeltas(delta.tool_calls)) mixed = true;
    }
    if (isRecord(chunk.usage)) this.roundUsage = chunk.usage;
    const text = this.clientForm(event, chunk);
    return mixed && this.hold.active ? this.giveUp(text) : this.send(text);
  }

  endRound(): RecallTurn | null {
    if (!this.hold.active || this.broken || !this.finished) return null;
    const calls: ChatToolCall[] = [];
    for (let i = 0; i < this.calls.length; i++) {
      const c = this.calls[i];
      if (c === undefined || c.name !== RECALL_TOOL_NAME) return null;
      calls.push({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } });
    }
    if (calls.length === 0) return null;
    this.usageTotal = sumUsage(this.usageTotal, this.roundUsage);
    return turnOf(calls, this.content.length > 0 ? this.content : null, this.shown, this.roundUsage);
  }

  release(): string {
    this.passthrough = true;
    return this.hold.release();
  }

  /** Reads tool-call pieces; true when a client tool shows up while a recall call is held. */
  private toolCallDeltas(pieces: readonly unknown[]): boolean {
    let mixed = false;
    for (const piece of pieces) {
      if (!isRecord(piece) || typeof piece.index !== "number") {
        this.broken = true;
        continue;
      }
      const call = (this.calls[piece.index] ??= { id: "", name: "", arguments: "" });
      if (typeof piece.id === "string" && piece.id.length > 0) call.id = piece.id;
      const fn = isRecord(piece.function) ? piece.function : undefined;
      if (typeof fn?.name === "string" && fn.name.length > 0 && call.name.length === 0) {
        call.name = fn.name;
        if (fn.name !== RECALL_TOOL_NAME) {
          this.clientToolSeen = true;
          if (this.hold.active) mixed = true;
        } else if (!this.passthrough && !this.clientToolSeen && !this.broken && !this.hold.active) {
          this.hold.start();
        }
      }
      if (typeof fn?.arguments === "string") call.arguments += fn.arguments;
    }
    return mixed;
  }

  private clientForm(event: SseEvent, chunk: Record<string, unknown>): string {
    if (this.round === 0 || this.usageTotal === undefined || !isRecord(chunk.usage)) return event.raw;
    return formatSseEvent(event.event, JSON.stringify({ ...chunk, usage: sumUsage(this.usageTotal, chunk.usage) }));
  }

  private send(text: string): string {
    return this.hold.active ? this.hold.add(text) : text;
  }

  private giveUp(text: string): string {
    this.passthrough = true;
    return this.hold.release() + text;
  }
}

/**
 * Anthropic Messages (`POST /v1/messages`). The conversation is `messages`;
 * a tool call is a `tool_use` block of an assistant message, its result a
 * `tool_result` block of the next user message. A streamed response is a
 * sequence of named events: `message_start`, then per content block
 * `content_block_start` / `content_block_delta`… / `content_block_stop`
 * (each with the block's `index`), `message_delta` (stop reason, usage),
 * `message_stop`, with `ping`s anywhere and `error` on failure.
 */
import { handleRecall, recallToolResult } from "../../messages/handle-recall.js";
import { RECALL_TOOL_NAME } from "../../messages/recall-tool.js";
import { isRecord } from "../../messages/shapes/shape.js";
import { parseJsonText } from "../json.js";
import { formatSseEvent, type SseEvent } from "../sse.js";
import { overlayUsage, sumUsage } from "../usage.js";
import { EventHold } from "./event-hold.js";
import { ERROR_STATUS, type Provider, type ProxyErrorKind, type RecallTurn, type StreamSplicer } from "./provider.js";

const ERROR_TYPES: Readonly<Record<ProxyErrorKind, string>> = {
  request_too_large: "request_too_large",
  upstream_timeout: "timeout_error",
  upstream_unreachable: "api_error",
  internal: "api_error",
};

/** The Anthropic Messages API. */
export const anthropicProvider: Provider = {
  name: "anthropic",
  upstream: "anthropic",
  shape: "anthropic",
  toolFormat: "anthropic",
  resultFormat: "anthropic",
  conversationField: "messages",

  async answerRecallCalls(conversation, pithy) {
    let out: unknown[] | null = null;
    let answered = 0;
    for (let i = 0; i + 1 < conversation.length; i++) {
      const message = conversation[i];
      if (!isRecord(message) || message.role !== "assistant" || !Array.isArray(message.content)) continue;
      const calls = message.content.filter(isRecallUse);
      const next = conversation[i + 1];
      if (calls.length === 0 || !isRecord(next) || next.role !== "user") continue;
      const blocks: unknown[] =
        typeof next.content === "string"
          ? [{ type: "text", text: next.content }]
          : Array.isArray(next.content)
            ? next.content.slice()
            : [];
      for (const call of calls) {
        const answer = await handleRecall(pithy, call);
        if (answer === null) continue;
        const result = recallToolResult("anthropic", answer);
        const at = blocks.findIndex((b) => isRecord(b) && b.type === "tool_result" && b.tool_use_id === call.id);
        if (at >= 0) {
          // Keep the client's block (its cache_control, its place); only the answer changes.
          const { content: _content, is_error: _isError, ...rest } = blocks[at] as Record<string, unknown>;
          blocks[at] = { ...rest, ...result };
        } else {
          // Tool results go first in a user message, in call order.
          blocks.splice(lastToolResult(blocks) + 1, 0, result);
        }
        answered++;
      }
      (out ??= conversation.slice())[i + 1] = { ...next, content: blocks };
    }
    return { conversation: out ?? conversation.slice(), answered };
  },

  recallTurn(response) {
    if (!isRecord(response) || response.type !== "message" || response.stop_reason !== "tool_use") return null;
    if (!Array.isArray(response.content)) return null;
    return recallOnlyTurn(response.content, response.usage);
  },

  continueWith(body, turn, answers) {
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const results = { role: "user", content: answers.map((a) => recallToolResult("anthropic", a)) };
    return { ...body, messages: [...messages, turn.assistant, results] };
  },

  mergeResponse(final, earlier) {
    const content = Array.isArray(final.content) ? final.content : [];
    let usage: unknown;
    for (const turn of earlier) usage = sumUsage(usage, turn.usage);
    return {
      ...final,
      content: [...earlier.flatMap((t) => t.visible), ...content],
      usage: sumUsage(usage, final.usage),
    };
  },

  errorResponse(kind, message) {
    return {
      status: ERROR_STATUS[kind],
      body: JSON.stringify({ type: "error", error: { type: ERROR_TYPES[kind], message } }),
    };
  },

  streamSplicer() {
    return new AnthropicSplicer();
  },
};

function isRecallUse(block: unknown): block is Record<string, unknown> {
  return isRecord(block) && block.type === "tool_use" && block.name === RECALL_TOOL_NAME;
}

function lastToolResult(blocks: readonly unknown[]): number {
  let last = -1;
  for (let i = 0; i < blocks.length; i++)
    if (isRecord(blocks[i]) && (blocks[i] as { type?: unknown }).type === "tool_result") last = i;
  return last;
}

/** The turn when every client-side tool call in `content` is a recall call (server tools run upstream). */
function recallOnlyTurn(content: readonly unknown[], usage: unknown): RecallTurn | null {
  const uses = content.filter((b) => isRecord(b) && b.type === "tool_use");
  if (uses.length === 0 || !uses.every(isRecallUse)) return null;
  const first = content.findIndex(isRecallUse);
  return {
    calls: uses,
    assistant: { role: "assistant", content: [...content] },
    visible: content.slice(0, first),
    usage,
  };
}

/**
 * Splices Anthropic event streams. Content blocks are rebuilt from their
 * events (the continuation must send the assistant turn back whole); blocks
 * of a continuation are renumbered after the blocks the client already has;
 * a continuation's `message_start` is dropped (the client has one) and its
 * final `message_delta` carries the usage of every round.
 */
class AnthropicSplicer implements StreamSplicer {
  private round = 0;
  private indexOffset = 0;
  private usageTotal: unknown;
  private readonly hold = new EventHold();
  private blocks: Record<string, unknown>[] = [];
  private partialJson: string[] = [];
  private visibleBlocks = 0;
  private passthrough = false;
  private clientToolSeen = false;
  private broken = false;
  private roundUsage: unknown;
  private stopReason: unknown = null;
  private stopped = false;

  beginRound(round: number): void {
    this.round = round;
    this.hold.drop();
    this.blocks = [];
    this.partialJson = [];
    this.visibleBlocks = 0;
    this.passthrough = false;
    this.clientToolSeen = false;
    this.broken = false;
    this.roundUsage = undefined;
    this.stopReason = null;
    this.stopped = false;
  }

  onEvent(event: SseEvent): string {
    const data = event.data.length > 0 ? parseJsonText(event.data) : undefined;
    if (data === undefined) return this.send(event.raw);
    switch (data.type ?? event.event) {
      case "message_start":
        this.roundUsage = isRecord(data.message) ? data.message.usage : undefined;
        return this.round === 0 ? this.send(event.raw) : "";
      case "content_block_start":
        return this.blockStart(event, data);
      case "content_block_delta":
        this.blockDelta(data);
        return this.forward(event, data, false);
      case "content_block_stop":
        this.blockStop(data);
        return this.forward(event, data, false);
      case "message_delta":
        this.stopReason = isRecord(data.delta) ? data.delta.stop_reason : null;
        this.roundUsage = overlayUsage(this.roundUsage, data.usage);
        return this.forward(event, data, this.usageTotal !== undefined);
      case "message_stop":
        this.stopped = true;
        return this.send(event.raw);
      case "error":
        this.broken = true;
        return this.giveUp(event.raw);
      default:
        return this.send(event.raw);
    }
  }

  endRound(): RecallTurn | null {
    if (!this.hold.active || this.broken || !this.stopped || this.stopReason !== "tool_use") return null;
    const content: unknown[] = [];
    for (let i = 0; i < this.blocks.length; i++) {
      if (this.blocks[i] === undefined) return null;
      content.push(this.blocks[i]);
    }
    const turn = recallOnlyTurn(content, this.roundUsage);
    if (turn === null) return null;
    turn.visible = content.slice(0, this.visibleBlocks);
    this.indexOffset += this.visibleBlocks;
    this.usageTotal = sumUsage(this.usageTotal, this.roundUsage);
    return turn;
  }

  release(): string {
    this.passthrough = true;
    return this.hold.release();
  }

  private blockStart(event: SseEvent, data: Record<string, unknown>): string {
    const index = data.index;
    const block = data.content_block;
    if (typeof index !== "number" || !isRecord(block)) {
      this.broken = true;
      return this.forward(event, data, false);
    }
    this.blocks[index] = { ...block };
    if (block.type === "tool_use") {
      if (block.name !== RECALL_TOOL_NAME) {
        this.clientToolSeen = true;
        // The client must run this turn itself: it gets every event as it was.
        if (this.hold.active) return this.giveUp(this.clientForm(event, data, false));
      } else if (!this.passthrough && !this.clientToolSeen && !this.broken && !this.hold.active) {
        this.hold.start();
      }
    }
    if (!this.hold.active) this.visibleBlocks = index + 1;
    return this.forward(event, data, false);
  }

  private blockDelta(data: Record<string, unknown>): void {
    const index = data.index;
    const delta = data.delta;
    const block = typeof index === "number" ? this.blocks[index] : undefined;
    if (block === undefined || !isRecord(delta)) {
      this.broken = true;
      return;
    }
    const i = index as number;
    switch (delta.type) {
      case "text_delta":
        block.text = String(block.text ?? "") + String(delta.text ?? "");
        break;
      case "input_json_delta":
        this.partialJson[i] = (this.partialJson[i] ?? "") + String(delta.partial_json ?? "");
        break;
      case "thinking_delta":
        block.thinking = String(block.thinking ?? "") + String(delta.thinking ?? "");
        break;
      case "signature_delta":
        block.signature = delta.signature;
        break;
      case "citations_delta":
        block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
        break;
      default:
        // A delta this splicer cannot rebuild: the turn cannot be sent back, so it is not answered.
        this.broken = true;
    }
  }

  private blockStop(data: Record<string, unknown>): void {
    const index = data.index;
    if (typeof index !== "number" || this.blocks[index] === undefined) {
      this.broken = true;
      return;
    }
    const json = this.partialJson[index];
    if (json === undefined || json.length === 0) return;
    const input = parseJsonText(json);
    if (input === undefined) this.broken = true;
    else this.blocks[index].input = input;
  }

  /** The event as the client should see it: renumbered, usage summed, or its very text when unchanged. */
  private clientForm(event: SseEvent, data: Record<string, unknown>, withUsage: boolean): string {
    const renumber = this.indexOffset > 0 && typeof data.index === "number";
    if (!renumber && !withUsage) return event.raw;
    const copy: Record<string, unknown> = { ...data };
    if (renumber) copy.index = (data.index as number) + this.indexOffset;
    if (withUsage) copy.usage = sumUsage(this.usageTotal, this.roundUsage);
    return formatSseEvent(event.event, JSON.stringify(copy));
  }

  private forward(event: SseEvent, data: Record<string, unknown>, withUsage: boolean): string {
    return this.send(this.clientForm(event, data, withUsage));
  }

  private send(text: string): string {
    return this.hold.active ? this.hold.add(text) : text;
  }

  private giveUp(text: string): string {
    this.passthrough = true;
    return this.hold.release() + text;
  }
}

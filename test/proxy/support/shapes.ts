/**
 * Responses in each API's real shapes, for the fake upstreams. The field
 * sets and event sequences follow the SDKs' own type definitions
 * (node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts,
 * node_modules/openai/resources/chat/completions, …/responses/responses.d.ts)
 * and their recorded fixtures (the Anthropic SDK's tests/lib/fixtures/
 * tool_use_response.txt: `event:` lines, a `ping`, `input_json_delta` pieces;
 * the OpenAI SDK's ResponseStream snapshots: `sequence_number` on every
 * event). The SDKs parse these, so a wrong shape fails the test.
 */

// ─── Anthropic Messages ──────────────────────────────────────────────────────

export type AnthropicBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

let anthropicIds = 0;

/** A complete Anthropic `Message`. */
export function anthropicMessage(
  content: AnthropicBlock[],
  stopReason: "end_turn" | "tool_use" = content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn",
  usage = { input_tokens: 120, output_tokens: 30 },
): Record<string, unknown> {
  return {
    id: `msg_01Fake${String(++anthropicIds).padStart(6, "0")}`,
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5-20250929",
    content: content.map((b) => (b.type === "text" ? { type: "text", text: b.text } : { ...b })),
    stop_reason: stopReason,
    stop_sequence: null,
    usage: {
      input_tokens: usage.input_tokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: usage.output_tokens,
      service_tier: "standard",
    },
  };
}

/** The SSE events of `message` as the Messages API streams it (one string per event). */
export function anthropicStream(message: Record<string, unknown>): string[] {
  const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  const usage = message.usage as Record<string, number>;
  const events = [
    event("message_start", {
      type: "message_start",
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    }),
  ];
  const content = message.content as AnthropicBlock[];
  content.forEach((block, index) => {
    if (block.type === "text") {
      events.push(
        event("content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } }),
      );
      if (index === 0) events.push(event("ping", { type: "ping" }));
      for (const piece of pieces(block.text, 7)) {
        events.push(
          event("content_block_delta", {
            type: "content_block_delta",
            index,
            delta: { type: "text_delta", text: piece },
          }),
        );
      }
    } else {
      events.push(
        event("content_block_start", {
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
        }),
      );
      for (const piece of ["", ...pieces(JSON.stringify(block.input), 9)]) {
        events.push(
          event("content_block_delta", {
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json: piece },
          }),
        );
      }
    }
    events.push(event("content_block_stop", { type: "content_block_stop", index }));
  });
  events.push(
    event("message_delta", {
      type: "message_delta",
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    }),
  );
  events.push(event("message_stop", { type: "message_stop" }));
  return events;
}

// ─── OpenAI Chat Completions ─────────────────────────────────────────────────

export interface ChatCall {
  id: string;
  name: string;
  arguments: string;
}

let chatIds = 0;

/** A complete `chat.completion`. */
export function chatCompletion(
  content: string | null,
  toolCalls: ChatCall[] = [],
  usage = { prompt_tokens: 120, completion_tokens: 30 },
): Record<string, unknown> {
  const message: Record<string, unknown> = { role: "assistant", content, refusal: null, annotations: [] };
  if (toolCalls.length > 0) {
    message.tool_calls = toolCalls.map((c) => ({
      id: c.id,
      type: "function",
      function: { name: c.name, arguments: c.arguments },
    }));
  }
  return {
    id: `chatcmpl-Fake${String(++chatIds).padStart(6, "0")}`,
    object: "chat.completion",
    created: 1_767_000_000,
    model: "gpt-4.1-2025-04-14",
    choices: [{ index: 0, message, logprobs: null, finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop" }],
    usage: {
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      total_tokens: usage.prompt_tokens + usage.completion_tokens,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: "default",
    system_fingerprint: "fp_fake0001",
  };
}

/** The `chat.completion.chunk` stream of `completion` (with a usage chunk when asked), then `[DONE]`. */
export function chatStream(completion: Record<string, unknown>, includeUsage = false): string[] {
  const choice = (completion.choices as Record<string, unknown>[])[0];
  const message = choice.message as Record<string, unknown>;
  const base = {
    id: completion.id,
    object: "chat.completion.chunk",
    created: completion.created,
    model: completion.model,
    service_tier: "default",
    system_fingerprint: completion.system_fingerprint,
  };
  // With include_usage every chunk carries `usage: null`, and one last chunk with no choices carries the usage.
  const extra = includeUsage ? { usage: null } : {};
  const chunk = (delta: unknown, finish: string | null = null) =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...extra })}\n\n`;
  const events = [chunk({ role: "assistant", content: "", refusal: null })];
  if (typeof message.content === "string")
    for (const piece of pieces(message.content, 6)) events.push(chunk({ content: piece }));
  const calls =
    (message.tool_calls as { id: string; function: { name: string; arguments: string } }[] | undefined) ?? [];
  calls.forEach((call, index) => {
    events.push(
      chunk({
        tool_calls: [{ index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }],
      }),
    );
    for (const piece of pieces(call.function.arguments, 8)) {
      events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  events.push(chunk({}, choice.finish_reason as string));
  if (includeUsage) {
    events.push(`data: ${JSON.stringify({ ...base, choices: [], usage: completion.usage })}\n\n`);
  }
  events.push("data: [DONE]\n\n");
  return events;
}

// ─── OpenAI Responses ────────────────────────────────────────────────────────

export type ResponsesItem =
  | { type: "message"; text: string }
  | { type: "function_call"; call_id: string; name: string; arguments: string };

let responseIds = 0;

/** A complete Responses `response` object. */
export function responsesResponse(
  items: ResponsesItem[],
  usage = { input_tokens: 120, output_tokens: 30 },
): Record<string, unknown> {
  const n = ++responseIds;
  const output = items.map((item, i) =>
    item.type === "message"
      ? {
          id: `msg_fake${n}_${i}`,
          type: "message",
          status: "completed",
          role: "assistant",
          content: [{ type: "output_text", text: item.text, annotations: [], logprobs: [] }],
        }
      : {
          id: `fc_fake${n}_${i}`,
          type: "function_call",
          status: "completed",
          call_id: item.call_id,
          name: item.name,
          arguments: item.arguments,
        },
  );
  return {
    id: `resp_fake${String(n).padStart(6, "0")}`,
    object: "response",
    created_at: 1_767_000_000,
    status: "completed",
    background: false,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: "gpt-4.1-2025-04-14",
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: 1,
    text: { format: { type: "text" }, verbosity: "medium" },
    tool_choice: "auto",
    tools: [],
    top_p: 1,
    truncation: "disabled",
    usage: {
      input_tokens: usage.input_tokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage.output_tokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input_tokens + usage.output_tokens,
    },
    user: null,
    metadata: {},
  };
}

/** The named event stream of `response`, every event with its `sequence_number`. */
export function responsesStream(response: Record<string, unknown>): string[] {
  let sequence = 0;
  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data, sequence_number: sequence++ })}\n\n`;
  const opening = { ...response, status: "in_progress", output: [], usage: null };
  const events = [
    event("response.created", { response: opening }),
    event("response.in_progress", { response: opening }),
  ];
  (response.output as Record<string, unknown>[]).forEach((item, output_index) => {
    if (item.type === "message") {
      const text = (item.content as { text: string }[])[0].text;
      events.push(
        event("response.output_item.added", { output_index, item: { ...item, status: "in_progress", content: [] } }),
      );
      const part = { type: "output_text", text: "", annotations: [], logprobs: [] };
      events.push(event("response.content_part.added", { item_id: item.id, output_index, content_index: 0, part }));
      for (const delta of pieces(text, 6)) {
        events.push(
          event("response.output_text.delta", {
            item_id: item.id,
            output_index,
            content_index: 0,
            delta,
            logprobs: [],
          }),
        );
      }
      events.push(
        event("response.output_text.done", { item_id: item.id, output_index, content_index: 0, text, logprobs: [] }),
      );
      events.push(
        event("response.content_part.done", {
          item_id: item.id,
          output_index,
          content_index: 0,
          part: { ...part, text },
        }),
      );
    } else {
      events.push(
        event("response.output_item.added", { output_index, item: { ...item, status: "in_progress", arguments: "" } }),
      );
      for (const delta of pieces(item.arguments as string, 8)) {
        events.push(event("response.function_call_arguments.delta", { item_id: item.id, output_index, delta }));
      }
      events.push(
        event("response.function_call_arguments.done", {
          item_id: item.id,
          output_index,
          name: item.name,
          arguments: item.arguments,
        }),
      );
    }
    events.push(event("response.output_item.done", { output_index, item }));
  });
  events.push(event("response.completed", { response }));
  return events;
}

/** `text` cut into pieces of `size` characters (at least one piece, maybe empty). */
function pieces(text: string, size: number): string[] {
  if (text.length === 0) return [];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

// Conversations in each provider's shape, built from corpus tool outputs, for
// the message tests and the AI SDK integration test.
import { corpusCases, readCase } from "../support/corpus.js";

/** One tool call and its output. */
export interface ToolOutput {
  tool: string;
  callId: string;
  text: string;
}

/** A small PNG-ish payload: binary parts must pass through untouched. */
export const IMAGE_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const PICKS: Array<{ id: string; tool: string }> = [
  { id: "log-lodash-npm-install-verbose", tool: "Bash" },
  { id: "search-requests-rg-C2-except", tool: "Grep" },
  { id: "log-requests-pytest-fail", tool: "Bash" },
];

/** Three big corpus outputs (two logs, a search) and one small one that stays as it is. */
export async function corpusToolOutputs(): Promise<ToolOutput[]> {
  const cases = await corpusCases();
  const outputs: ToolOutput[] = [];
  for (const [i, pick] of PICKS.entries()) {
    const c = cases.find((x) => x.id === pick.id);
    if (c === undefined) throw new Error(`corpus case ${pick.id} is missing`);
    outputs.push({ tool: pick.tool, callId: `call_${i + 1}`, text: await readCase(c) });
  }
  outputs.push({ tool: "Bash", callId: "call_small", text: "ok\n" });
  return outputs;
}

/** The JSON corpus case used where a shape carries JSON values. */
export async function corpusJson(): Promise<unknown> {
  const cases = await corpusCases();
  const c = cases.find((x) => x.id === "json-npm-view-undici")!;
  return JSON.parse(await readCase(c)) as unknown;
}

/** OpenAI Chat: assistant `tool_calls`, then one `tool` message per output (the last as text parts). */
export function openAIChatConversation(outputs: ToolOutput[]): unknown[] {
  return [
    { role: "system", content: "You are a coding agent." },
    { role: "user", content: "Why does the install fail?" },
    {
      role: "assistant",
      content: null,
      tool_calls: outputs.map((o) => ({ id: o.callId, type: "function", function: { name: o.tool, arguments: "{}" } })),
    },
    ...outputs.map((o, i) =>
      i === 1
        ? { role: "tool", tool_call_id: o.callId, content: [{ type: "text", text: o.text }] }
        : { role: "tool", tool_call_id: o.callId, content: o.text },
    ),
  ];
}

/** OpenAI Responses: `function_call` items, then `function_call_output` items (one with an image part). */
export function openAIResponsesConversation(outputs: ToolOutput[]): unknown[] {
  return [
    { role: "user", content: "Why does the install fail?" },
    ...outputs.map((o) => ({ type: "function_call", call_id: o.callId, name: o.tool, arguments: "{}" })),
    ...outputs.map((o, i) =>
      i === 1
        ? {
            type: "function_call_output",
            call_id: o.callId,
            output: [
              { type: "input_text", text: o.text },
              { type: "input_image", image_url: `data:image/png;base64,${IMAGE_BASE64}` },
            ],
          }
        : { type: "function_call_output", call_id: o.callId, output: o.text },
    ),
  ];
}

/** Anthropic: `tool_use` blocks, then one user message of `tool_result` blocks (error flag, cache breakpoint, image). */
export function anthropicConversation(outputs: ToolOutput[]): unknown[] {
  return [
    { role: "user", content: "Why does the install fail?" },
    {
      role: "assistant",
      content: [
        { type: "text", text: "Let me look." },
        ...outputs.map((o) => ({ type: "tool_use", id: o.callId, name: o.tool, input: {} })),
      ],
    },
    {
      role: "user",
      content: outputs.map((o, i) => {
        if (i === 0) return { type: "tool_result", tool_use_id: o.callId, content: o.text, is_error: true };
        if (i === 1) {
          return {
            type: "tool_result",
            tool_use_id: o.callId,
            content: [
              { type: "text", text: o.text },
              { type: "image", source: { type: "base64", media_type: "image/png", data: IMAGE_BASE64 } },
            ],
            cache_control: { type: "ephemeral" },
          };
        }
        return { type: "tool_result", tool_use_id: o.callId, content: o.text };
      }),
    },
  ];
}

/**
 * AI SDK prompt: assistant `tool-call` parts, then a `tool` message whose
 * results use the `text`, `content` (with a file part), `error-text` and
 * `json` output variants.
 */
export function aiSdkConversation(outputs: ToolOutput[], json?: { callId: string; value: unknown }): unknown[] {
  const calls = [
    ...outputs.map((o) => ({ id: o.callId, tool: o.tool })),
    ...(json ? [{ id: json.callId, tool: "fetch" }] : []),
  ];
  const results: unknown[] = outputs.map((o, i) => {
    const base = { type: "tool-result", toolCallId: o.callId, toolName: o.tool };
    if (i === 1) {
      return {
        ...base,
        output: {
          type: "content",
          value: [
            { type: "text", text: o.text },
            { type: "file-data", data: IMAGE_BASE64, mediaType: "image/png" },
          ],
        },
      };
    }
    if (i === 2) return { ...base, output: { type: "error-text", value: o.text } };
    return { ...base, output: { type: "text", value: o.text } };
  });
  if (json)
    results.push({
      type: "tool-result",
      toolCallId: json.callId,
      toolName: "fetch",
      output: { type: "json", value: json.value },
    });
  return [
    { role: "system", content: "You are a coding agent." },
    { role: "user", content: [{ type: "text", text: "Why does the install fail?" }] },
    {
      role: "assistant",
      content: calls.map((c) => ({ type: "tool-call", toolCallId: c.id, toolName: c.tool, input: {} })),
    },
    { role: "tool", content: results },
  ];
}

/** Deep-freezes a conversation so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/**
 * OpenAI Chat Completions messages. A tool result is a `role: "tool"` message
 * whose `content` is a string or an array of `{ type: "text", text }` parts,
 * linked by `tool_call_id` to an assistant message's
 * `tool_calls[].function.name`. The legacy `role: "function"` message (name on
 * the message itself, no call id) is read too, since old histories still
 * carry it.
 */
import { isRecord, nonEmptyString, rewriteStringOrParts, type Shape } from "./shape.js";

/** The OpenAI Chat Completions shape. */
export const openAIChatShape: Shape = {
  name: "openai-chat",

  detect(messages) {
    return messages.some(
      (m) =>
        isRecord(m) &&
        ((m.role === "tool" && typeof m.tool_call_id === "string") ||
          (m.role === "assistant" && Array.isArray(m.tool_calls))),
    );
  },

  async rewrite(messages, rewrite) {
    const names = toolNamesByCallId(messages);
    const out = messages.slice();
    for (let index = 0; index < messages.length; index++) {
      const m = messages[index];
      if (!isRecord(m)) continue;
      if (m.role === "tool") {
        const callId = nonEmptyString(m.tool_call_id);
        const toolName = callId === undefined ? undefined : names.get(callId);
        const next = await rewriteStringOrParts(m, "content", "text", { index, toolName, callId }, rewrite);
        if (next !== null) out[index] = next;
      } else if (m.role === "function") {
        const next = await rewriteStringOrParts(
          m,
          "content",
          "text",
          { index, toolName: nonEmptyString(m.name) },
          rewrite,
        );
        if (next !== null) out[index] = next;
      }
    }
    return out;
  },
};

/** Tool names of every `tool_calls` entry in the conversation, by call id. */
function toolNamesByCallId(messages: readonly unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of messages) {
    if (!isRecord(m) || m.role !== "assistant" || !Array.isArray(m.tool_calls)) continue;
    for (const call of m.tool_calls) {
      if (!isRecord(call) || !isRecord(call.function)) continue;
      const id = nonEmptyString(call.id);
      const name = nonEmptyString(call.function.name);
      if (id !== undefined && name !== undefined) names.set(id, name);
    }
  }
  return names;
}

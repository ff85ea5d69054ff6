/**
 * Anthropic Messages. A tool result is a `tool_result` block inside a user
 * message; its `content` is a string or an array of blocks (`text`, `image`,
 * `document`, `search_result`…), and `tool_use_id` links it to the assistant's
 * `tool_use` block that names the tool. Every other field of the block
 * (`is_error`, `cache_control`) is copied as it is: a moved cache breakpoint
 * would cost more than pithy saves.
 */
import { isRecord, nonEmptyString, rewriteStringOrParts, type Shape } from "./shape.js";

/** The Anthropic Messages shape. */
export const anthropicShape: Shape = {
  name: "anthropic",

  detect(messages) {
    return messages.some(
      (m) =>
        isRecord(m) &&
        Array.isArray(m.content) &&
        m.content.some((b) => isRecord(b) && (b.type === "tool_result" || b.type === "tool_use")),
    );
  },

  async rewrite(messages, rewrite) {
    const names = toolNamesById(messages);
    const out = messages.slice();
    for (let index = 0; index < messages.length; index++) {
      const m = messages[index];
      if (!isRecord(m) || m.role !== "user" || !Array.isArray(m.content)) continue;
      const blocks = m.content;
      let copy: unknown[] | null = null;
      for (let b = 0; b < blocks.length; b++) {
        const block = blocks[b];
        if (!isRecord(block) || block.type !== "tool_result") continue;
        const callId = nonEmptyString(block.tool_use_id);
        const next = await rewriteStringOrParts(
          block,
          "content",
          "text",
          { index, callId, toolName: callId === undefined ? undefined : names.get(callId) },
          rewrite,
        );
        if (next !== null) (copy ??= blocks.slice())[b] = next;
      }
      if (copy !== null) out[index] = { ...m, content: copy };
    }
    return out;
  },
};

/** Tool names of every `tool_use` block in the conversation, by block id. */
function toolNamesById(messages: readonly unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of messages) {
    if (!isRecord(m) || m.role !== "assistant" || !Array.isArray(m.content)) continue;
    for (const block of m.content) {
      if (!isRecord(block) || block.type !== "tool_use") continue;
      const id = nonEmptyString(block.id);
      const name = nonEmptyString(block.name);
      if (id !== undefined && name !== undefined) names.set(id, name);
    }
  }
  return names;
}

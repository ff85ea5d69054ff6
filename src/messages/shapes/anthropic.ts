/**
 * Anthropic Messages. A tool result is a `tool_result` block inside a user
 * message; its `content` is a string or an array of blocks (`text`, `image`,
 * `document`, `search_result`…), and `tool_use_id` links it to the assistant's
 * `tool_use` block that names the tool. Every other field of the block
 * (`is_error`, `cache_control`) is copied as it is: a moved cache breakpoint
 * would cost more than pithy saves.
 *
 * The MCP connector's `mcp_tool_result` blocks are tool results too, with the
 * same `tool_use_id` and `content` (a string or text blocks), but the API
 * runs the call itself, so they sit in the assistant's turn, after the
 * `mcp_tool_use` block that names the server and the tool. Their tool is
 * named `mcp__<server>__<tool>`, the convention agents use for MCP tools, so
 * an `excludeTools` glob such as `mcp__*` reaches them.
 */
import { isRecord, nonEmptyString, rewriteStringOrParts, type Shape } from "./shape.js";

/** Block types that mark a conversation as Anthropic's: tool calls and their results, local or MCP. */
const BLOCK_TYPES = new Set(["tool_result", "tool_use", "mcp_tool_result", "mcp_tool_use"]);

/** Whether `block` of a message in `role` is a tool result: `tool_result` from the user, `mcp_tool_result` from either. */
function isToolResult(block: Record<string, unknown>, role: unknown): boolean {
  return (block.type === "tool_result" && role === "user") || block.type === "mcp_tool_result";
}

/** The Anthropic Messages shape. */
export const anthropicShape: Shape = {
  name: "anthropic",

  detect(messages) {
    return messages.some(
      (m) =>
        isRecord(m) &&
        Array.isArray(m.content) &&
        m.content.some((b) => isRecord(b) && typeof b.type === "string" && BLOCK_TYPES.has(b.type)),
    );
  },

  async rewrite(messages, rewrite) {
    const names = toolNamesById(messages);
    const out = messages.slice();
    for (let index = 0; index < messages.length; index++) {
      const m = messages[index];
      if (!isRecord(m) || !Array.isArray(m.content)) continue;
      const blocks = m.content;
      let copy: unknown[] | null = null;
      for (let b = 0; b < blocks.length; b++) {
        const block = blocks[b];
        if (!isRecord(block) || !isToolResult(block, m.role)) continue;
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

/** Tool names of every `tool_use` and `mcp_tool_use` block in the conversation, by block id. */
function toolNamesById(messages: readonly unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of messages) {
    if (!isRecord(m) || m.role !== "assistant" || !Array.isArray(m.content)) continue;
    for (const block of m.content) {
      if (!isRecord(block) || (block.type !== "tool_use" && block.type !== "mcp_tool_use")) continue;
      const id = nonEmptyString(block.id);
      let name = nonEmptyString(block.name);
      const server = nonEmptyString(block.server_name);
      if (block.type === "mcp_tool_use" && name !== undefined && server !== undefined) name = `mcp__${server}__${name}`;
      if (id !== undefined && name !== undefined) names.set(id, name);
    }
  }
  return names;
}

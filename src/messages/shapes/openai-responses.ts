/**
 * OpenAI Responses API input items. A tool result is a
 * `function_call_output` item (or `custom_tool_call_output`) whose `output`
 * is a string or an array of `input_text` / `input_image` / `input_file`
 * parts, linked by `call_id` to the `function_call` (or `custom_tool_call`)
 * item that names the tool. Only `input_text` parts are text; the rest pass
 * through untouched.
 */
import { isRecord, nonEmptyString, rewriteStringOrParts, type Shape } from "./shape.js";

const CALL_TYPES = new Set(["function_call", "custom_tool_call"]);
const OUTPUT_TYPES = new Set(["function_call_output", "custom_tool_call_output"]);

/** The OpenAI Responses shape (the `input` array of a request). */
export const openAIResponsesShape: Shape = {
  name: "openai-responses",

  detect(items) {
    return items.some(
      (item) =>
        isRecord(item) && typeof item.type === "string" && (CALL_TYPES.has(item.type) || OUTPUT_TYPES.has(item.type)),
    );
  },

  async rewrite(items, rewrite) {
    const names = new Map<string, string>();
    for (const item of items) {
      if (!isRecord(item) || typeof item.type !== "string" || !CALL_TYPES.has(item.type)) continue;
      const id = nonEmptyString(item.call_id);
      const name = nonEmptyString(item.name);
      if (id !== undefined && name !== undefined) names.set(id, name);
    }
    const out = items.slice();
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      if (!isRecord(item) || typeof item.type !== "string" || !OUTPUT_TYPES.has(item.type)) continue;
      const callId = nonEmptyString(item.call_id);
      const site = { index, callId, toolName: callId === undefined ? undefined : names.get(callId) };
      const next = await rewriteStringOrParts(item, "output", "input_text", site, rewrite);
      if (next !== null) out[index] = next;
    }
    return out;
  },
};

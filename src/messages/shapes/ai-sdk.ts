/**
 * The AI SDK prompt: the language-model prompt a middleware sees
 * (`LanguageModelV2Prompt` / `LanguageModelV3Prompt`) and the `ModelMessage[]`
 * a caller hands to `generateText`, which share their tool results. A tool
 * result is a `tool-result` part inside a `role: "tool"` message, carrying
 * its own `toolName` and an `output`:
 *
 * - `text` / `error-text`: `value` is the text;
 * - `json` / `error-json`: `value` is JSON, read as its compact serialisation
 *   (what providers send) and written back parsed, so the part stays JSON;
 * - `content`: `value` is an array of parts, whose `text` parts are text and
 *   whose media parts pass through;
 * - anything else (`execution-denied`, future variants) passes through.
 *
 * Tool results inside assistant messages belong to provider-executed tools
 * and go back to the provider that made them, so they are never touched.
 */
import {
  isRecord,
  nonEmptyString,
  rewriteTextParts,
  textOfPart,
  type RewriteToolResult,
  type Shape,
  type ToolResultSite,
} from "./shape.js";

/** The AI SDK prompt shape (AI SDK 5 and later). */
export const aiSdkShape: Shape = {
  name: "ai-sdk",

  detect(messages) {
    return messages.some(
      (m) =>
        isRecord(m) &&
        (m.role === "tool" || m.role === "assistant") &&
        Array.isArray(m.content) &&
        m.content.some((p) => isRecord(p) && (p.type === "tool-result" || p.type === "tool-call")),
    );
  },

  async rewrite(messages, rewrite) {
    const names = toolNamesByCallId(messages);
    const out = messages.slice();
    for (let index = 0; index < messages.length; index++) {
      const m = messages[index];
      if (!isRecord(m) || m.role !== "tool" || !Array.isArray(m.content)) continue;
      const parts = m.content;
      let copy: unknown[] | null = null;
      for (let p = 0; p < parts.length; p++) {
        const part = parts[p];
        if (!isRecord(part) || part.type !== "tool-result" || !isRecord(part.output)) continue;
        const callId = nonEmptyString(part.toolCallId);
        const toolName = nonEmptyString(part.toolName) ?? (callId === undefined ? undefined : names.get(callId));
        const output = await rewriteOutput(part.output, { index, callId, toolName }, rewrite);
        if (output !== null) (copy ??= parts.slice())[p] = { ...part, output };
      }
      if (copy !== null) out[index] = { ...m, content: copy };
    }
    return out;
  },
};

/** Tool names of the assistant's `tool-call` parts, by call id (for results that lack one). */
function toolNamesByCallId(messages: readonly unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of messages) {
    if (!isRecord(m) || m.role !== "assistant" || !Array.isArray(m.content)) continue;
    for (const part of m.content) {
      if (!isRecord(part) || part.type !== "tool-call") continue;
      const id = nonEmptyString(part.toolCallId);
      const name = nonEmptyString(part.toolName);
      if (id !== undefined && name !== undefined) names.set(id, name);
    }
  }
  return names;
}

async function rewriteOutput(
  output: Record<string, unknown>,
  site: ToolResultSite,
  rewrite: RewriteToolResult,
): Promise<Record<string, unknown> | null> {
  switch (output.type) {
    case "text":
    case "error-text": {
      if (typeof output.value !== "string") return null;
      const [text] = await rewrite(site, [output.value]);
      return text === output.value || typeof text !== "string" ? null : { ...output, value: text };
    }
    case "json":
    case "error-json":
      return rewriteJsonOutput(output, site, rewrite);
    case "content": {
      if (!Array.isArray(output.value)) return null;
      const parts = await rewriteTextParts(
        output.value,
        (p) => textOfPart(p, "text"),
        (p, text) => ({ ...p, text }),
        site,
        rewrite,
      );
      return parts === null ? null : { ...output, value: parts };
    }
    default:
      return null;
  }
}

async function rewriteJsonOutput(
  output: Record<string, unknown>,
  site: ToolResultSite,
  rewrite: RewriteToolResult,
): Promise<Record<string, unknown> | null> {
  const serialised = serialise(output.value);
  if (serialised === undefined) return null;
  const [text] = await rewrite(site, [serialised]);
  if (text === serialised || typeof text !== "string") return null;
  try {
    return { ...output, value: JSON.parse(text) as unknown };
  } catch {
    // pithy keeps JSON valid JSON, so this is a custom chain's doing: send the text as text.
    return { ...output, type: output.type === "json" ? "text" : "error-text", value: text };
  }
}

/** Compact JSON, as providers send it; undefined for values JSON cannot hold (cycles, BigInt). */
function serialise(value: unknown): string | undefined {
  try {
    const text = JSON.stringify(value);
    return typeof text === "string" ? text : undefined;
  } catch {
    return undefined;
  }
}

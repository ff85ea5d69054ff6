/**
 * The contract between {@link compressMessages} and one provider's message
 * shape. A shape knows where tool results sit and how their text is laid out;
 * the caller decides what happens to the text. Keeping the two apart lets the
 * four shapes share one accounting, one skip rule (recall results) and one
 * determinism story.
 */

/** The conversation layouts pithy reads and writes. */
export type MessageShape = "openai-chat" | "openai-responses" | "anthropic" | "ai-sdk";

/** Every {@link MessageShape}, in the order detection tries them. */
export const MESSAGE_SHAPES: readonly MessageShape[] = ["openai-responses", "ai-sdk", "openai-chat", "anthropic"];

/** Where one tool result sits and what produced it. */
export interface ToolResultSite {
  /** Index of the message (or Responses item) that holds the result. */
  index: number;
  /** Name of the tool that produced it, from the matching call, when known. */
  toolName?: string;
  /** The call id that links the result to its call, when present. */
  callId?: string;
}

/**
 * Rewrites the texts of one tool result. Gets every text part of the result
 * in order and returns as many texts; a returned string that is `===` the
 * input means "unchanged", so the shape can keep the original object.
 */
export type RewriteToolResult = (site: ToolResultSite, texts: readonly string[]) => Promise<readonly string[]>;

/** One provider's message layout. */
export interface Shape {
  readonly name: MessageShape;
  /** Whether `messages` carry this shape's tool calls or tool results. */
  detect(messages: readonly unknown[]): boolean;
  /**
   * A copy of `messages` whose tool-result texts went through `rewrite`.
   * Unchanged messages are the same objects; the input is never mutated.
   */
  rewrite(messages: readonly unknown[], rewrite: RewriteToolResult): Promise<unknown[]>;
}

/** Whether `value` is a non-null, non-array object (a JSON-ish record). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` when it is a non-empty string, else undefined. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/**
 * Rewrites the text parts of one tool result held as an array of parts.
 * Returns the new array, or `null` when no text changed (so the caller keeps
 * its original object and the prompt cache sees the same bytes).
 */
export async function rewriteTextParts(
  parts: readonly unknown[],
  textOf: (part: unknown) => string | undefined,
  withText: (part: Record<string, unknown>, text: string) => unknown,
  site: ToolResultSite,
  rewrite: RewriteToolResult,
): Promise<unknown[] | null> {
  const at: number[] = [];
  const texts: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const text = textOf(parts[i]);
    if (text !== undefined) {
      at.push(i);
      texts.push(text);
    }
  }
  if (texts.length === 0) return null;
  const out = await rewrite(site, texts);
  let copy: unknown[] | null = null;
  for (let j = 0; j < at.length; j++) {
    if (out[j] === texts[j] || typeof out[j] !== "string") continue;
    copy ??= parts.slice();
    copy[at[j]] = withText(parts[at[j]] as Record<string, unknown>, out[j]);
  }
  return copy;
}

/** The `text` of a `{ type, text }` part whose type is `type`, else undefined. */
export function textOfPart(part: unknown, type: string): string | undefined {
  return isRecord(part) && part.type === type && typeof part.text === "string" ? part.text : undefined;
}

/**
 * Rewrites `holder[field]` when it is a string, or the `{ type: partType,
 * text }` parts of it when it is an array. Returns a copy of `holder` with
 * the new content, or `null` when nothing changed.
 */
export async function rewriteStringOrParts(
  holder: Record<string, unknown>,
  field: string,
  partType: string,
  site: ToolResultSite,
  rewrite: RewriteToolResult,
): Promise<Record<string, unknown> | null> {
  const content = holder[field];
  if (typeof content === "string") {
    const [text] = await rewrite(site, [content]);
    return text === content || typeof text !== "string" ? null : { ...holder, [field]: text };
  }
  if (!Array.isArray(content)) return null;
  const parts = await rewriteTextParts(
    content,
    (p) => textOfPart(p, partType),
    (p, text) => ({ ...p, text }),
    site,
    rewrite,
  );
  return parts === null ? null : { ...holder, [field]: parts };
}

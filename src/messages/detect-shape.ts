/**
 * Which provider's layout a conversation is in, read from its tool calls and
 * tool results. The shapes are tried from the most distinctive marks
 * (Responses item types, AI SDK hyphenated part types) to the least, so a
 * conversation is never claimed by two.
 */
import { aiSdkShape } from "./shapes/ai-sdk.js";
import { anthropicShape } from "./shapes/anthropic.js";
import { openAIChatShape } from "./shapes/openai-chat.js";
import { openAIResponsesShape } from "./shapes/openai-responses.js";
import { MESSAGE_SHAPES, type MessageShape, type Shape } from "./shapes/shape.js";

const SHAPES: { readonly [K in MessageShape]: Shape } = {
  "openai-responses": openAIResponsesShape,
  "ai-sdk": aiSdkShape,
  "openai-chat": openAIChatShape,
  anthropic: anthropicShape,
};

/**
 * The shape of `messages`, or `null` when they hold no tool call or tool
 * result at all (then there is nothing for pithy to do).
 */
export function detectShape(messages: readonly unknown[]): MessageShape | null {
  for (const name of MESSAGE_SHAPES) if (SHAPES[name].detect(messages)) return name;
  return null;
}

/** The adapter of a shape. */
export function shapeAdapter(name: MessageShape): Shape {
  return SHAPES[name];
}

/** Whether `value` names a {@link MessageShape}. */
export function isMessageShape(value: unknown): value is MessageShape {
  return typeof value === "string" && (MESSAGE_SHAPES as readonly string[]).includes(value);
}

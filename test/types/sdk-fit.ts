// A type test, checked by `tsc --noEmit` (part of npm test) and, against the
// packed tarball, by build/check-exports.mjs: what pithy-ai returns goes into
// the official SDKs' request types as it is, with no cast. The file is never
// run; every request is built inside a function nobody calls.
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { compressMessages, createPithy, recallTool, withRecallTool } from "pithy-ai";

type ChatParams = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;
type ResponsesParams = OpenAI.Responses.ResponseCreateParamsNonStreaming;
type AnthropicParams = Anthropic.Messages.MessageCreateParamsNonStreaming;

export async function openAIChat(history: OpenAI.Chat.Completions.ChatCompletionMessageParam[]): Promise<ChatParams[]> {
  const pithy = await createPithy();
  const { messages } = await compressMessages(history, { pithy });
  const myTools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
    { type: "function", function: { name: "Bash", parameters: { type: "object" } } },
  ];
  const one: OpenAI.Chat.Completions.ChatCompletionTool = recallTool("openai-chat");
  const fn: OpenAI.Chat.Completions.ChatCompletionFunctionTool = recallTool("openai-chat");
  const list: OpenAI.Chat.Completions.ChatCompletionTool[] = withRecallTool(myTools, messages, "openai-chat");
  const request: ChatParams = withRecallTool({ model: "gpt-4.1", messages, tools: myTools });
  return [
    { model: "gpt-4.1", messages, tools: [...myTools, one, fn] },
    { model: "gpt-4.1", messages, tools: list },
    request,
  ];
}

export async function openAIResponses(input: OpenAI.Responses.ResponseInputItem[]): Promise<ResponsesParams[]> {
  const pithy = await createPithy();
  const { messages } = await compressMessages(input, { pithy });
  const myTools: OpenAI.Responses.Tool[] = [{ type: "function", name: "Bash", parameters: null, strict: false }];
  const one: OpenAI.Responses.FunctionTool = recallTool("openai-responses");
  const list: OpenAI.Responses.Tool[] = withRecallTool(myTools, messages, "openai-responses");
  const request: ResponsesParams = withRecallTool({ model: "gpt-4.1", input: messages, tools: myTools });
  return [
    { model: "gpt-4.1", input: messages, tools: [...myTools, one] },
    { model: "gpt-4.1", input: messages, tools: list },
    request,
  ];
}

export async function anthropic(history: Anthropic.Messages.MessageParam[]): Promise<AnthropicParams[]> {
  const pithy = await createPithy();
  const { messages } = await compressMessages(history, { pithy });
  const myTools: Anthropic.Messages.ToolUnion[] = [{ name: "Bash", input_schema: { type: "object" } }];
  const one: Anthropic.Messages.Tool = recallTool("anthropic");
  const list: Anthropic.Messages.ToolUnion[] = withRecallTool(myTools, messages, "anthropic");
  const request: AnthropicParams = withRecallTool({
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    messages,
    tools: myTools,
  });
  return [
    { model: "claude-sonnet-4-5", max_tokens: 1024, messages, tools: [...myTools, one] },
    { model: "claude-sonnet-4-5", max_tokens: 1024, messages, tools: list },
    request,
  ];
}

export async function anthropicBeta(
  history: Anthropic.Beta.Messages.BetaMessageParam[],
): Promise<Anthropic.Beta.Messages.MessageCreateParamsNonStreaming> {
  const pithy = await createPithy();
  const { messages } = await compressMessages(history, { pithy });
  const tools: Anthropic.Beta.Messages.BetaToolUnion[] = [recallTool("anthropic")];
  return { model: "claude-sonnet-4-5", max_tokens: 1024, messages, tools, betas: ["mcp-client-2025-11-20"] };
}

/**
 * Conversations with one large tool result (a real 190 KB `npm install
 * --verbose` log from the shared corpus) in each API's request shape.
 */
import { parseMarkers } from "../../../src/ccr/marker.js";
import { readCorpusFile } from "../../support/corpus.js";

/** The corpus log used as the big tool result. */
export const BIG_LOG_FILE = "cases/log/lodash-npm-install-verbose.log";

let log: Promise<string> | null = null;

/** The 190 KB log, read once. */
export function bigLog(): Promise<string> {
  log ??= readCorpusFile(BIG_LOG_FILE);
  return log;
}

/** The key of the first pithy marker in `text` (throws when there is none: the test expects one). */
export function markerKey(text: string): string {
  const markers = parseMarkers(text);
  if (markers.length === 0) throw new Error("no pithy marker in the text");
  return markers[0].key;
}

export const BASH_TOOL_ANTHROPIC = {
  name: "Bash",
  description: "Runs a shell command and returns its output.",
  input_schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
};

export const BASH_TOOL_CHAT = {
  type: "function",
  function: {
    name: "Bash",
    description: "Runs a shell command and returns its output.",
    parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
  },
};

export const BASH_TOOL_RESPONSES = {
  type: "function",
  name: "Bash",
  description: "Runs a shell command and returns its output.",
  parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
  strict: false,
};

export const SYSTEM_PROMPT = "You are a careful build engineer. Answer briefly.";
export const QUESTION = "Why does `npm install` fail here?";

/** Anthropic messages: a question, a Bash call, its output. */
export function anthropicConversation(output: string, id = "toolu_01A"): Record<string, unknown>[] {
  return [
    { role: "user", content: QUESTION },
    {
      role: "assistant",
      content: [
        { type: "text", text: "I'll run the install." },
        { type: "tool_use", id, name: "Bash", input: { command: "npm install --verbose" } },
      ],
    },
    { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: output }] },
  ];
}

/** OpenAI Chat messages: system, question, a Bash call, its output. */
export function chatConversation(output: string, id = "call_01A"): Record<string, unknown>[] {
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: QUESTION },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        { id, type: "function", function: { name: "Bash", arguments: '{"command":"npm install --verbose"}' } },
      ],
    },
    { role: "tool", tool_call_id: id, content: output },
  ];
}

/** Responses input items: question, a Bash call, its output. */
export function responsesInput(output: string, id = "call_01A"): Record<string, unknown>[] {
  return [
    { role: "user", content: QUESTION },
    { type: "function_call", call_id: id, name: "Bash", arguments: '{"command":"npm install --verbose"}' },
    { type: "function_call_output", call_id: id, output },
  ];
}

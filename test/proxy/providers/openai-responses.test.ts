import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { RECALL_TOOL_NAME } from "../../../src/messages/recall-tool.js";
import { createPithy, type Pithy } from "../../../src/pipeline.js";
import { openAIResponsesProvider as provider } from "../../../src/proxy/providers/openai-responses.js";
import { type ResponsesItem, responsesResponse, responsesStream } from "../support/shapes.js";
import { dataOf, eventsOf, splice } from "../support/splice.js";

let pithy: Pithy;
let key: string;
const ORIGINAL = '{"items":[1,2,3],"next":null}';

beforeAll(async () => {
  pithy = await createPithy();
  key = await pithy.archive(ORIGINAL);
});

const recall = (call_id = "call_r1"): ResponsesItem => ({
  type: "function_call",
  call_id,
  name: RECALL_TOOL_NAME,
  arguments: JSON.stringify({ key }),
});
const bash = (call_id = "call_b1"): ResponsesItem => ({
  type: "function_call",
  call_id,
  name: "Bash",
  arguments: '{"command":"ls"}',
});
const say = (text: string): ResponsesItem => ({ type: "message", text });

describe("openai-responses: recall calls in the history", () => {
  it("answers by call_id, in the client's output item or in a new one right after the call", async () => {
    const { conversation, answered } = await provider.answerRecallCalls(
      [
        { role: "user", content: "go" },
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_r1",
          name: RECALL_TOOL_NAME,
          arguments: JSON.stringify({ key }),
        },
        { type: "function_call", id: "fc_2", call_id: "call_b1", name: "Bash", arguments: "{}" },
        { type: "function_call_output", call_id: "call_b1", output: "ok" },
        {
          type: "function_call",
          id: "fc_3",
          call_id: "call_r2",
          name: RECALL_TOOL_NAME,
          arguments: JSON.stringify({ key }),
        },
        { type: "function_call_output", call_id: "call_r2", output: "unsupported call" },
      ],
      pithy,
    );
    expect(answered).toBe(2);
    expect(conversation[2]).toEqual({ type: "function_call_output", call_id: "call_r1", output: ORIGINAL });
    expect(conversation[6]).toEqual({ type: "function_call_output", call_id: "call_r2", output: ORIGINAL });
    expect(conversation).toHaveLength(7);
  });
});

describe("openai-responses: recall calls of a stored response", () => {
  it("names the recall calls a response hands the client, by the response's id", () => {
    const response = responsesResponse([recall("call_x"), bash()]);
    expect(provider.storedRecallCalls!(response)).toEqual({
      responseId: response.id,
      calls: [{ call_id: "call_x", name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) }],
    });
    expect(provider.storedRecallCalls!(responsesResponse([bash()]))).toBeNull();
    expect(provider.continuedResponseId!({ previous_response_id: "resp_1" })).toBe("resp_1");
  });

  it("puts their answers first in a continuing request, or in the client's own output for them", async () => {
    const calls = [{ call_id: "call_x", name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) }];
    const added = await provider.answerStoredRecallCalls!(
      [{ type: "function_call_output", call_id: "call_b1", output: "ok" }],
      calls,
      pithy,
    );
    expect(added.conversation).toEqual([
      { type: "function_call_output", call_id: "call_x", output: ORIGINAL },
      { type: "function_call_output", call_id: "call_b1", output: "ok" },
    ]);
    const replaced = await provider.answerStoredRecallCalls!(
      [{ type: "function_call_output", call_id: "call_x", output: "no such tool" }],
      calls,
      pithy,
    );
    expect(replaced).toEqual({
      conversation: [{ type: "function_call_output", call_id: "call_x", output: ORIGINAL }],
      answered: 1,
    });
  });
});

describe("openai-responses: whole responses", () => {
  it("finds a response whose only client call is the recall tool", () => {
    const turn = provider.recallTurn(responsesResponse([say("Reading."), recall()]));
    expect(turn?.calls).toEqual([{ call_id: "call_r1", name: RECALL_TOOL_NAME, arguments: JSON.stringify({ key }) }]);
    expect(turn?.visible).toHaveLength(1);
    expect(provider.recallTurn(responsesResponse([recall(), bash()]))).toBeNull();
    expect(provider.recallTurn({ ...responsesResponse([recall()]), status: "incomplete" })).toBeNull();
  });

  it("continues a stateless conversation with the output items and the answers", () => {
    const response = responsesResponse([recall()]);
    const turn = provider.recallTurn(response)!;
    const body = provider.continueWith({ model: "m", input: [{ role: "user", content: "q" }] }, turn, [
      { found: true, key, content: ORIGINAL, callId: "call_r1" },
    ]);
    expect(body.input).toEqual([
      { role: "user", content: "q" },
      ...(response.output as unknown[]),
      { type: "function_call_output", call_id: "call_r1", output: ORIGINAL },
    ]);
  });

  it("merges earlier items and usage into the final response", () => {
    const turn = provider.recallTurn(responsesResponse([say("A"), recall()]))!;
    const merged = provider.mergeResponse(responsesResponse([say("B")]), [turn]) as {
      output: { type: string }[];
      usage: { total_tokens: number };
    };
    expect(merged.output.map((o) => o.type)).toEqual(["message", "message"]);
    expect(merged.usage.total_tokens).toBe(300);
  });
});

describe("openai-responses: stream splicing", () => {
  it("relays a stream without recall calls byte for byte", () => {
    let withCalls = 0;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 30 }).map(say), fc.constantFrom("call_a", "call_b").map(bash)), {
          maxLength: 3,
        }),
        (items) => {
          if (items.some((i) => i.type === "function_call")) withCalls++;
          const events = responsesStream(responsesResponse(items));
          const { text, turns } = splice(provider.streamSplicer(), [events]);
          expect(text).toBe(events.join(""));
          expect(turns).toEqual([null]);
        },
      ),
    );
    expect(withCalls).toBeGreaterThan(0);
  });

  it("splices the continuation in: one created event, one sequence, shifted output indexes, every item at the end", () => {
    const first = responsesStream(responsesResponse([say("Reading."), recall()]));
    const second = responsesStream(responsesResponse([say("Done."), bash("call_b9")]));
    const { text, turns } = splice(provider.streamSplicer(), [first, second]);
    expect(turns[0]).not.toBeNull();
    const events = dataOf(text);
    expect(events.filter((e) => e.type === "response.created")).toHaveLength(1);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const added = events.filter((e) => e.type === "response.output_item.added");
    expect(added.map((e) => [e.output_index, e.item.type])).toEqual([
      [0, "message"],
      [1, "message"],
      [2, "function_call"],
    ]);
    const completed = events.at(-1);
    expect(completed.type).toBe("response.completed");
    expect(completed.response.output.map((o: { type: string; name?: string }) => o.name ?? o.type)).toEqual([
      "message",
      "message",
      "Bash",
    ]);
    expect(completed.response.usage.total_tokens).toBe(300);
    expect(JSON.stringify(events)).not.toContain(RECALL_TOOL_NAME);
    expect(eventsOf(text).every((e) => e.event === e.data.match(/"type":"([^"]+)"/)?.[1])).toBe(true);
  });

  it("releases everything as it was when a client call follows the recall call", () => {
    const events = responsesStream(responsesResponse([recall(), bash()]));
    const { text } = splice(provider.streamSplicer(), [events], false);
    expect(text).toBe(events.join(""));
  });
});

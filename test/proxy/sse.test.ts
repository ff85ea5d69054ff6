import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSseEvent, SseParser, type SseEvent } from "../../src/proxy/sse.js";
import { anthropicMessage, anthropicStream, chatCompletion, chatStream } from "./support/shapes.js";

const encoder = new TextEncoder();

function parseAll(chunks: (string | Uint8Array)[]): SseEvent[] {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  events.push(...parser.end());
  return events;
}

describe("SseParser", () => {
  it("reads the event name and data of each event", () => {
    const events = parseAll(['event: message_start\ndata: {"a":1}\n\nevent: ping\ndata: {}\n\n']);
    expect(events.map((e) => [e.event, e.data])).toEqual([
      ["message_start", '{"a":1}'],
      ["ping", "{}"],
    ]);
  });

  it("gives each event's exact text, so the events put together are the stream", () => {
    const text = ": keep-alive\n\nevent: a\r\ndata: 1\r\n\r\ndata: [DONE]\n\n";
    const events = parseAll([text]);
    expect(events.map((e) => e.raw).join("")).toBe(text);
    expect(events.map((e) => e.data)).toEqual(["", "1", "[DONE]"]);
  });

  it("joins several data lines with a line feed and drops one space after the colon", () => {
    const [event] = parseAll(["data: first\ndata:second\ndata:  third\n\n"]);
    expect(event.data).toBe("first\nsecond\n third");
    expect(event.event).toBeNull();
  });

  it("accepts CR-only line breaks", () => {
    const events = parseAll(["event: x\rdata: 1\r\rdata: 2\r\r"]);
    expect(events.map((e) => e.data)).toEqual(["1", "2"]);
  });

  it("waits for the blank line before it gives an event", () => {
    const parser = new SseParser();
    expect(parser.push("data: 1\n")).toEqual([]);
    expect(parser.push("\n")).toEqual([{ event: null, data: "1", raw: "data: 1\n\n" }]);
  });

  it("does not end an event on a CR that may be half of a CRLF", () => {
    const parser = new SseParser();
    expect(parser.push("data: 1\r\n\r")).toEqual([]);
    expect(parser.push("\ndata: 2\r\n\r\n").map((e) => e.raw)).toEqual(["data: 1\r\n\r\n", "data: 2\r\n\r\n"]);
  });

  it("gives a last event that no blank line followed when the body ends", () => {
    expect(parseAll(["data: tail"])).toEqual([{ event: null, data: "tail", raw: "data: tail" }]);
  });

  it("decodes UTF-8 cut anywhere between chunks", () => {
    const bytes = encoder.encode('data: {"text":"héllo 🌍"}\n\n');
    const chunks = Array.from(bytes, (b) => new Uint8Array([b]));
    expect(parseAll(chunks)[0].data).toBe('{"text":"héllo 🌍"}');
  });

  it("gives the same events however the stream is cut into chunks", () => {
    const streams = [
      anthropicStream(anthropicMessage([{ type: "text", text: "Hello there, from a stream." }])).join(""),
      chatStream(chatCompletion("A reply é 🌍 in pieces.")).join(""),
      "event: a\r\ndata: 1\r\n\r\n: comment\r\rdata: 2\r\r",
      'event: ü\r\ndata: {"t":"éé🌍🌍"}\r\n\r\ndata: ✓\n\n',
    ];
    let midCharacter = 0;
    let midLineBreak = 0;
    fc.assert(
      fc.property(fc.constantFrom(...streams), fc.array(fc.nat(), { maxLength: 12 }), (text, cutPoints) => {
        const bytes = encoder.encode(text);
        const cuts = [...new Set(cutPoints.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks: Uint8Array[] = [];
        let at = 0;
        for (const cut of [...cuts, bytes.length]) {
          chunks.push(bytes.slice(at, cut));
          at = cut;
          if ((bytes[cut] & 0xc0) === 0x80) midCharacter++;
          if (bytes[cut - 1] === 13 && bytes[cut] === 10) midLineBreak++;
        }
        const whole = parseAll([text]);
        const cut = parseAll(chunks);
        expect(cut).toEqual(whole);
        expect(cut.map((e) => e.raw).join("")).toBe(text);
      }),
      { numRuns: 300 },
    );
    // The cuts that matter were drawn: inside a UTF-8 sequence, and between the CR and LF of a CRLF.
    expect(midCharacter).toBeGreaterThan(0);
    expect(midLineBreak).toBeGreaterThan(0);
  });
});

describe("formatSseEvent", () => {
  it("writes a named event with one data line per line of data", () => {
    expect(formatSseEvent("message_delta", "a\nb")).toBe("event: message_delta\ndata: a\ndata: b\n\n");
    expect(formatSseEvent(null, "{}")).toBe("data: {}\n\n");
  });

  it("writes what the parser reads back", () => {
    const text = formatSseEvent("x", '{"y":"multi\\nline"}');
    expect(parseAll([text])).toEqual([{ event: "x", data: '{"y":"multi\\nline"}', raw: text }]);
  });
});

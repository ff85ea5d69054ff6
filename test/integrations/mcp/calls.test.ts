import { beforeAll, describe, expect, it } from "vitest";
import { parseMarkers } from "../../../src/ccr/marker.js";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { answerToolCall, type CompressFields, type ToolAnswer } from "../../../src/integrations/mcp/calls.js";
import { jsonTextBytes } from "../../../src/integrations/mcp/reply-size.js";
import { createPithy } from "../../../src/pipeline.js";
import { corpusCases, readCase } from "../../support/corpus.js";

const CAP = 4096;
let log = "";

beforeAll(async () => {
  const found = (await corpusCases()).find((c) => c.id === "log-requests-pytest-fail");
  if (found === undefined) throw new Error("corpus case log-requests-pytest-fail is missing");
  log = await readCase(found);
});

/** A JSON array of `count` distinct user records: it compresses to an outline of a few KB. */
function userRecords(count: number): string {
  return JSON.stringify(
    Array.from({ length: count }, (_, i) => ({
      id: i,
      name: `user${i}`,
      email: `u${i}@example.org`,
      n: (i * 7919) % 10007,
    })),
  );
}

/** A log of `lines` numbered lines, each unique. */
function numberedLog(lines: number): string {
  return (
    Array.from({ length: lines }, (_, i) => `2024-05-01T10:00:${String(i % 60).padStart(2, "0")} INFO line ${i}`).join(
      "\n",
    ) + "\n"
  );
}

function fieldsOf(answer: ToolAnswer | null): CompressFields {
  return answer?.structuredContent as unknown as CompressFields;
}

describe("answerToolCall's reply cap", () => {
  it("returns an output under the cap byte for byte as the pipeline gave it", async () => {
    const pithy = await createPithy();
    const answer = await answerToolCall(
      pithy,
      "pithy_compress",
      { content: log, tool: "Bash" },
      { maxReplyBytes: 1 << 20 },
    );
    const direct = await (await createPithy()).compress(log, { tool: "Bash" });
    expect(answer?.content[0].text).toBe(direct.output);
    expect(fieldsOf(answer).capped).toBeUndefined();
  });

  it("answers content left whole and over the cap with a short note whose marker recalls it", async () => {
    const pithy = await createPithy({ excludeTools: ["cat"] });
    const answer = await answerToolCall(pithy, "pithy_compress", { content: log, tool: "cat" }, { maxReplyBytes: CAP });
    const [note] = answer?.content ?? [];
    expect(answer?.isError).toBeUndefined();
    expect(note.text.length).toBeLessThan(600);
    expect(note.text).toMatch(
      /^pithy: the content was left whole \(excluded_tool\) and is \d+ bytes, more than one answer may carry \(4 KiB\)/,
    );
    const [marker] = parseMarkers(note.text);
    expect(fieldsOf(answer)).toMatchObject({
      action: "skipped",
      reason: "excluded_tool",
      key: marker.key,
      capped: true,
    });
    expect(note.text).toContain(`pithy_recall with {"key": "${marker.key}"}`);
    expect(await pithy.recall(marker.key)).toMatchObject({ found: true, content: log });
  });

  it("answers a compressed output over the cap with the marker of the original the pipeline stored", async () => {
    const store = new MemoryStore();
    const pithy = await createPithy({ store });
    const content = userRecords(3000);
    const direct = await (await createPithy()).compress(content);
    expect(direct.action).toBe("compressed");
    expect(jsonTextBytes(direct.output)).toBeGreaterThan(1024);
    const answer = await answerToolCall(pithy, "pithy_compress", { content }, { maxReplyBytes: 1024 });
    expect(answer?.content[0].text).toMatch(/^pithy: the compressed output is \d+ bytes/);
    expect(fieldsOf(answer)).toMatchObject({ action: "compressed", key: direct.key, capped: true });
    expect((await store.stats()).entries).toBe(1);
  });

  it("says plainly that content over the cap cannot be kept when there is no store", async () => {
    const pithy = await createPithy({ store: null, mode: "off" });
    const answer = await answerToolCall(pithy, "pithy_compress", { content: log }, { maxReplyBytes: CAP });
    expect(answer?.isError).toBe(true);
    expect(answer?.content[0].text).toMatch(
      /could not be stored for recall \(no store is configured\)\. Pass it in smaller parts\.$/,
    );
  });

  it("cuts a recalled original over the cap at a line end, and says how much is shown", async () => {
    // No recall bound in tokens here: the reply's cap in bytes is what is tested.
    const pithy = await createPithy({ recallMaxTokens: 1_000_000 });
    const content = numberedLog(2000);
    const key = await pithy.archive(content);
    const answer = await answerToolCall(pithy, "pithy_recall", { key }, { maxReplyBytes: CAP });
    const text = answer?.content[0].text ?? "";
    expect(answer?.isError).toBeUndefined();
    expect(jsonTextBytes(text)).toBeLessThanOrEqual(CAP);
    const [head, note] = text.split("… pithy: ");
    expect(content.startsWith(head)).toBe(true);
    expect(head.endsWith("\n")).toBe(true);
    const shown = head.split("\n").length - 1;
    expect(note).toBe(
      `the original is cut here, at the 4 KiB an answer may carry: its first ${head.length} of ${content.length} bytes (lines 1-${shown} of 2000) are shown above.`,
    );
  });

  it("recalls an original under the cap whole", async () => {
    const pithy = await createPithy();
    const key = await pithy.archive(log);
    const answer = await answerToolCall(pithy, "pithy_recall", { key }, { maxReplyBytes: 1 << 20 });
    expect(answer?.content).toEqual([{ type: "text", text: log }]);
  });
});

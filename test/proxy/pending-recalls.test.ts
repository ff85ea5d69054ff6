import { describe, expect, it } from "vitest";
import { PendingRecalls } from "../../src/proxy/pending-recalls.js";

describe("PendingRecalls", () => {
  it("gives back the calls of a remembered response", () => {
    const pending = new PendingRecalls();
    pending.remember({ responseId: "resp_1", calls: [{ call_id: "c" }] });
    expect(pending.callsOf("resp_1")).toEqual([{ call_id: "c" }]);
    expect(pending.callsOf("resp_2")).toBeUndefined();
  });

  it("keeps the most recent 1024 responses only", () => {
    const pending = new PendingRecalls();
    for (let i = 0; i < 1100; i++) pending.remember({ responseId: `resp_${i}`, calls: [i] });
    expect(pending.callsOf("resp_0")).toBeUndefined();
    expect(pending.callsOf("resp_75")).toBeUndefined();
    expect(pending.callsOf("resp_76")).toEqual([76]);
    expect(pending.callsOf("resp_1099")).toEqual([1099]);
  });
});

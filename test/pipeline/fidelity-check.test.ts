// The fidelity check on every call: a render that hides a salient line of
// the input is replaced by a more conservative one, finally by the input.
import { describe, expect, it } from "vitest";
import type { Compressor } from "../../src/compressors/types.js";
import { createPithy } from "../../src/pipeline.js";

const routine = Array.from({ length: 300 }, (_, i) => `2024-05-01T10:00:00Z INFO request ${i} served`);
const log = [...routine.slice(0, 150), "ERROR disk quota exceeded on /var", ...routine.slice(150)].join("\n") + "\n";

/** Keeps the first `keep × scale` lines and drops the rest behind one marker. */
function headOnly(keep: number): Compressor {
  return {
    name: "head-only",
    compress(input) {
      if (!input.canDrop) return null;
      const n = Math.min(input.lines.count, Math.round(keep * input.scale));
      const output = `${input.lines.slice(0, n)}${input.marker("rest omitted", { lines: [[n, input.lines.count]] })}\n`;
      return { output, lossy: true };
    },
  };
}

describe("the fidelity check", () => {
  it("renders again with wider caps until the error line shows, and says so", async () => {
    // 40 lines at the default caps; 160 at four times them: the error (line 151) shows at the fourth render.
    const pithy = await createPithy({ chains: { log: [headOnly(40)] } });
    const r = await pithy.compress(log, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    expect(r.output).toContain("ERROR disk quota exceeded on /var");
    expect(r.fidelity).toEqual({ salient: 1, visible: 1, rerenders: 2 });
    expect(r.detail.fidelity).toBe("1/1");
    expect(pithy.stats().fidelity).toEqual({ checks: 1, rerenders: 2, passedThrough: 0 });
  });

  it("passes the input through when every render hides a salient line", async () => {
    const pithy = await createPithy({ chains: { log: [headOnly(10)] } });
    const r = await pithy.compress(log, { tool: "Bash" });
    expect(r).toMatchObject({ action: "skipped", reason: "guardrail", output: log });
    expect(String(r.detail.note)).toMatch(/salient line\(s\) would be hidden, first: ERROR disk quota/);
    expect(pithy.stats().fidelity.passedThrough).toBe(1);
  });

  it("reports every salient line visible on an output that hides none", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(log, { tool: "Bash" });
    expect(r.fidelity).toMatchObject({ salient: 1, visible: 1, rerenders: 0 });
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real AssemblyScript 0.28.20 run (`asc src/kernels/*.ts`, pithy's TS kernels fed to the WASM
// compiler): 61 parse errors in 11 files, each `ERROR TS1110: Type expected.` over a code frame
// closed by its place, `└─ in src/kernels/ansi.ts(142,11)`; 17 of them repeat one message.
// The rules were found on a held-out `asc --noUnsafe` run of 159 copies of AS101.
const run = readFileSync(new URL("fixtures/asc-kernels-parse-errors.txt", import.meta.url), "utf8");
const lines = run.split("\n");

describe("AssemblyScript diagnostics", () => {
  it("are routed as a log", () => {
    expect(detect(run, {}).type).toBe("log");
  });

  it("keep every head and every place, in order, while repeated frames go", () => {
    const result = compressLog(compressorInput(run, { type: "log" }));
    expect(result).not.toBeNull();
    const out = result!.output;
    const heads = lines.filter((l) => /^ERROR [A-Z]+\d+: /.test(l));
    const places = lines.filter((l) => l.includes("└─ in "));
    expect(heads.length).toBe(61);
    expect(places.length).toBe(61);
    expect(out.split("\n").filter((l) => /^ERROR [A-Z]+\d+: /.test(l))).toEqual(heads);
    expect(out.split("\n").filter((l) => l.includes("└─ in "))).toEqual(places);
    expect(out).toContain("FAILURE 61 parse error(s)");
    expect(out).toMatch(/code-frame lines of repeated diagnostics/);
  });

  it("find nothing more to drop in their own output", () => {
    const out = compressLog(compressorInput(run, { type: "log" }))!.output;
    const again = compressLog(compressorInput(out, { type: "log" }));
    expect(again === null ? out : again.output).toBe(out);
  });

  it("show the code frame of each message's first instance", () => {
    const out = compressLog(compressorInput(run, { type: "log" }))!.output;
    expect(out).toContain(" 142 │ private units = 0;\n     │         ~~~~~\n     └─ in src/kernels/ansi.ts(142,11)\n");
    expect(out).toContain(" 40 │ column?: number;\n");
  });
});

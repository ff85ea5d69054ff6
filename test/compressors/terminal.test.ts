import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { crToLf, hasCrRecords, terminalCompressor } from "../../src/compressors/terminal.js";
import { createPithy } from "../../src/pipeline.js";
import { MemoryStore } from "../../src/ccr/memory-store.js";
import { openCorpus } from "../support/corpus.js";
import { compressorInput } from "../support/compressor-input.js";

const own = new Map((await openCorpus("own").load()).map((c) => [c.id, c]));

describe("terminal: records are never frames", () => {
  it("turns a syslog written with CR line ends into lines, every record kept", () => {
    // Real dpkg.log records (test/corpus/cases/log/dpkg-log-tail.log), written with CR line ends
    // as a pty-captured `tail` of a CR-terminated file shows them.
    const dpkg = own.get("log-dpkg-log-tail")!.text.split("\n").slice(0, 40);
    const text = `${dpkg.slice(0, 2).join("\n")}\n${dpkg.slice(2).join("\r")}\r\n`;
    expect(hasCrRecords(text)).toBe(true);
    const out = terminalCompressor.compress(compressorInput(text, { type: "terminal" }))!;
    for (const record of dpkg) expect(out.output.split(/\r?\n/)).toContain(record);
  });

  it("leaves progress redraws to the frame collapse (git clone, cargo)", () => {
    expect(hasCrRecords(own.get("terminal-git-clone-no-local-tty")!.text)).toBe(false);
    expect(hasCrRecords(own.get("terminal-rust-error-index-cargo-build-tty")!.text)).toBe(false);
    expect(hasCrRecords("50%\r51%\r52%\r53%\r\n")).toBe(false);
  });

  it("routes apt's term.log (progress frames, then a line over them) as a log once cleaned", async () => {
    const c = own.get("log-apt-term-log-cr")!;
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(c.text, { tool: c.tool_hint });
    expect(r.strategy).toBe("terminal+log");
    expect(r.output).toContain("(Reading database ... 6089 files and directories currently installed.)");
    expect(r.output).toContain("Log ended: 2026-12-01  20:13:39");
  });

  it("keeps cargo's errors and warnings drawn between coloured progress bars without the last-resort render", async () => {
    const c = own.get("terminal-rust-error-index-cargo-build-tty")!;
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(c.text, { tool: c.tool_hint });
    expect(r.strategy).toBe("terminal+log");
    for (const s of c.must_keep) expect(r.output, s).toContain(s);
  });

  it("turns bare CRs into line ends and leaves CRLF alone", () => {
    expect(crToLf("a\rb\r\nc\r")).toBe("a\nb\r\nc\r");
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const out = crToLf(s);
        expect(out.replace(/\n/g, "\r").length).toBe(s.length);
        expect(crToLf(out)).toBe(out);
        expect(typeof hasCrRecords(s)).toBe("boolean");
      }),
    );
  });
});

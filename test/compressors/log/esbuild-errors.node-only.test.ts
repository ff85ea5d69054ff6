import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { createPithy } from "../../../src/pipeline.js";
import { detect } from "../../../src/router/detect.js";

/**
 * A real `esbuild --bundle --platform=browser` of ws 8's index.js: 21
 * `✘ [ERROR] Could not resolve "…"` blocks, each with its place on the
 * indented line below the head, a box-drawn code frame and a hint. The
 * place is the fact an agent acts on; read as prose, whole runs of these
 * blocks used to go behind one section marker, places and all.
 */
const ESBUILD = readFileSync(new URL("./fixtures/esbuild-browser-bundle-ws.txt", import.meta.url), "utf8");

describe("esbuild's error blocks", () => {
  it("read as compiler diagnostics, a kind of log", () => {
    expect(detect(ESBUILD).type).toBe("log");
  });

  it("keep every error's head and place visible", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    const r = await pithy.compress(ESBUILD, { tool: "Bash" });
    const places = ESBUILD.match(/^ {4}\S+:\d+:\d+:$/gm) ?? [];
    expect(places.length).toBe(21);
    for (const place of places) expect(r.output).toContain(place);
    for (const head of ESBUILD.match(/^✘ \[ERROR\] .*$/gm) ?? []) expect(r.output).toContain(head);
  });
});

// The code's layering, checked from the import statements of every file in
// src/: no import cycle between files, no import from a lower layer into a
// higher one, and no `node:` module in the runtime-neutral core.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/**
 * Layers from the bottom up: a file may import its own layer and the ones
 * below. The first matching prefix decides.
 */
const LAYERS: readonly (readonly string[])[] = [
  ["types.ts", "errors.ts", "runtime.ts", "file-names.ts"],
  ["kernels/"],
  ["ccr/"],
  // The salient-line pass reads only text and kernels: the guardrail runs it on every call, and a
  // compressor may ask it which of the lines it drops would be missed (a stat log's message lines).
  ["fidelity/"],
  ["compressors/"],
  ["router/"],
  // The options and their checks belong with the pipeline they configure.
  ["config.ts", "gate.ts", "guardrail.ts", "telemetry.ts", "pipeline.ts", "pipeline/"],
  ["messages/"],
  ["stores/", "integrations/"],
  ["cli/", "proxy/"],
  // The public faces re-export every layer.
  ["index.ts", "kernels.ts"],
];

/** Runtime-specific code, which alone may import `node:` modules. */
const RUNTIME_SPECIFIC = ["stores/", "cli/", "proxy/", "integrations/"];

function layerOf(file: string): number {
  const layer = LAYERS.findIndex((prefixes) =>
    prefixes.some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p)),
  );
  if (layer === -1) throw new Error(`src/${file} belongs to no layer: add it to LAYERS`);
  return layer;
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (entry.name.endsWith(".ts")) found.push(relative(SRC, path));
  }
  return found.sort();
}

const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g;

/** The modules `file` imports (statically, type-only or dynamically), as written. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  return [...text.matchAll(IMPORT_RE)].map((m) => m[1] ?? m[2]);
}

/** `src/`-relative path of a relative import, with `.js` read as the `.ts` it is built from. */
function resolve(from: string, specifier: string): string {
  return normalize(join(dirname(from), specifier)).replace(/\.js$/, ".ts");
}

const files = sourceFiles(SRC);
const graph = new Map<string, string[]>();
for (const file of files) {
  graph.set(
    file,
    importsOf(file)
      .filter((s) => s.startsWith("."))
      .map((s) => resolve(file, s)),
  );
}

describe("the layering of src/", () => {
  it("reads a good number of files and imports (the checks below are not vacuous)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect([...graph.values()].reduce((n, deps) => n + deps.length, 0)).toBeGreaterThan(300);
  });

  it("resolves every relative import to a file of src/", () => {
    const known = new Set(files);
    const missing = [...graph].flatMap(([file, deps]) =>
      deps.filter((d) => !known.has(d)).map((d) => `${file} → ${d}`),
    );
    expect(missing).toEqual([]);
  });

  it("has no import from a lower layer into a higher one", () => {
    const upward: string[] = [];
    for (const [file, deps] of graph) {
      for (const dep of deps) if (layerOf(dep) > layerOf(file)) upward.push(`${file} → ${dep}`);
    }
    expect(upward).toEqual([]);
  });

  it("has no import cycle between files, type-only imports included", () => {
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      state.set(file, "open");
      for (const dep of graph.get(file) ?? []) {
        if (state.get(dep) === "open") cycles.push([...path.slice(path.indexOf(dep)), dep].join(" → "));
        else if (!state.has(dep)) visit(dep, [...path, dep]);
      }
      state.set(file, "done");
    };
    for (const file of files) if (!state.has(file)) visit(file, [file]);
    expect(cycles).toEqual([]);
  });

  it("keeps node: modules out of the runtime-neutral core", () => {
    const core = files.filter((f) => !RUNTIME_SPECIFIC.some((p) => f.startsWith(p)));
    expect(core.length).toBeGreaterThan(80);
    const offenders = core.filter((f) => importsOf(f).some((s) => s.startsWith("node:")));
    expect(offenders).toEqual([]);
  });
});

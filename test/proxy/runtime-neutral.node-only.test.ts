// The proxy's handler must load where there is no `node:` module (a worker
// runtime): only the listener, loaded by listen(), may import one. Checked in
// the sources and in the built bundle (its static import graph).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;'"]*?(?:from\s*)?["']([^"']+)["']/g;

function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[1]);
}

describe("the proxy's runtime neutrality", () => {
  it("imports no node: module outside its listener, in the sources", () => {
    const dir = join(root, "src/proxy");
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const imports = staticImports(readFileSync(join(dir, file), "utf8"));
      const fromNode = imports.filter((s) => s.startsWith("node:"));
      if (file === "node-listener.ts") expect(fromNode).toContain("node:http");
      else expect([file, fromNode]).toEqual([file, []]);
    }
  });

  it.runIf(existsSync(join(root, "dist/proxy.js")))("loads no node: module statically from dist/proxy.js", () => {
    const seen = new Set<string>();
    const pending = [join(root, "dist/proxy.js")];
    const fromNode: string[] = [];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of staticImports(readFileSync(file, "utf8"))) {
        if (specifier.startsWith("node:")) fromNode.push(`${file}: ${specifier}`);
        else if (specifier.startsWith(".")) pending.push(join(dirname(file), specifier));
      }
    }
    expect(seen.size).toBeGreaterThan(1);
    expect(fromNode).toEqual([]);
    // The listener is there, behind a dynamic import.
    expect(
      readFileSync(join(root, "dist/proxy.js"), "utf8") + [...seen].map((f) => readFileSync(f, "utf8")).join(""),
    ).toMatch(/import\("\.\/node-listener-[A-Z0-9]+\.js"\)/);
  });
});

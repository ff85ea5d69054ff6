import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// package.json is the source of truth; jsr.json (JSR) and deno.json (Deno users
// of a checkout) repeat its name, version and exports, and drift silently.
const root = new URL("../../", import.meta.url).pathname;
const read = (file: string) => JSON.parse(readFileSync(join(root, file), "utf8"));
const pkg = read("package.json") as {
  name: string;
  version: string;
  license: string;
  files: string[];
  exports: Record<string, string | { types: string; default: string }>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  dependencies?: Record<string, string>;
};

/** package.json's exports as JSR writes them: subpath → the JavaScript file. */
function runtimeExports(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === "object") out[subpath] = target.default;
  }
  return out;
}

/** Every bare specifier (not relative, not node:) that the bundled files import. */
function bareImportsOfDist(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".js")) {
        const text = readFileSync(path, "utf8");
        for (const m of text.matchAll(/(?:\bfrom|\bimport\(?)\s*"(@?[a-z][\w./@-]*)"/g)) {
          if (!m[1].startsWith("node:")) found.add(m[1]);
        }
      }
    }
  };
  walk(join(root, "dist"));
  return found;
}

/** The package a specifier names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

describe("package manifests", () => {
  it("publishes as pithy-ai with the pithy command", () => {
    expect(pkg.name).toBe("pithy-ai");
    expect(read("package.json").bin).toEqual({ pithy: "./dist/cli.js" });
  });

  for (const file of ["jsr.json", "deno.json"]) {
    it(`keeps ${file}'s name, version and exports equal to package.json's`, () => {
      const manifest = read(file);
      expect(manifest.name).toMatch(new RegExp(`^@[a-z0-9-]+/${pkg.name}$`));
      expect(manifest.version).toBe(pkg.version);
      expect(manifest.exports).toEqual(runtimeExports());
    });
  }

  it("maps every package the bundle imports to an npm specifier for JSR", () => {
    const imports = read("jsr.json").imports as Record<string, string>;
    const mapped = new Set(Object.keys(imports).map((k) => packageOf(k.replace(/\/$/, ""))));
    const imported = new Set([...bareImportsOfDist()].map(packageOf));
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((p) => !mapped.has(p))).toEqual([]);
    for (const [from, to] of Object.entries(imports)) expect(to).toMatch(new RegExp(`^npm:/?${packageOf(from)}@`));
  });

  it("has no runtime dependency: every package the bundle imports is an optional peer", () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    for (const p of new Set([...bareImportsOfDist()].map(packageOf))) {
      expect(pkg.peerDependencies[p], p).toBeDefined();
      expect(pkg.peerDependenciesMeta[p]?.optional, p).toBe(true);
    }
  });

  it("ships the MIT LICENSE it declares", () => {
    expect(pkg.license).toBe("MIT");
    expect(pkg.files).toContain("LICENSE");
    const license = readFileSync(join(root, "LICENSE"), "utf8");
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} pithy contributors\n/);
  });

  it("names where the code lives and what it is about", () => {
    const meta = read("package.json");
    expect(meta.repository.url).toMatch(/^git\+https:\/\/.+\.git$/);
    expect(meta.homepage).toMatch(/^https:\/\//);
    expect(meta.keywords).toEqual(expect.arrayContaining(["llm", "mcp", "compression"]));
  });

  it("declares the bundle free of import-time side effects, so bundlers can drop what is not imported", () => {
    expect(read("package.json").sideEffects).toBe(false);
    expect(existsSync(join(root, "dist/index.js"))).toBe(true);
  });
});

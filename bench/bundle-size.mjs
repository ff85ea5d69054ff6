// What installing pithy-ai costs, and what it adds to a browser bundle.
//
//   npm run build && node bench/bundle-size.mjs
//
// Packs the package as npm would publish it and installs the tarball into
// scratch projects under the OS temp dir, side by side with the package as it
// was before (the MCP SDK a hard dependency): packages installed and `du` of
// node_modules. Then bundles small apps that import one thing from the
// installed package with esbuild (browser, ESM, minified) and gzips them
// (level 9), with the package's `"sideEffects": false` and, in a copy, without
// it. Writes bench/results/bundle.md.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const { build } = createRequire(import.meta.url)("esbuild");
const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const scratch = mkdtempSync(join(tmpdir(), "pithy-bundle-size-"));
const sh = (command, args, cwd = root) =>
  execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });

/** The type sets measured, the full set first (the reference of the share column). */
const TYPE_SETS = [null, ["log", "json", "search"], ["log"], ["json"], ["diff"]];

/** Apps of one import each: what a browser user pays for one entry point. */
const APPS = [
  ["`createPithy` (the whole pipeline)", `import { createPithy } from "pithy-ai"; globalThis.x = createPithy;`],
  ["`estimateTokens` from the root", `import { estimateTokens } from "pithy-ai"; globalThis.x = estimateTokens;`],
  ["`stripAnsi` from the root", `import { stripAnsi } from "pithy-ai"; globalThis.x = stripAnsi;`],
  ["`stripAnsi` from `pithy-ai/kernels`", `import { stripAnsi } from "pithy-ai/kernels"; globalThis.x = stripAnsi;`],
  ["`parseMarkers` from the root", `import { parseMarkers } from "pithy-ai"; globalThis.x = parseMarkers;`],
  ["`recallTool` from the root", `import { recallTool } from "pithy-ai"; globalThis.x = recallTool;`],
];

try {
  const packDir = join(scratch, "pack");
  mkdirSync(packDir);
  sh("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", packDir]);
  const tarball = join(packDir, readdirSync(packDir)[0]);

  // The package as it was: the same tarball, with the MCP SDK back as a dependency.
  const beforeDir = join(scratch, "before-pkg");
  mkdirSync(beforeDir);
  sh("tar", ["xzf", tarball, "-C", beforeDir]);
  const beforePkgJson = join(beforeDir, "package", "package.json");
  const beforePkg = JSON.parse(readFileSync(beforePkgJson, "utf8"));
  beforePkg.dependencies = { "@modelcontextprotocol/sdk": pkg.devDependencies["@modelcontextprotocol/sdk"] };
  delete beforePkg.peerDependencies["@modelcontextprotocol/sdk"];
  delete beforePkg.peerDependenciesMeta["@modelcontextprotocol/sdk"];
  writeFileSync(beforePkgJson, JSON.stringify(beforePkg, null, 2));
  const beforeTarball = join(
    beforeDir,
    sh("npm", ["pack", "--ignore-scripts", "--silent"], join(beforeDir, "package")).trim(),
  );
  cpSync(join(beforeDir, "package", beforeTarball.split("/").pop()), beforeTarball);

  const install = (name, tgz) => {
    const dir = join(scratch, name);
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type: "module" }));
    sh("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--silent", tgz], dir);
    const modules = join(dir, "node_modules");
    return {
      dir,
      packages: countPackages(modules),
      kb: Number(sh("du", ["-sk", modules]).split("\t")[0]),
      ownKb: Number(sh("du", ["-sk", join(modules, "pithy-ai")]).split("\t")[0]),
    };
  };
  const now = install("now", tarball);
  const before = install("before", beforeTarball);

  // A copy of the installed package without "sideEffects", to bundle the same apps side by side.
  const noFlag = join(scratch, "no-side-effects-flag");
  cpSync(now.dir, noFlag, { recursive: true });
  const noFlagPkgJson = join(noFlag, "node_modules", "pithy-ai", "package.json");
  const noFlagPkg = JSON.parse(readFileSync(noFlagPkgJson, "utf8"));
  delete noFlagPkg.sideEffects;
  writeFileSync(noFlagPkgJson, JSON.stringify(noFlagPkg, null, 2));

  const bundleRows = [];
  for (const [what, source] of APPS) {
    const withFlag = await bundledSize(now.dir, source);
    const without = await bundledSize(noFlag, source);
    bundleRows.push(
      `| ${what} | ${kb(withFlag.min)} | ${kb(withFlag.gz)} | ${kb(without.gz)} | ${(without.gz / withFlag.gz).toFixed(1)}× |`,
    );
  }

  const typeRows = await typeBundleRows(now.dir);

  const tarballBytes = statSync(tarball).size;
  const unpacked = Number(
    sh("du", ["-sk", "--apparent-size", join(now.dir, "node_modules", "pithy-ai")]).split("\t")[0],
  );
  const maps = sumSizes(join(now.dir, "node_modules", "pithy-ai", "dist"), (f) => f.endsWith(".map"));
  const lines = [
    "# Install and bundle size",
    "",
    `${pkg.name} ${pkg.version}, Node ${process.version}, npm ${sh("npm", ["--version"]).trim()}, esbuild ${createRequire(import.meta.url)("esbuild/package.json").version}.`,
    "Reproduce: `npm run build && node bench/bundle-size.mjs` (packs the package, installs the tarball into scratch projects under the OS temp dir, bundles there).",
    "",
    "## Install",
    "",
    `Tarball ${kb(tarballBytes)} KB; unpacked ${unpacked} KB, of which source maps ${kb(maps)} KB.`,
    '"before" is the same tarball with `@modelcontextprotocol/sdk` back as a hard dependency, as it was; "now" has it as an optional peer that only `pithy mcp` loads.',
    "",
    "| install of the tarball | packages in node_modules | du -sk node_modules | of which pithy-ai |",
    "|---|---:|---:|---:|",
    `| before (MCP SDK a dependency) | ${before.packages} | ${before.kb} KB | ${before.ownKb} KB |`,
    `| now (MCP SDK an optional peer) | ${now.packages} | ${now.kb} KB | ${now.ownKb} KB |`,
    `| ratio | ${(before.packages / now.packages).toFixed(1)}× | ${(before.kb / now.kb).toFixed(1)}× | |`,
    "",
    "## What one import adds to a browser bundle",
    "",
    'An app of one `import` and one use, bundled from the installed package by esbuild (`bundle`, `minify`, `format: esm`, `platform: browser`), gzipped at level 9. The last columns bundle the same app from a copy of the package whose package.json lacks `"sideEffects": false`.',
    "",
    "| app imports | minified KB | gzip KB | gzip KB without sideEffects | ratio |",
    "|---|---:|---:|---:|---:|",
    ...bundleRows,
    "",
    "## `createPithy({ types })`: only the chosen types' compressors",
    "",
    'The app `createPithy({ types })` bundled with code splitting (esbuild `splitting: true`, otherwise as above): each compressor is a chunk reached by a dynamic `import()`, so a browser downloads the start chunks and then only the chunks of the chosen types\' chains. "KB loaded" is the sum over the chunks a page fetches, each gzipped on its own.',
    "",
    "| types | chunks loaded | minified KB loaded | gzip KB loaded | share of every type |",
    "|---|---:|---:|---:|---:|",
    ...typeRows,
    "",
    "`createPithy` carries every compressor and the kernels' WebAssembly, inlined as base64 (no fetch, no fs: ~34 KB of base64, ~13 KB gzipped). Bundled without code splitting, as in the first table, the compressors' dynamic imports are inlined behind lazy-init wrappers, which cost ~10 % over static imports; a bundler that splits dynamic imports (Vite and Rollup by default, esbuild with `splitting`) gives the second table. `estimateTokens` and `stripAnsi` run their TS twins until something calls `loadWasm`, so alone they leave the WASM bytes out. Without `sideEffects: false` a bundler keeps every module the root index imports for what its top level might do.",
    "",
  ];
  const out = join(root, "bench", "results", "bundle.md");
  writeFileSync(out, lines.join("\n"));
  console.log(lines.join("\n"));
  console.log(`wrote ${out}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/**
 * Rows of the per-type table: the app bundled once with splitting, then, for
 * each type set, the chunks a page loads — the start chunks (the entry's
 * static imports) and the static closure of each dynamic chunk the chosen
 * types' chain loaders import. The loaders' table is read from the installed
 * dist, so the measure follows the shipped chain plan.
 */
async function typeBundleRows(dir) {
  const dist = join(dir, "node_modules", "pithy-ai", "dist");
  const { plan, chunkOfLink } = readChainLoaders(join(dist, "chunks"));
  const result = await build({
    stdin: {
      contents: `import { createPithy } from "pithy-ai"; globalThis.x = (types) => createPithy({ types });`,
      resolveDir: dir,
      sourcefile: "app.js",
      loader: "js",
    },
    bundle: true,
    minify: true,
    splitting: true,
    outdir: join(dir, "split-out"),
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "error",
  });
  const files = new Map(result.outputFiles.map((f) => [f.path, f.contents]));
  const outputs = result.metafile.outputs;
  const abs = (path) => resolve(path);
  const closure = (start, seen) => {
    if (seen.has(start)) return;
    seen.add(start);
    for (const dep of outputs[start].imports) if (dep.kind === "import-statement") closure(dep.path, seen);
  };
  // The stdin entry is named after its sourcefile, resolved in resolveDir.
  const entry = Object.keys(outputs).find((o) => abs(String(outputs[o].entryPoint)) === join(dir, "app.js"));
  const chunkOfSource = (source) => {
    const found = Object.keys(outputs).find(
      (o) => outputs[o].entryPoint !== undefined && abs(outputs[o].entryPoint) === source,
    );
    if (found === undefined) throw new Error(`no chunk of ${source} in the split bundle`);
    return found;
  };
  const measure = (types) => {
    const seen = new Set();
    closure(entry, seen);
    const links = new Set();
    for (const [type, names] of Object.entries(plan))
      if (types === null || types.includes(type)) for (const n of names) links.add(n);
    for (const link of links) closure(chunkOfSource(chunkOfLink[link]), seen);
    let min = 0;
    let gz = 0;
    for (const out of seen) {
      const code = files.get(abs(out)) ?? files.get(out);
      min += code.length;
      gz += gzipSync(code, { level: 9 }).length;
    }
    return { chunks: seen.size, min, gz };
  };
  const all = measure(null);
  return TYPE_SETS.map((types) => {
    const m = types === null ? all : measure(types);
    const name = types === null ? "every type (no `types`)" : types.map((t) => `\`${t}\``).join(", ");
    return `| ${name} | ${m.chunks} | ${kb(m.min)} | ${kb(m.gz)} | ${((100 * m.gz) / all.gz).toFixed(0)} % |`;
  });
}

/** The chain plan and, for each compressor, the dist chunk its loader imports, read from the shipped files. */
function readChainLoaders(chunks) {
  const loader = /^\s*(\w+): \(\) => import\("\.\/([^"]+)"\)\.then/gm;
  const planLine = /^\s*(\w+): \[((?:"\w+",? ?)+)\],?$/gm;
  for (const name of readdirSync(chunks)) {
    if (!name.endsWith(".js")) continue;
    const text = readFileSync(join(chunks, name), "utf8");
    if (!text.includes("ansiCompressor)")) continue;
    const chunkOfLink = {};
    for (const m of text.matchAll(loader)) chunkOfLink[m[1]] = join(chunks, m[2]);
    if (Object.keys(chunkOfLink).length === 0) continue;
    const plan = {};
    const start = text.indexOf("CHAIN_PLAN = {");
    const body = text.slice(start, text.indexOf("};", start));
    for (const m of body.matchAll(planLine)) plan[m[1]] = JSON.parse(`[${m[2]}]`);
    return { plan, chunkOfLink };
  }
  throw new Error(`no chain loaders found in ${chunks}`);
}

/** esbuild's output for `source` resolved from `dir`, minified and gzipped, in bytes. */
async function bundledSize(dir, source) {
  const result = await build({
    stdin: { contents: source, resolveDir: dir, sourcefile: "app.js", loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "error",
    // A browser app has no node: built-ins; the core never imports them, and this keeps any leak visible as an error.
    external: [],
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gz: gzipSync(code, { level: 9 }).length };
}

function countPackages(modules) {
  let n = 0;
  for (const name of readdirSync(modules)) {
    if (name.startsWith(".")) continue;
    if (name.startsWith("@")) n += readdirSync(join(modules, name)).length;
    else n++;
  }
  return n;
}

function sumSizes(dir, keep) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) total += sumSizes(path, keep);
    else if (keep(name)) total += st.size;
  }
  return total;
}

function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

/**
 * What a file's name says of its content, shared by the router (a file of
 * code is read to be edited, so it stays verbatim) and the code compressor
 * (which language to parse it as).
 */

/**
 * Extensions of source and configuration files: an agent reads these to
 * edit them, so they are code (verbatim unless code compression is asked for).
 */
export const CODE_EXTENSIONS: ReadonlySet<string> = new Set([
  "ts",
  "tsx",
  "mts",
  "cts",
  "js",
  "jsx",
  "mjs",
  "cjs",
  "py",
  "pyi",
  "pyw",
  "go",
  "rs",
  "java",
  "kt",
  "kts",
  "scala",
  "c",
  "h",
  "cc",
  "cpp",
  "cxx",
  "hpp",
  "hh",
  "cs",
  "fs",
  "rb",
  "php",
  "swift",
  "m",
  "mm",
  "lua",
  "pl",
  "pm",
  "sh",
  "bash",
  "zsh",
  "fish",
  "ps1",
  "sql",
  "r",
  "dart",
  "ex",
  "exs",
  "erl",
  "hs",
  "ml",
  "clj",
  "vue",
  "svelte",
  "astro",
  "css",
  "scss",
  "sass",
  "less",
  "yaml",
  "yml",
  "toml",
  "ini",
  "cfg",
  "conf",
  "xml",
  "gradle",
  "proto",
  "graphql",
  "tf",
  "hcl",
  "nix",
  "zig",
  "nim",
  "d",
  "jl",
  "v",
  "sv",
  "vhd",
  "dockerfile",
  "makefile",
  "cmake",
]);

/** The extension of a file name, lowercased, without the dot; `dockerfile` and `makefile` for those bare names; "" when none. */
export function extensionOf(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf("/"), filename.lastIndexOf("\\")) + 1).toLowerCase();
  if (base === "dockerfile" || base === "makefile") return base;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1) : "";
}

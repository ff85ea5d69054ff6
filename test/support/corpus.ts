// Reads ../shared/corpus from any of the three test runtimes: through node:fs
// in Node and Deno, through vitest's browser commands in Chromium (the test
// server reads the file; the page cannot).

/** One case of ../shared/corpus/manifest.json. */
export interface CorpusCase {
  id: string;
  class: string;
  file: string;
  source: string;
  tool_hint: string;
  bytes: number;
  sha256: string;
  must_keep: string[];
  expect?: string;
}

const isBrowser = typeof (globalThis as Record<string, unknown>).document === "object";

async function readText(relativeToCorpus: string): Promise<string> {
  if (isBrowser) {
    const { commands, server } = await import("vitest/browser");
    // Browser commands resolve relative paths against the running test file, so
    // name the file absolutely from the project root.
    return commands.readFile(`${server.config.root}/../shared/corpus/${relativeToCorpus}`, "utf8");
  }
  const fs = await import("node:fs/promises");
  const url = new URL(`../../../shared/corpus/${relativeToCorpus}`, import.meta.url);
  return fs.readFile(url, "utf8");
}

let manifest: Promise<CorpusCase[]> | null = null;

/** Every case of the corpus manifest, in manifest order. */
export function corpusCases(): Promise<CorpusCase[]> {
  manifest ??= readText("manifest.json").then((t) => (JSON.parse(t) as { cases: CorpusCase[] }).cases);
  return manifest;
}

/** The text of one corpus case (the files are UTF-8). */
export function readCase(c: CorpusCase): Promise<string> {
  return readText(c.file);
}

/** Any file under ../shared/corpus, by its path inside the corpus. */
export function readCorpusFile(relativeToCorpus: string): Promise<string> {
  return readText(relativeToCorpus);
}

/** Every case with its text, loaded once. */
export async function loadCorpus(): Promise<Array<CorpusCase & { text: string }>> {
  const cases = await corpusCases();
  return Promise.all(cases.map(async (c) => ({ ...c, text: await readCase(c) })));
}

// Reads the corpora from any of the three test runtimes: through node:fs in
// Node and Deno, through vitest's browser commands in Chromium (the test
// server reads the file; the page cannot). Both corpora share one layout: a
// manifest.json whose cases name a file under cases/<class>/.

/** One case of a corpus manifest (../shared/corpus/manifest.json or test/corpus/manifest.json). */
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

/**
 * Which corpus to read: `shared` is the development corpus in ../shared/corpus,
 * `own` the generalisation corpus captured for issue #13 in test/corpus.
 */
export type CorpusName = "shared" | "own";

/** Every corpus, in the order reports list them. */
export const CORPUS_NAMES: readonly CorpusName[] = ["shared", "own"];

// Where each corpus lives: from the project root (what the browser commands
// resolve against) and from this file (what node:fs gets as a URL).
const FROM_ROOT: Record<CorpusName, string> = { shared: "../shared/corpus", own: "test/corpus" };
const FROM_HERE: Record<CorpusName, string> = { shared: "../../../shared/corpus", own: "../corpus" };

const isBrowser = typeof (globalThis as Record<string, unknown>).document === "object";

// Browser commands resolve relative paths against the running test file, so
// name the file absolutely from the project root.
async function browserPath(corpus: CorpusName, relative: string): Promise<string> {
  const { server } = await import("vitest/browser");
  return `${server.config.root}/${FROM_ROOT[corpus]}/${relative}`;
}

function fileUrl(corpus: CorpusName, relative: string): URL {
  return new URL(`${FROM_HERE[corpus]}/${relative}`, import.meta.url);
}

async function readText(corpus: CorpusName, relative: string): Promise<string> {
  if (isBrowser) {
    const { commands } = await import("vitest/browser");
    return commands.readFile(await browserPath(corpus, relative), "utf8");
  }
  const fs = await import("node:fs/promises");
  return fs.readFile(fileUrl(corpus, relative), "utf8");
}

async function readBytes(corpus: CorpusName, relative: string): Promise<Uint8Array<ArrayBuffer>> {
  if (isBrowser) {
    // The command hands back strings only, so the bytes travel as base64.
    const { commands } = await import("vitest/browser");
    const base64 = await commands.readFile(await browserPath(corpus, relative), "base64");
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }
  const fs = await import("node:fs/promises");
  return new Uint8Array(await fs.readFile(fileUrl(corpus, relative)));
}

/** One corpus, opened by name: its manifest and its files. */
export interface Corpus {
  /** Which corpus this is. */
  readonly name: CorpusName;
  /** Every case of the manifest, in manifest order (read once). */
  cases(): Promise<CorpusCase[]>;
  /** The text of one case (the files are UTF-8). */
  readCase(c: CorpusCase): Promise<string>;
  /** The exact bytes of one case, for checks that must not go through a UTF-8 decode. */
  readCaseBytes(c: CorpusCase): Promise<Uint8Array<ArrayBuffer>>;
  /** Any file of the corpus, by its path inside the corpus directory. */
  readFile(relativeToCorpus: string): Promise<string>;
  /** Every case with its text. */
  load(): Promise<Array<CorpusCase & { text: string }>>;
}

const opened = new Map<CorpusName, Corpus>();

/**
 * The corpus called `name`, in whichever runtime the test runs.
 *
 * @example
 * const own = openCorpus("own");
 * for (const c of await own.load()) expect(c.text.length).toBeGreaterThan(0);
 */
export function openCorpus(name: CorpusName): Corpus {
  let corpus = opened.get(name);
  if (corpus !== undefined) return corpus;
  let manifest: Promise<CorpusCase[]> | null = null;
  const cases = () => {
    manifest ??= readText(name, "manifest.json").then((t) => (JSON.parse(t) as { cases: CorpusCase[] }).cases);
    return manifest;
  };
  const readCase = (c: CorpusCase) => readText(name, c.file);
  corpus = {
    name,
    cases,
    readCase,
    readCaseBytes: (c) => readBytes(name, c.file),
    readFile: (relativeToCorpus) => readText(name, relativeToCorpus),
    load: async () => {
      const all = await cases();
      return Promise.all(all.map(async (c) => ({ ...c, text: await readCase(c) })));
    },
  };
  opened.set(name, corpus);
  return corpus;
}

// The functions below read the development corpus (../shared/corpus), as every
// test did before the second corpus existed; they keep one parameter each so
// that they still work as callbacks (`cases.map(readCase)`).

/** Every case of the development corpus manifest, in manifest order. */
export function corpusCases(): Promise<CorpusCase[]> {
  return openCorpus("shared").cases();
}

/** The text of one development corpus case (the files are UTF-8). */
export function readCase(c: CorpusCase): Promise<string> {
  return openCorpus("shared").readCase(c);
}

/** Any file under ../shared/corpus, by its path inside the corpus. */
export function readCorpusFile(relativeToCorpus: string): Promise<string> {
  return openCorpus("shared").readFile(relativeToCorpus);
}

/** Every development corpus case with its text. */
export function loadCorpus(): Promise<Array<CorpusCase & { text: string }>> {
  return openCorpus("shared").load();
}

/**
 * Every line of both corpora where `differs(line, next)` is true, as
 * `<case id> line <n>`, and how many lines were read: what a test needs to
 * show that a sped-up rule answers as the rule it replaces did.
 */
export async function corpusLinesWhere(
  differs: (line: string, next: string | undefined) => boolean,
): Promise<{ compared: number; mismatches: string[] }> {
  const mismatches: string[] = [];
  let compared = 0;
  for (const name of CORPUS_NAMES) {
    for (const c of await openCorpus(name).load()) {
      const lines = c.text.split("\n");
      for (let i = 0; i < lines.length; i++) {
        compared++;
        if (differs(lines[i], lines[i + 1])) mismatches.push(`${c.id} line ${i + 1}`);
      }
    }
  }
  return { compared, mismatches };
}

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { subjectOf } from "../../../src/compressors/search/priority.js";
import { createPithy } from "../../../src/pipeline.js";

/**
 * Which rows of a search over code stand out beyond the caps, and which the
 * caps sample. Real outputs captured on this machine:
 *
 * - grep-rn-i-deprecat-express-deps.txt: `cd node_modules && grep -rn -i
 *   'deprecat' --include='*.js' express router body-parser send serve-static
 *   finalhandler depd http-errors qs semver yargs commander debug ws`
 * - rg-n-max-columns-createrequire.txt: `rg -n --max-columns 160
 *   'createRequire' vite/dist typescript/lib`
 * - rg-n-def-class-timeout-cancel-asyncio.txt: `rg -n '^\s*(def|class)
 *   \w*([Tt]imeout|[Cc]ancel)' asyncio concurrent multiprocessing` (CPython 3.12 stdlib)
 * - git-grep-n-e-pithyerror-e-failopen.txt: `git grep -n -e 'PithyError' -e
 *   'failOpen' -- src test` (pithy at 9dedec9)
 * - git-grep-break-heading-estimatetokens.txt: `git grep --break --heading -n
 *   'estimateTokens' -- src test` (pithy at f76dd9f)
 * - rg-p-kstate-undici-fetch.txt: `rg -n -p 'kState\b' undici/lib/web/fetch`
 *   (--pretty: headings and colour)
 * - rg-n-new-error-node-modules.txt: `rg -n 'new Error\(' undici/lib
 *   express/lib body-parser/lib ws/lib yargs/build/lib commander/lib`
 * - git-grep-n-B1-A1-break-input-marker.txt: `git grep -n -B1 -A1 --break
 *   'input.marker(' -- src`; rg-n-C1-lossy-true-pithy-src.txt: `rg -n -C1
 *   'lossy: true' src` (pithy at f76dd9f)
 */
function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

async function compress(text: string): Promise<string> {
  const pithy = await createPithy();
  const r = await pithy.compress(text, { tool: "Bash" });
  expect(r.type).toBe("search");
  expect(r.action).toBe("compressed");
  return r.output;
}

/** The rows of `text` (ANSI stripped) that `keep` selects. */
function rows(text: string, keep: (row: string) => boolean): string[] {
  return text
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .filter(keep);
}

describe("search: the row kinds a keyword opens", () => {
  it("reads definitions, types and assertions by the keyword that opens the statement", () => {
    for (const row of [
      "  function deprecate (message) {",
      "export default async function handler(req) {",
      "    def cancel(self, msg=None):",
      "async def wait_for(fut, timeout):",
      "pub(crate) fn parse(input: &str) -> Result<Value> {",
      "func (c *Command) Execute() error {",
    ]) {
      expect(subjectOf(row), row).toBe(1);
    }
    for (const row of [
      "class CancelledError(Error):",
      "export interface SearchCaps {",
      "pub struct Table {",
      "type Row = {",
    ]) {
      expect(subjectOf(row), row).toBe(2);
    }
    for (const row of ["    expect(r.output).toContain(x);", "        assert x == 1", "    self.assertEqual(a, b)"]) {
      expect(subjectOf(row), row).toBe(3);
    }
    for (const row of [
      "  return deprecate(message)",
      "const fn = function () {",
      "  // the function deprecate() warns",
      "classes.push(x)",
      "typeof x === 'function'",
      "  for (const c of all) expect(c).toBe(1);",
    ]) {
      expect(subjectOf(row), row).toBe(0);
    }
  });
});

describe("search: a definition of the searched name stands out among its uses", () => {
  it.each([
    ["grep-rn-i-deprecat-express-deps.txt", ["depd/index.js:112:  function deprecate (message) {"]],
    [
      "rg-n-max-columns-createrequire.txt",
      [
        "typescript/lib/typescript.js:115538:  function createRequireCall2(importNode) {",
        "typescript/lib/typescript.js:147477:function createRequireCall(moduleSpecifier) {",
        "typescript/lib/_tsc.js:110745:  function createRequireCall(importNode) {",
      ],
    ],
  ] as const)("%s keeps each definition (a repeat of one counted under it)", async (name, defs) => {
    const text = fixture(name);
    const out = await compress(text);
    for (const def of defs) expect(out).toContain(def);
  });

  it("keeps the classes of a search where most rows are function definitions", async () => {
    const text = fixture("rg-n-def-class-timeout-cancel-asyncio.txt");
    const out = await compress(text);
    const classes = rows(text, (row) => /^[^:]+:\d+:\s*class /.test(row));
    expect(classes.length).toBe(5);
    for (const row of classes) expect(out).toContain(row);
  });
});

describe("search: a test's assertions stand out among the other uses", () => {
  it("keeps the assertions of the files past the deep ones (git grep --break --heading)", async () => {
    const out = await compress(fixture("git-grep-break-heading-estimatetokens.txt"));
    expect(out).toContain("210:    expect(estimateTokens(answer.content)).toBeLessThanOrEqual(1000);");
    expect(out).toContain("221:      expect(estimateTokens(result.content)).toBeLessThanOrEqual(1000);");
  });

  it("keeps each assertion of a test file cut by the per-file cap (git grep -n -e -e)", async () => {
    const text = fixture("git-grep-n-e-pithyerror-e-failopen.txt");
    const out = await compress(text);
    const asserts = rows(text, (row) => /^test\/telemetry\.test\.ts:\d+:\s*expect\(/.test(row));
    expect(asserts.length).toBeGreaterThanOrEqual(3);
    for (const row of asserts) expect(out).toContain(row);
  });
});

describe("search: a file's shown rows sample its hits evenly, its last one included", () => {
  it("shows the last row of each cut file of an rg --pretty search", async () => {
    const out = await compress(fixture("rg-p-kstate-undici-fetch.txt"));
    expect(out).toContain("undici/lib/web/fetch/response.js (22 matches, 5 shown)");
    expect(out).toContain("515:  response[kState] = innerResponse");
    expect(out).toContain("192:iteratorMixin('FormData', FormData, kState, 'name', 'value')");
    expect(out).toContain("897:  request[kState] = innerRequest");
    expect(out).toContain("101:    return this[kState].lastModified");
  });

  it("spreads a file's five rows over its fourteen throws (rg -n)", async () => {
    const text = fixture("rg-n-new-error-node-modules.txt");
    const out = await compress(text);
    const shown = rows(out, (row) => row.startsWith("commander/lib/command.js:"));
    expect(shown.length).toBe(5);
    expect(shown[0]).toContain("commander/lib/command.js:265:");
    expect(shown[4]).toContain("commander/lib/command.js:2081:");
    expect(out).toContain("commander/lib/command.js:1049:        throw new Error(executableMissing);");
  });
});

describe("search: with context rows, a cut of few matches drops only the context", () => {
  it.each(["git-grep-n-B1-A1-break-input-marker.txt", "rg-n-C1-lossy-true-pithy-src.txt"])(
    "%s keeps every match row",
    async (name) => {
      const text = fixture(name);
      const out = await compress(text);
      const matches = rows(text, (row) => /^[^:\s]+:\d+:/.test(row));
      expect(matches.length).toBeGreaterThan(10);
      for (const row of matches) expect(out).toContain(row);
      expect(out).not.toMatch(/matches, \d+ shown\)/);
      expect(out).toMatch(/context rows omitted/);
    },
  );
});

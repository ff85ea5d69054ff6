import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * Searches over source files, where `error` is a name: a field (`error: LogFn`),
 * a variable (`const error = new Error(…)`), a level in a union type, a
 * module (`socket.error`). Real outputs: `rg -n '\berror\b' --type ts` over
 * the openai and @anthropic-ai/sdk internals in node_modules (222 rows, 43
 * files), and `grep -rnw --include='*.py' error asyncio/ concurrent/ ssl.py
 * socket.py` in CPython 3.13's standard library (95 rows). Every distinct such
 * row was kept as a standout (each row of a code file differs), so neither
 * search saved anything and both passed through whole.
 */
const FIXTURES = [
  ["rg-n-w-error-openai-anthropic-internal.txt", "@anthropic-ai/sdk/src/internal/utils/log.ts"],
  ["grep-rnw-error-cpython-asyncio.txt", "asyncio/base_events.py"],
  // Rust signatures returning `Result<V::Value, Error>`, which the salience
  // pass read as an error level (`Error>` closed like `<error>`): every row
  // stood out. `rg -n 'fn deserialize_' toml-0.5.11/src erased-serde-0.3.23/src`
  // and `grep -rn 'fn visit_' value-bag-1.0.0-alpha.9/src log-0.4.17/src` in
  // /usr/share/cargo/registry (Debian's librust-*-dev sources).
  ["rg-n-fn-deserialize-toml-erased-serde.txt", "erased-serde-0.3.23/src/de.rs"],
  ["grep-rn-fn-visit-value-bag-log.txt", "log-0.4.17/src/kv/value.rs"],
] as const;

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
}

/** The distinct paths of `path:N:text` rows. */
function pathsOf(text: string): Set<string> {
  const paths = new Set<string>();
  for (const line of text.split("\n")) {
    const m = /^(.+?):\d+:/.exec(line);
    if (m !== null) paths.add(m[1]);
  }
  return paths;
}

describe("a search over source files whose rows name `error`", () => {
  it.each(FIXTURES)("compresses %s, naming every file", async (name, somePath) => {
    const text = fixture(name);
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.type).toBe("search");
    expect(r.action).toBe("compressed");
    expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.7);
    const paths = pathsOf(text);
    expect(paths.has(somePath)).toBe(true);
    for (const path of paths) expect(r.output).toContain(path);
    expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
  });
});

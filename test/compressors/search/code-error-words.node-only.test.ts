import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isRaiseRow } from "../../../src/compressors/search/priority.js";
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

/** The rows of `text` whose code throws, raises, panics or rejects (outside comments), read by hand. */
const RAISE_ROWS: Record<string, readonly string[]> = {
  "rg-n-w-error-openai-anthropic-internal.txt": [
    "@anthropic-ai/sdk/src/internal/uploads.ts:99:    throw error;",
    "@anthropic-ai/sdk/src/internal/tracing.ts:816:          throw error;",
    "@anthropic-ai/sdk/src/core/api-promise.ts:124:      throw error;",
    "openai/src/core/streaming.ts:70:              throw new APIError(undefined, data.error, undefined, response.headers);",
    "openai/src/core/streaming.ts:85:              throw new APIError(undefined, data.error, data.message, undefined);",
    "@anthropic-ai/sdk/src/core/middleware.ts:328:      throw error;",
  ],
  "grep-rnw-error-cpython-asyncio.txt": [
    'socket.py:870:        raise error("getaddrinfo returns an empty list")',
    "socket.py:947:            raise error(err.errno, msg) from None",
  ],
};

describe("a search over source files: rows that throw or raise", () => {
  it.each(Object.entries(RAISE_ROWS))("keeps every distinct throw or raise of %s as printed", async (name, rows) => {
    const text = fixture(name);
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    for (const row of rows) {
      expect(text).toContain(row);
      expect(r.output).toContain(row);
    }
  });

  it("reads a throw, a raise, a panic and a reject in code, not in a comment or a name", () => {
    for (const row of [
      "  throw new Error(`bad`);",
      "    throw error;",
      '        raise ValueError("x")',
      '    panic!("unreachable: {}", x);',
      "\tpanic(err)",
      "      reject(new Error('timeout'));",
      "  if (x) throw toStoreError(error, command);",
    ]) {
      expect(isRaiseRow(row), row).toBe(true);
    }
    for (const row of [
      " * An error that opts into the SDK's retry policy: throw it (e.g. from",
      "        exceptions.clear()  # raise only the last error",
      "// throw new Error('no')",
      "  onThrow(errorHandler);",
      "  /** @throws {TypeError} when bad */",
      "  return Promise.reject(error);",
      "  const errorHandler = (error) => log(error);",
    ]) {
      expect(isRaiseRow(row), row).toBe(false);
    }
  });
});

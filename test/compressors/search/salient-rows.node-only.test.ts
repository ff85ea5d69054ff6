import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";

/**
 * A real `git grep -n -W ERROR_RE` over this repository: whole functions as
 * context (`path-NN-`) around the matches, among them the salience pass's own
 * regexes, whose rows quote `Segmentation fault` and `Cannot` as a crash and
 * an error would print them. The guardrail reads those rows as errors; the
 * search must keep them, or the whole result passes through uncompressed.
 */
const GREP = readFileSync(new URL("./fixtures/git-grep-W-error-re.txt", import.meta.url), "utf8");

describe("a search keeps the rows the salience pass reads as errors", () => {
  it("compresses a function-context search whose context quotes crash messages, keeping those rows and every file", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(GREP, { tool: "Bash" });
    expect(r.type).toBe("search");
    expect(r.action).toBe("compressed");
    expect(r.tokensOut).toBeLessThan(r.tokensIn / 2);
    expect(r.output).toContain("/Segmentation fault|core dumped|\\bAborted\\b/.source,");
    expect(r.output).toContain("/^(?:[Ee]rror|Failed|Fatal|Cannot|Could not|Unable to)\\b/.source,");
    for (const file of [
      "src/compressors/log/outline.ts",
      "src/compressors/tabular/signals.ts",
      "src/fidelity/salient.ts",
    ]) {
      expect(r.output).toContain(file);
    }
  });
});

/**
 * A real `rg -n -A1 'catch \(err(or)?\) \{' undici/lib`: 46 rows that the
 * salience pass reads as errors, at several depths within one file (its key
 * keeps a line's indentation), more than the standout rows' share of the
 * output may hold.
 */
const CATCHES = readFileSync(new URL("./fixtures/rg-A1-catch-error-undici.txt", import.meta.url), "utf8");

describe("error rows of a search, as the salience pass reads them", () => {
  it("keeps the same error row at two depths of one file as two rows, each with its path", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(CATCHES, { tool: "Bash" });
    expect(r.type).toBe("search");
    expect(r.action).toBe("compressed");
    expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.8);
    expect(r.output).toContain("undici/lib/web/fileapi/util.js:141:            } catch (error) {");
    expect(r.output).toContain("undici/lib/web/fileapi/util.js:160:      } catch (error) {");
  });

  it("shows a picked error row with its path even past the standout rows' share", async () => {
    const pithy = await createPithy({ minTokens: 0 });
    const r = await pithy.compress(CATCHES, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    expect(r.output).toContain("undici/lib/mock/mock-utils.js:313:      } catch (error) {");
    for (const file of [
      "undici/lib/handler/retry-handler.js",
      "undici/lib/api/api-upgrade.js",
      "undici/lib/web/websocket/permessage-deflate.js",
    ]) {
      expect(r.output).toContain(file);
    }
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { htmlCompressor } from "../../../src/compressors/html.js";
import { corpusCases, loadCorpus, type CorpusCase } from "../../support/corpus.js";
import { visibleForm } from "../../../src/cli/visible-form.js";
import { compressorInput } from "../../support/compressor-input.js";

type Loaded = CorpusCase & { text: string };

const _KEY = "0".repeat(32);
const encoder = new Tiktoken(o200k);

function compress(text: string): string {
  const result = htmlCompressor.compress(compressorInput(text, { type: "html" }));
  return result === null ? text : result.output;
}

/**
 * How a must_keep string looks once the page is text: the html cases' must_keep
 * strings are markup, which no extraction keeps literally (see bench/visible-form.mjs).
 */
const visibleHtml = (s: string) => visibleForm(s, "html");

const cases = await corpusCases();
const htmlIds = cases.filter((c) => c.class === "html").map((c) => c.id);

let corpus = new Map<string, Loaded>();
beforeAll(async () => {
  corpus = new Map((await loadCorpus()).map((c) => [c.id, c]));
});

describe("html compressor on the corpus", () => {
  it("finds the two html cases", () => {
    expect(htmlIds.length).toBe(2);
  });

  it("maps markup must_keep strings to what a reader sees", () => {
    expect(visibleHtml("<h4>networkError</h4>")).toBe("#### networkError");
    expect(visibleHtml("<title>Retrofit</title>")).toBe("# Retrofit");
    expect(visibleHtml(`<a name="isNetworkError--">`)).toBe("{#isNetworkError--}");
    expect(visibleHtml(`<span class="deprecatedLabel">Deprecated.</span>`)).toBe("Deprecated.");
    expect(visibleHtml("API Declaration")).toBe("API Declaration");
  });

  it.each(htmlIds)("keeps every must_keep string of %s visible", (id) => {
    const c = corpus.get(id)!;
    const out = compress(c.text);
    for (const s of c.must_keep) expect(out, s).toContain(visibleHtml(s));
  });

  it("saves at least 70 % of the html class's o200k tokens", () => {
    let before = 0;
    let after = 0;
    const perCase: Record<string, string> = {};
    for (const id of htmlIds) {
      const c = corpus.get(id)!;
      const a = encoder.encode(c.text).length;
      const b = encoder.encode(compress(c.text)).length;
      before += a;
      after += b;
      perCase[id] = `${a} -> ${b} tokens (${(100 - (100 * b) / a).toFixed(1)} % saved)`;
    }
    const savings = 1 - after / before;
    console.info("html class savings", (100 * savings).toFixed(1), "%", perCase);
    expect(savings).toBeGreaterThanOrEqual(0.7);
  });

  it.each(htmlIds)("finds nothing more to drop in its output for %s", (id) => {
    const once = compress(corpus.get(id)!.text);
    expect(compress(once)).toBe(once);
  });

  it("keeps the javadoc page's signatures and member table, and drops its navigation and scripts", () => {
    const out = compress(corpus.get("html-retrofit-javadoc-retrofiterror")!.text);
    expect(out).toContain("```\npublic Object getBodyAs(Type type)\n```");
    expect(out).toContain("| `boolean` | `isNetworkError()` Deprecated. Use `getKind() == Kind.NETWORK`. |");
    expect(out).toContain("Throws: RuntimeException - if unable to convert the body to the specified `type`.");
    expect(out).not.toContain("Skip navigation links");
    expect(out).not.toContain("All Classes");
    expect(out).not.toContain("allClassesLink");
  });

  it("keeps the homepage's code samples verbatim and drops its menu, sidebar and scripts", () => {
    const out = compress(corpus.get("html-retrofit-website-index")!.text);
    expect(out).toContain(
      '```\n@GET("group/{id}/users")\nCall<List<User>> groupList(@Path("id") int groupId, @QueryMap Map<String, String> options);\n```',
    );
    expect(out).toContain("- [Gson](https://github.com/google/gson): `com.squareup.retrofit2:converter-gson`");
    expect(out).not.toContain("StackOverflow");
    expect(out).not.toContain("prettyPrint");
    expect(out).not.toContain("View GitHub Project");
  });
});

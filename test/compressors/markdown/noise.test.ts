import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BoilerplateFilter, cleanInline, noiseCounts } from "../../../src/compressors/markdown/noise.js";

const clean = (text: string) => cleanInline(text, new Set());

describe("cleanInline", () => {
  it("replaces an inline image by its alt text", () => {
    expect(clean("See ![the build badge](https://ci.example/badge.svg) here.")).toBe("See the build badge here.");
  });

  it("drops an image with no alt text", () => {
    expect(clean("Before ![](x.png) after.")).toBe("Before after.");
  });

  it("keeps a link's text with its URL once, the first time the URL appears", () => {
    const seen = new Set<string>();
    expect(cleanInline("Read [the guide](https://e.com/g).", seen)).toBe("Read the guide (https://e.com/g).");
    expect(cleanInline('Again, [the guide](https://e.com/g "Title").', seen)).toBe("Again, the guide.");
  });

  it("drops in-page anchors and keeps relative paths", () => {
    expect(clean("[Step one](#step-one) uses [the file](deploy/app.yaml).")).toBe(
      "Step one uses the file (deploy/app.yaml).",
    );
  });

  it("writes a link whose text is its URL once", () => {
    expect(clean("[https://e.com](https://e.com)")).toBe("https://e.com");
  });

  it("unwraps a badge: an image inside a link", () => {
    expect(clean("[![CI](https://ci/badge.svg)](https://ci/run)")).toBe("CI (https://ci/run)");
  });

  it("unwraps collapsed reference links", () => {
    expect(clean("The [`dispatch()`][] method.")).toBe("The `dispatch()` method.");
  });

  it("leaves links inside code spans alone", () => {
    expect(clean("Use `[x](y)` literally.")).toBe("Use `[x](y)` literally.");
  });

  it("keeps URLs with parentheses whole", () => {
    expect(clean("[wiki](https://en.wikipedia.org/wiki/Foo_(bar)) page")).toBe(
      "wiki (https://en.wikipedia.org/wiki/Foo_(bar)) page",
    );
  });

  it("keeps whitespace inside, before and after a line as it stands", () => {
    expect(clean("  a   b\t\tc  \n  d  ")).toBe("  a   b\t\tc  \n  d  ");
  });

  it("keeps the spacing around a link it rewrites", () => {
    expect(clean("see  [docs](https://e.com)   now")).toBe("see  docs (https://e.com)   now");
  });

  it("counts what it rewrote", () => {
    const counts = noiseCounts();
    cleanInline("![a](b) [c](d) [e](#f)", new Set(), counts);
    expect(counts).toEqual({ links: 2, images: 1 });
  });

  it("stays linear on thousands of unclosed brackets and backticks", () => {
    const text = "[".repeat(50_000) + "`".repeat(3) + " `` ".repeat(20_000);
    const started = performance.now();
    expect(clean(text).length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("rewrites a link nested in a collapsed reference in one pass", () => {
    const once = cleanInline("[[a](b)][]", new Set());
    expect(once).toBe("a (b)");
    expect(cleanInline(once, new Set())).toBe(once);
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom("[a](b)", "![i](p)", "`c`", " ", "  ", "\n", "x", "[", "]", "(", ")", "#", "[t][]"))
          .map((p) => p.join("")),
        (text) => {
          const once = cleanInline(text, new Set());
          expect(cleanInline(once, new Set())).toBe(once);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("BoilerplateFilter", () => {
  it("drops navigation lines even the first time", () => {
    const f = new BoilerplateFilter();
    expect(f.drops("Skip to main content")).toBe(true);
    expect(f.drops("Back to top ↑")).toBe(true);
  });

  it("drops exact repeats of a long line after the first", () => {
    const f = new BoilerplateFilter();
    const banner = "We use cookies to improve your experience on this site.";
    expect(f.drops(banner)).toBe(false);
    expect(f.drops(banner)).toBe(true);
    expect(f.dropped).toBe(1);
  });

  it("keeps repeated labels and short lines", () => {
    const f = new BoilerplateFilter();
    for (let i = 0; i < 3; i++) {
      expect(f.drops("**Fixed**")).toBe(false);
      expect(f.drops("Example usage:")).toBe(false);
      expect(f.drops("See above.")).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decodeEntities } from "../../../src/compressors/html/entities.js";

describe("decodeEntities", () => {
  it("decodes the markup-significant named references", () => {
    expect(decodeEntities("Call&lt;List&lt;Repo&gt;&gt; &amp; &quot;x&quot; &apos;y&apos;")).toBe(
      "Call<List<Repo>> & \"x\" 'y'",
    );
  });

  it("turns a no-break space into a plain space", () => {
    expect(decodeEntities("Prev&nbsp;Class")).toBe("Prev Class");
  });

  it("decodes decimal and hexadecimal references, astral ones included", () => {
    expect(decodeEntities("&#169; &#x2014; &#X1F600;")).toBe("© — 😀");
  });

  it("maps 0x80–0x9F references to windows-1252 as browsers do", () => {
    expect(decodeEntities("&#150;&#128;")).toBe("–€");
  });

  it("replaces NUL, surrogate and out-of-range references with U+FFFD", () => {
    expect(decodeEntities("&#0;&#xD800;&#99999999999;")).toBe("\ufffd\ufffd\ufffd");
  });

  it("decodes the legacy names without a semicolon, but not before '=' (a query string)", () => {
    expect(decodeEntities("&copy 2015 &amp x")).toBe("© 2015 & x");
    expect(decodeEntities("?g=a&amp=1")).toBe("?g=a&amp=1");
  });

  it("leaves unknown names and bare ampersands as written", () => {
    expect(decodeEntities("a & b &frac78; &a=retrofit&v=LATEST")).toBe("a & b &frac78; &a=retrofit&v=LATEST");
  });

  it("returns text without ampersands unchanged", () => {
    const text = "plain text";
    expect(decodeEntities(text)).toBe(text);
  });

  it("never throws and never grows text that has no references", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (s) => {
        const out = decodeEntities(s);
        expect(typeof out).toBe("string");
        if (!s.includes("&")) expect(out).toBe(s);
      }),
    );
  });
});

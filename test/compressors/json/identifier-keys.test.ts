import { describe, expect, it } from "vitest";
import { IdentifierKeys, isIdentifierValue } from "../../../src/compressors/json/identifier-keys.js";

describe("identifier keys", () => {
  it("recognises id, *_id, camelCase ids, urls, paths, hashes and names", () => {
    const keys = new IdentifierKeys();
    for (const k of [
      "id",
      "_id",
      "package_id",
      "ownerId",
      "uuid",
      "html_url",
      "href",
      "filePath",
      "path",
      "sha",
      "name",
      "email",
      "key",
      "tarball",
      "textRaw",
      "heading",
    ]) {
      expect(keys.has(k), k).toBe(true);
    }
    for (const k of ["message", "description", "status", "idle", "source"]) expect(keys.has(k), k).toBe(false);
  });

  it("answers for a raw key lexeme as for its decoded name", () => {
    const keys = new IdentifierKeys();
    for (const raw of ['"id"', '"package_id"', '"\\u0069d"', '"message"', '"a\\"b"']) {
      expect(keys.hasLexeme(raw), raw).toBe(keys.has(JSON.parse(raw) as string));
      expect(keys.hasLexeme(raw), raw).toBe(keys.has(JSON.parse(raw) as string));
    }
  });

  it("can be overridden with another word list", () => {
    const keys = new IdentifierKeys(["sku"]);
    expect(keys.has("product_sku")).toBe(true);
    expect(keys.has("id")).toBe(false);
  });

  it("recognises identifier-shaped values and not prose or blobs", () => {
    for (const v of [
      "https://example.com/a?b=c",
      "/home/dev/x.js",
      "./src/a.ts",
      "C:\\x\\y",
      "a134b9c981df85c8a67b",
      "123e4567-e89b-12d3-a456-426614174000",
      "a@b.io",
    ]) {
      expect(isIdentifierValue(v), v).toBe(true);
    }
    for (const v of ["hello world", "error: x", "https://x.io/" + "a".repeat(3000)])
      expect(isIdentifierValue(v)).toBe(false);
  });
});

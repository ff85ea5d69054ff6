import { describe, expect, it } from "vitest";
import { bm25Scores, terms } from "../../../src/compressors/markdown/bm25.js";

describe("terms", () => {
  it("lowercases words, splits identifiers at punctuation and drops stop words", () => {
    expect(terms("The `dispatcher.close()` method IS here")).toEqual(["dispatcher", "close", "method", "here"]);
  });
});

describe("bm25Scores", () => {
  it("ranks the document that mentions the query terms first", () => {
    const scores = bm25Scores(
      ["Open a socket to the origin.", "Close the pool and wait for requests.", "Nothing here."],
      "close pool",
    );
    expect(scores[1]).toBeGreaterThan(scores[0]);
    expect(scores[0]).toBe(0);
    expect(scores[2]).toBe(0);
  });

  it("weighs a rare term above a common one", () => {
    const docs = ["redis master", "redis replica", "redis replica service", "redis guestbook"];
    const scores = bm25Scores(docs, "redis guestbook");
    expect(scores.indexOf(Math.max(...scores))).toBe(3);
  });

  it("scores all zero for a query of stop words only", () => {
    expect(bm25Scores(["a b c", "the cat"], "the and of")).toEqual([0, 0]);
  });

  it("gives the same scores on every call", () => {
    const docs = ["alpha beta", "beta gamma", "gamma delta alpha"];
    expect(bm25Scores(docs, "alpha gamma")).toEqual(bm25Scores(docs, "alpha gamma"));
  });
});

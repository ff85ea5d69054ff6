import { describe, expect, it } from "vitest";
import { isShown } from "../../src/cli/visible-form.js";

describe("isShown: a must_keep string in the output", () => {
  const output = [
    "a.py:3: error: Missing return statement  [return]",
    "  ↳ same at: a.py:9, :14; b.py:2",
    "Found 4 errors in 2 files",
  ].join("\n");

  it("finds a string as written", () => {
    expect(isShown(output, "Found 4 errors in 2 files", "log")).toBe(true);
  });

  it("finds a grouped diagnostic by its message and its listed place", () => {
    expect(isShown(output, "a.py:14: error: Missing return statement  [return]", "log")).toBe(true);
    expect(isShown(output, "b.py:2: error: Missing return statement  [return]", "log")).toBe(true);
  });

  it("misses a diagnostic whose place or message is not shown", () => {
    expect(isShown(output, "a.py:15: error: Missing return statement  [return]", "log")).toBe(false);
    expect(isShown(output, "a.py:9: error: Name x is not defined  [name-defined]", "log")).toBe(false);
  });

  it("still reads html must_keep strings in their visible form", () => {
    expect(isShown("# Title\n", "<h1>Title</h1>", "html")).toBe(true);
  });
});

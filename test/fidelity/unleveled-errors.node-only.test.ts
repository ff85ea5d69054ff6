import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { salientLines } from "../../src/fidelity/salient.js";

// Errors with no level word, each on two real outputs (the log compressor's fixtures): GNU ld's
// heads (a link with duplicate and missing symbols; zlib's examples linked without -lz) and perl's
// warnings and dies, which end in their place (use warnings + Carp over /etc/protocols; perl -w).
const fixture = (name: string): string =>
  readFileSync(new URL(`../compressors/log/fixtures/${name}`, import.meta.url), "utf8");
const outputs = {
  ld: [fixture("ld-ringstat-link-errors.txt"), fixture("ld-zlib-examples-undefined-reference.txt")],
  perl: [fixture("perl-use-warnings-carp-protocols.txt"), fixture("perl-w-services-uninitialized.txt")],
};

/** The lines of `text` a reader tells by `shape`, digits masked as the check masks repeats. */
function masked(text: string, shape: RegExp): Set<string> {
  return new Set(
    text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => shape.test(l))
      .map((l) => l.replace(/\d+/g, "#").slice(0, 240)),
  );
}

function listed(text: string): Set<string> {
  return new Set(salientLines(text).map((s) => s.text.replace(/\d+/g, "#")));
}

describe("salient errors without a level word", () => {
  it("lists every distinct ld head: undefined reference to, multiple definition of", () => {
    for (const text of outputs.ld) {
      const heads = masked(text, /: (?:undefined reference to|multiple definition of) `/);
      expect(heads.size).toBeGreaterThan(3);
      const found = listed(text);
      for (const head of heads) expect(found, head).toContain(head);
    }
  });

  it("lists every distinct perl message ending in its place (at FILE line N.)", () => {
    for (const text of outputs.perl) {
      const messages = masked(text, / at \S+ line \d+(?:, <\S*> line \d+)?\.$/);
      expect(messages.size).toBeGreaterThan(3);
      const found = listed(text);
      for (const message of messages) expect(found, message).toContain(message);
    }
  });

  it("reads no place in prose or a Carp caller line as a message", () => {
    expect(
      salientLines("\tmain::port_of(undef) called at protocols.pl line 34\nsee the note at line 3 below\n"),
    ).toEqual([]);
  });
});

// A search row's path is a file's path. `ps` with `lstart` prints a start
// time whose `HH:MM:SS` holds a `:MM:` that the grep-row reader takes for a
// line number, with everything before it (`  6487  0.5  0.0 Mon Dec  7 17`)
// for the path; when a `%CPU` column put a `.` in that text, the table routed
// as a search. Real outputs of `ps -o … -s SESSION` over a session of real
// programs (python3 http.server, node, perl, sleep…), and real searches that
// must keep their route.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detect } from "../../../src/router/detect.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const searchFixture = (name: string) =>
  readFileSync(new URL(`../../compressors/search/fixtures/${name}`, import.meta.url), "utf8");

describe("a process table with start times", () => {
  it.each(["ps-o-pid-pcpu-pmem-lstart-cmd.txt", "ps-o-user-pid-cpu-mem-lstart-cmd.txt"])(
    "does not route %s as a search",
    (name) => {
      expect(detect(fixture(name)).type).not.toBe("search");
    },
  );

  it.each([
    "rg-A1-catch-error-undici.txt",
    "git-grep-W-error-re.txt",
    "grep-rZ-deprecated-types-node.txt",
    "types-node-crypto-grep-n-deprecated.txt",
    "types-node-zlib-grep-constants.txt",
  ])("still routes the search %s as a search", (name) => {
    expect(detect(searchFixture(name)).type).toBe("search");
  });

  it("still routes a search whose paths hold a space in a directory name", () => {
    const rows = [
      "My Documents/notes.txt:3:TODO: call back",
      "My Documents/plan.md:12:TODO: book the room",
      "My Documents/plan.md:40:TODO: send the agenda",
      "Old Files/2023/report.txt:7:TODO: check the totals",
    ];
    expect(detect(`${rows.join("\n")}\n`).type).toBe("search");
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pagerScreenStart } from "../../../src/compressors/terminal.js";
import { createPithy } from "../../../src/pipeline.js";

// Real pty captures (util-linux script, 120x40) of pagers over Markdown documents:
// `less test/corpus/README.md` (less 590; two pages, a search for "Bucket", `G`, `q`: its last
// screen ends in link-free prose, then `(END)`) and `more /usr/share/doc/nodejs/api/dns.md`
// (util-linux 2.38.1; its `--More--(2%)` prompt is erased with `\r ESC[K` when `q` is pressed).
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const less = fixture("less-corpus-readme.tty.txt");
const more = fixture("more-nodejs-dns-md.tty.txt");

describe("a pager's capture", () => {
  it("ends with less's (END) prompt and the last screen's rows above it", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(less, { tool: "Bash" });
    expect(r.strategy).toContain("terminal");
    expect(r.output).toMatch(/Keep this README with the corpus\.\n\(END\)\n/);
    expect(r.output).toContain("repository are pithy's (MIT).");
  });

  it("keeps more's --More--(NN%) prompt that more erased on quitting", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(more, { tool: "Bash" });
    expect(r.output).toContain("--More--(2%)");
    expect(r.output).toContain("DNS queries, bypassing other name-resolution facilities.");
  });

  it("finds no pager screen in text that does not end at a prompt", () => {
    expect(pagerScreenStart("# Title\n\nSome text that mentions (END) in passing.\nThe last line.\n")).toBe(-1);
    expect(pagerScreenStart("a\nb\n(END)\n")).toBe(0);
  });

  it("leaves a compressed pager capture as it is when compressed again", async () => {
    const pithy = await createPithy();
    const once = await pithy.compress(less, { tool: "Bash" });
    const twice = await pithy.compress(once.output, { tool: "Bash" });
    expect(twice.output).toBe(once.output);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/ccr/memory-store.js";
import { detect } from "../../../src/router/detect.js";
import { createPithy } from "../../../src/pipeline.js";

const read = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

// Two real Debian changelogs as `zcat /usr/share/doc/<pkg>/changelog.Debian.gz` prints them
// (Debian 12: dbus-daemon 1.14.10-1~deb12u1, libnss3 2:3.87.1-1+deb12u2). Their `  * ` items
// read as a block comment's lines, so they routed as code and were skipped whole. A changelog is
// a document whose outline is its entries: each `pkg (version) dist; urgency=…` line is a heading,
// and each ` -- maintainer <address>  date` sign-off stays with it.
const LOGS = ["dbus-daemon-changelog-debian.txt", "libnss3-changelog-debian.txt"];

describe("a Debian changelog", () => {
  it("routes as a document", () => {
    for (const name of LOGS) expect(detect(read(name)).type, name).toBe("markdown");
  });

  it("keeps every entry's line and sign-off", async () => {
    const pithy = await createPithy({ store: new MemoryStore() });
    for (const name of LOGS) {
      const text = read(name);
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.action, name).toBe("compressed");
      expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.9);
      const lines = text.split("\n");
      const heads = lines.filter((l) => /^[a-z0-9][a-z0-9+.-]* \([^()\s]+\) [^;]*; urgency=\w/.test(l));
      const signOffs = lines.filter((l) => l.startsWith(" -- "));
      expect(heads.length).toBeGreaterThan(15);
      expect(signOffs.length).toBe(heads.length);
      const shown = new Set(r.output.split("\n").map((l) => l.replace(/^#+ /, "")));
      for (const line of [...heads, ...signOffs]) expect(shown.has(line), line).toBe(true);
      // A security fix is what a changelog is searched for: every line naming a CVE stays, even
      // inside an item too long for its entry's share (git's CVE-2022-24765 item, 900 characters).
      const cves = lines.filter((l) => /CVE-\d{4}-\d+/.test(l));
      expect(cves.length).toBeGreaterThan(1);
      for (const line of cves) expect(r.output, line).toContain(line);
      expect(await pithy.recall(r.key as string)).toMatchObject({ found: true, content: text });
    }
  });
});

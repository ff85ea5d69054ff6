// Real `curl -i` outputs: the response heads stay whole, the body is compressed as what it is.
// Before, a JSON body behind its head routed as unknown and the fallback cut its middle records.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { splitHttpResponse } from "../../src/pipeline/http-envelope.js";
import { createPithy } from "../../src/pipeline.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

// json-server 0.17.4 serving this machine's dpkg package list, page 3 of 60 records (`Link` pagination).
const page = fixture("json-server-curl-i-page.txt");
// The npm registry's abbreviated packument of `ms` (HTTP/2, lower-case header names).
const packument = fixture("npm-registry-curl-i-ms.txt");
// `curl -iL` of a directory without its slash from python3 -m http.server: a 301, then the listing page.
const redirect = fixture("http-server-curl-iL-redirect.txt");

describe("curl -i of a JSON API", () => {
  for (const [name, text] of [
    ["json-server page", page],
    ["npm registry packument", packument],
  ] as const) {
    it(`compresses the ${name} as JSON behind its verbatim head, and recalls it whole`, async () => {
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Bash" });
      const { head } = splitHttpResponse(text)!;
      expect(r.action).toBe("compressed");
      expect(r.strategy).toMatch(/^http\+json/);
      expect(r.output.startsWith(head)).toBe(true);
      expect(() => JSON.parse(r.output.slice(head.length))).not.toThrow();
      expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.75);
      expect(await pithy.recall(r.key!)).toMatchObject({ found: true, content: text });
      expect((await pithy.compress(r.output, { tool: "Bash" })).output).toBe(r.output);
    });
  }

  it("keeps the pagination headers and every record's id and package name of the page", async () => {
    const r = await (await createPithy()).compress(page, { tool: "Bash" });
    expect(r.output).toContain(
      'Link: <http://127.0.0.1:3999/packages?_page=1&_limit=60>; rel="first", <http://127.0.0.1:3999/packages?_page=2&_limit=60>; rel="prev", <http://127.0.0.1:3999/packages?_page=4&_limit=60>; rel="next", <http://127.0.0.1:3999/packages?_page=13&_limit=60>; rel="last"',
    );
    expect(r.output).toContain("X-Total-Count: 742");
    const ids = [...page.matchAll(/"id": (\d+)/g)].map((m) => m[1]);
    expect(ids.length).toBe(60);
    for (const id of ids) expect(r.output).toContain(`"id": ${id}`);
    // A record's `package` names it, as `name` would: its stub keeps it.
    const packages = [...page.matchAll(/"package": "([^"]+)"/g)].map((m) => m[1]);
    expect(packages.length).toBe(60);
    for (const name of packages) expect(r.output).toContain(`"package": "${name}"`);
  });

  it("keeps the packument's name and its latest version", async () => {
    const r = await (await createPithy()).compress(packument, { tool: "Bash" });
    expect(r.output).toContain('"name": "ms"');
    const latest = /"dist-tags": \{"latest": "([^"]+)"/.exec(packument)![1];
    expect(r.output).toContain(`"latest": "${latest}"`);
  });
});

describe("curl -iL of a redirect to a page", () => {
  it("keeps both heads and reads the page as HTML", async () => {
    const r = await (await createPithy()).compress(redirect, { tool: "Bash" });
    expect(r.strategy).toBe("http+html");
    expect(r.output).toContain("HTTP/1.0 301 Moved Permanently\r\n");
    expect(r.output).toContain("Location: /git/\r\n");
    expect(r.output).toContain("HTTP/1.0 200 OK\r\n");
    expect(r.output).toContain("# Directory listing for /git/");
    expect(r.output).toContain("changelog.Debian.gz");
  });
});

// HTTP response heads (`curl -i`) split from the body they answer with.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseMarkers } from "../../src/ccr/marker.js";
import { splitHttpResponse } from "../../src/pipeline/http-envelope.js";
import { createPithy } from "../../src/pipeline.js";

const HEAD = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Total-Count: 742\r\n\r\n";

describe("splitHttpResponse", () => {
  it("splits a head with CRLF line ends from its body, the blank line in the head", () => {
    const body = '[{"id":1}]\n';
    expect(splitHttpResponse(HEAD + body)).toEqual({ head: HEAD, headLines: 4, body });
  });

  it("reads every head of a followed redirect and of a 100 Continue", () => {
    const heads =
      "HTTP/1.1 100 Continue\n\nHTTP/1.0 301 Moved Permanently\nLocation: /git/\n\nHTTP/2 200 \nserver: x\n\n";
    expect(splitHttpResponse(`${heads}<html></html>`)).toEqual({ head: heads, headLines: 8, body: "<html></html>" });
  });

  it("takes a folded header line as part of its header", () => {
    const text =
      'HTTP/1.1 200 OK\nLink: <https://a.example/?page=2>; rel="next",\n <https://a.example/?page=9>; rel="last"\n\n{}';
    expect(splitHttpResponse(text)?.body).toBe("{}");
  });

  it("leaves alone heads with no body after them (curl -I), text that only starts like a head, and broken heads", () => {
    for (const text of [
      "HTTP/1.1 200 OK\nA: b\n\n",
      "HTTP/1.1 200 OK\nA: b\n\n  \n",
      "HTTP/1.1 200 OK\nA: b\n\nHTTP/1.1 404 Not Found\nA: b\n\n",
      "HTTP/1.1 200 OK\nA: b\n",
      "HTTP/1.1 OK\nA: b\n\nbody",
      "HTTP/ is a protocol\nA: b\n\nbody",
      "HTTP/1.1 200 OK\nnot a header line\n\nbody",
      "HTTP/1.1 200 OK\nA: b\n\n".repeat(9) + "body",
      `HTTP/1.1 200 OK\n${"X-Long: y\n".repeat(1000)}\nbody`,
      "<html>HTTP/1.1 200 OK</html>",
    ]) {
      expect(splitHttpResponse(text), JSON.stringify(text.slice(0, 60))).toBeNull();
    }
  });

  it("gives back the text it was given, head then body, whatever the text", () => {
    const line = fc.oneof(fc.constantFrom("HTTP/1.1 200 OK", "HTTP/2 404 ", "A: b", " folded", "", "x"), fc.string());
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.constantFrom("\n", "\r\n"), (lines, eol) => {
        const text = lines.join(eol);
        const split = splitHttpResponse(text);
        if (split === null) return;
        expect(split.head + split.body).toBe(text);
        expect(split.head.startsWith("HTTP/")).toBe(true);
        expect(split.head.split("\n").length - 1).toBe(split.headLines);
      }),
    );
  });
});

describe("the pipeline on an HTTP response", () => {
  const rows = Array.from({ length: 400 }, (_, i) => ({
    id: i + 1,
    name: `package-${i + 1}`,
    status: i === 217 ? "failed" : "ok",
    description: "a package of the registry, described at some length so that the response is worth compressing",
  }));
  const text = `${HEAD}${JSON.stringify(rows, null, 2)}\n`;

  it("routes the body by what it is and keeps the head verbatim in front", async () => {
    const pithy = await createPithy();
    const r = await pithy.compress(text, { tool: "Bash" });
    expect(r.action).toBe("compressed");
    expect(r.strategy).toMatch(/^http\+json/);
    expect(r.output.startsWith(HEAD)).toBe(true);
    // The body stays JSON, and its rare record stays.
    expect(() => JSON.parse(r.output.slice(HEAD.length))).not.toThrow();
    expect(r.output).toContain('"failed"');
    expect(await pithy.recall(r.key!)).toMatchObject({ found: true, content: text });
  });

  it("is deterministic and idempotent", async () => {
    const pithy = await createPithy();
    const a = await pithy.compress(text, { tool: "Bash" });
    expect((await pithy.compress(text, { tool: "Bash" })).output).toBe(a.output);
    expect((await pithy.compress(a.output, { tool: "Bash" })).output).toBe(a.output);
  });

  it("names the original's lines in the markers of a body's chain, past the head", async () => {
    const lines = Array.from({ length: 3000 }, (_, i) =>
      i === 1700 ? "2026-12-07T10:00:00Z ERROR upstream reset" : `2026-12-07T10:00:00Z INFO request ${i} served in 3ms`,
    );
    const log = `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n${lines.join("\n")}\n`;
    const pithy = await createPithy();
    const r = await pithy.compress(log, { tool: "Bash" });
    expect(r.strategy).toMatch(/^http\+log/);
    expect(r.output).toContain("ERROR upstream reset");
    const ranges = parseMarkers(r.output).flatMap((m) => m.lines ?? []);
    expect(ranges.length).toBeGreaterThan(0);
    const original = log.split("\n");
    for (const [from, to] of ranges) {
      // Line 1-3 are the head: no marker hides them, and every hidden line is a body line not shown.
      expect(from).toBeGreaterThan(3);
      const view = await pithy.recall(r.key!, { lines: `${from}-${to}` });
      expect(view).toMatchObject({ found: true, content: `${original.slice(from - 1, to).join("\n")}\n` });
      for (const line of original.slice(from - 1, to)) expect(r.output.includes(`${line}\n`)).toBe(false);
    }
  });

  it("passes a short response through byte for byte", async () => {
    const pithy = await createPithy();
    const small = `${HEAD}{"ok":true}\n`;
    expect((await pithy.compress(small)).output).toBe(small);
  });
});

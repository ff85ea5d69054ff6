import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { detect } from "../../../src/router/detect.js";
import { accessLogDetector } from "../../../src/router/detectors/access-log.js";
import { diagnosticsDetector } from "../../../src/router/detectors/diagnostics.js";
import { kernelLogDetector } from "../../../src/router/detectors/kernel-log.js";
import { sampleOf } from "../../../src/router/sample.js";
import { openCorpus } from "../../support/corpus.js";

async function caseText(id: string): Promise<string> {
  const c = (await openCorpus("own").load()).find((k) => k.id === id);
  if (c === undefined) throw new Error(`no corpus case ${id}`);
  return c.text;
}

describe("log-shaped detectors", () => {
  it.each([
    "log-docutils-flake8-rst",
    "log-docutils-ruff-concise",
    "log-docutils-pylint-states",
    "log-docutils-mypy-plain",
    "log-docutils-mypy-pretty",
    "log-express-biome-lint-pretty",
    "log-express-tsc-checkjs-plain",
    "log-lazy-object-proxy-gcc-werror",
  ])("routes the compiler or linter output %s as a log, not as grep rows", async (id) => {
    const text = await caseText(id);
    expect(diagnosticsDetector.score(sampleOf(text))).toBeGreaterThanOrEqual(diagnosticsDetector.threshold);
    expect(detect(text).type).toBe("log");
  });

  it("routes a dmesg ring buffer as a log, though it opens like a JSON array", async () => {
    const text = await caseText("log-dmesg-boot");
    expect(text.startsWith("[    0.000000] ")).toBe(true);
    expect(kernelLogDetector.score(sampleOf(text))).toBeGreaterThanOrEqual(kernelLogDetector.threshold);
    expect(detect(text).type).toBe("log");
  });

  it("routes syslog and dmesg -T lines as a log", () => {
    const syslog = [
      "Dec  1 20:13:39 box sshd[812]: Failed password for invalid user admin from 10.0.0.7 port 52144 ssh2",
      "Dec  1 20:13:41 box sshd[812]: Failed password for invalid user oracle from 10.0.0.7 port 52146 ssh2",
      "Dec  1 20:13:44 box sshd[812]: Connection closed by 10.0.0.7 port 52146 [preauth]",
      "Dec  1 20:14:02 box systemd[1]: Started Session 4 of user root.",
    ].join("\n");
    expect(detect(syslog).type).toBe("log");
    const dmesgT = [
      "[Tue Dec  1 20:13:39 2026] Linux version 6.1.0",
      "[Tue Dec  1 20:13:39 2026] Command line: console=ttyS0",
      "[Tue Dec  1 20:13:40 2026] EXT4-fs (vda): mounted filesystem",
    ].join("\n");
    expect(detect(dmesgT).type).toBe("log");
  });

  it("routes Python's http.server access log as a log, not as search output", async () => {
    const text = await caseText("log-python-http-server-access");
    expect(accessLogDetector.score(sampleOf(text))).toBeGreaterThanOrEqual(accessLogDetector.threshold);
    expect(detect(text).type).toBe("log");
  });

  it("routes a timestamped debug log whose records span many lines (vite --debug) as a log", async () => {
    expect(detect(await caseText("log-vite-dev-server-debug")).type).toBe("log");
  });

  it("routes a unittest verbose run (`name ... ok`) as a log", async () => {
    expect(detect(await caseText("log-cpython-test-socket-verbose")).type).toBe("log");
  });

  it("leaves grep rows with columns (rg --vimgrep) to the search detector", () => {
    const rows = [
      "src/a.ts:12:5:  const error = new Error('x');",
      "src/b.ts:40:9:    throw error;",
      "src/c.ts:7:1:export function error(): void {}",
      "src/d.ts:3:14:import { error } from './a.js';",
    ].join("\n");
    expect(diagnosticsDetector.score(sampleOf(rows))).toBe(0);
    expect(detect(rows).type).toBe("search");
  });

  it("scores arbitrary text without throwing, the same way every time", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => {
        for (const d of [diagnosticsDetector, kernelLogDetector, accessLogDetector]) {
          const a = d.score(sampleOf(s));
          expect(a).toBe(d.score(sampleOf(s)));
          expect(a).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

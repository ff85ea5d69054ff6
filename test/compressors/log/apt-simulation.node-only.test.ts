import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { Outline, outlineKind } from "../../../src/compressors/log/outline.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real `apt-get install -s texlive-latex-base` on Debian 12 (apt 2.6.1): the package lists, the
// summary, then 34 `Inst` and 34 `Conf` lines. The rule was found on `apt-get install -s inkscape`
// (93 packages) in a held-out round.
const sim = readFileSync(new URL("fixtures/apt-get-install-s-texlive.txt", import.meta.url), "utf8");

describe("apt's simulated install", () => {
  it("is routed as a log", () => {
    expect(detect(sim).type).toBe("log");
  });

  it("keeps every package's Inst line, with its version and origin, and the summary", () => {
    const result = compressLog(compressorInput(sim, { type: "log" }));
    expect(result).not.toBeNull();
    const out = result!.output;
    const inst = sim.split("\n").filter((l) => l.startsWith("Inst "));
    expect(inst.length).toBe(34);
    for (const line of inst) expect(out).toContain(`${line}\n`);
    expect(out).toContain("0 upgraded, 34 newly installed, 0 to remove and 140 not upgraded.\n");
    // The Conf lines name the same packages again: most go behind a marker.
    expect(out.split("\n").filter((l) => l.startsWith("Conf ")).length).toBeLessThan(17);
  });

  it("reads a simulated removal's Remv lines as packages, and Conf lines as steps", () => {
    // Lines of a real `apt-get remove -s clang-14 cppcheck shellcheck` and of the install above.
    expect(outlineKind("Remv clang [1:14.0-55.7~deb12u1]")).toBe(Outline.Package);
    expect(outlineKind("Inst tex-common (6.18 Debian:12.15/oldstable [all])")).toBe(Outline.Package);
    expect(outlineKind("Conf tex-common (6.18 Debian:12.15/oldstable [all])")).toBe(Outline.None);
    expect(outlineKind("Install these packages without verification? [y/N]")).toBe(Outline.None);
  });
});

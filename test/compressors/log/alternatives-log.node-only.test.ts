import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { alternativesEvents } from "../../../src/compressors/log/alternatives-log.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real update-alternatives logs: this VM's /var/log/alternatives.log (117 records, package
// installs, one link group per command), and a private one written through `--log` by
// `--install` of three pythons, an editor and compilers, then `--set`, `--auto`, `--remove`
// and `--remove-all` (28 records, one link group changed again and again).
const logs = {
  vm: readFileSync(new URL("fixtures/update-alternatives-vm.log", import.meta.url), "utf8"),
  private: readFileSync(new URL("fixtures/update-alternatives-private-log.log", import.meta.url), "utf8"),
};

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

describe("update-alternatives' log", () => {
  it("routes as a log", () => {
    for (const [name, text] of Object.entries(logs)) expect(detect(text).type, name).toBe("log");
  });

  it("keeps every link group's commands and outcomes, one real instance each", () => {
    const vm = compress(logs.vm);
    for (const line of [
      "link group pager updated to point to /usr/bin/less",
      "link group editor updated to point to /usr/bin/vim.basic",
      "link group mvn updated to point to /usr/share/maven/bin/mvn",
      "run with --install /usr/bin/x-www-browser x-www-browser /usr/bin/chromium 40",
      "link group gnome-www-browser updated to point to /usr/bin/chromium",
    ]) {
      expect(vm).toContain(line);
    }
    const own = compress(logs.private);
    for (const line of [
      "--set python /tmp/hl5/ua/bin/python3.11",
      "status of link group /tmp/hl5/ua/bin/python set to manual",
      "status of link group /tmp/hl5/ua/bin/python set to auto",
      "link group python updated to point to /tmp/hl5/ua/bin/python3.13",
      "link group python updated to point to /tmp/hl5/ua/bin/python3.12",
      "--remove-all c++",
      "link group c++ fully removed",
      "--remove awk /usr/bin/gawk",
      "link group awk fully removed",
    ]) {
      expect(own).toContain(line);
    }
  });

  it("counts a command run again for the same link group once", () => {
    const vm = logs.vm.split("\n");
    const events = alternativesEvents(vm);
    const fakeroot = vm.filter((l) => l.includes("--install /usr/bin/fakeroot fakeroot "));
    expect(fakeroot.length).toBe(2);
    expect(events.filter((i) => vm[i].includes("--install /usr/bin/fakeroot fakeroot ")).length).toBe(1);
    // Outcomes are events by their text: python pointed to 3.11 twice, one of them stays.
    const own = logs.private.split("\n");
    const to311 = alternativesEvents(own).filter((i) =>
      own[i].endsWith("updated to point to /tmp/hl5/ua/bin/python3.11"),
    );
    expect(to311.length).toBe(1);
  });

  it("finds no event in another timestamped log", () => {
    const dpkg = readFileSync(new URL("fixtures/dpkg-log-runs.log", import.meta.url), "utf8").split("\n");
    expect(alternativesEvents(dpkg)).toEqual([]);
  });
});

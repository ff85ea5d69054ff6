import { describe, expect, it } from "vitest";
import { yamlDetector } from "../../../src/router/detectors/yaml.js";
import { sampleOf } from "../../../src/router/sample.js";

const score = (text: string) => yamlDetector.score(sampleOf(text));

describe("yamlDetector", () => {
  it("claims nested mappings, lists under their key and block text", () => {
    const text = [
      "name: CI",
      "on:",
      "  push:",
      "    branches: [main]",
      "jobs:",
      "  test:",
      "    steps:",
      "    - uses: actions/checkout@v4",
      "    - run: |",
      "        npm ci",
      "        npm test",
      "",
    ].join("\n");
    expect(score(text)).toBeGreaterThanOrEqual(yamlDetector.threshold);
  });

  it("leaves flat key: value lines alone (a log, `lscpu`): nothing nests", () => {
    const text = "Architecture: x86_64\nCPU op-mode(s): 32-bit\nByte Order: Little Endian\nmodel: 85\nstepping: 7\n";
    expect(score(text)).toBe(0);
  });

  it("leaves a Markdown outline of headings and bullets alone", () => {
    const text = "# Changes\n\n## 1.2.0\n\n- Fix: the parser\n  - nested note\n- Add: a flag\n\n## 1.1.0\n\n- Docs\n";
    expect(score(text)).toBe(0);
  });

  it("leaves text that opens with prose alone, front matter or not", () => {
    expect(score("Some words first.\nkey: value\nother:\n  nested: 1\n")).toBe(0);
    const frontMatter =
      "---\ntitle: Guide\ntags:\n  - a\n---\n\nThe guide starts here and goes on\nfor a few lines of prose,\nwith no keys at all.\n";
    expect(score(frontMatter)).toBeLessThan(yamlDetector.threshold);
  });
});

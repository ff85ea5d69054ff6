// pytest -v prints one `id PASSED  [ NN%]` line per test. They were no passing tests to the log
// compressor, so a run kept scattered lines and cut its last test with the rest.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { passingGroup } from "../../../src/compressors/log/outline.js";
import { createPithy } from "../../../src/pipeline.js";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}.txt`, import.meta.url), "utf8");

const RUNS = [
  // `pytest test_nanfunctions.py -v -k "Median or MinMax"` in numpy 2.4.6's tests: path ids, skips, a warning.
  "pytest-v-numpy-nanfunctions",
  // `pytest --pyargs numpy._core.tests.test_shape_base -v`: ids without a path (`::TestAtleast1d::test_0D_array`).
  "pytest-v-pyargs-numpy-shape-base",
];

describe("pytest -v runs", () => {
  for (const name of RUNS) {
    it(`keeps the first and last passing test of ${name}, every skip and the summary`, async () => {
      const text = fixture(name);
      const lines = text.split("\n");
      const passes = lines.filter((l) => passingGroup(l)?.startsWith("pytest:"));
      expect(passes.length).toBeGreaterThan(100);
      const pithy = await createPithy();
      const r = await pithy.compress(text, { tool: "Bash" });
      expect(r.output).toContain(passes[0]);
      expect(r.output).toContain(passes[passes.length - 1]);
      for (const line of lines.filter((l) => l.includes(" SKIPPED"))) expect(r.output).toContain(line);
      expect(r.output).toContain(lines.filter((l) => /^=+ .*passed.* =+$/.test(l))[0]);
      expect(r.tokensOut).toBeLessThan(r.tokensIn * 0.5);
      expect(await pithy.recall(r.key!)).toMatchObject({ found: true, content: text });
    });
  }
});

describe("passingGroup", () => {
  it("groups pytest passes by module and class, parameters and progress aside", () => {
    expect(passingGroup("tests/test_a.py::TestX::test_y[a b-1] PASSED                [ 42%]")).toBe(
      "pytest:tests/test_a.py::TestX",
    );
    expect(passingGroup("::TestAtleast1d::test_0D_array PASSED")).toBe("pytest:::TestAtleast1d");
    expect(passingGroup("test_a.py::test_plain PASSED [100%]")).toBe("pytest:test_a.py");
  });

  it("groups cargo test passes by module path", () => {
    expect(passingGroup("test parser::tests::reads_tabs ... ok")).toBe("cargo:parser::tests");
    expect(passingGroup("test it_works ... ok")).toBe("cargo:");
  });

  it("reads no failure, skip or prose as a pass", () => {
    for (const text of [
      "tests/test_a.py::test_y FAILED                 [ 42%]",
      "tests/test_a.py::test_y SKIPPED (no network)   [ 42%]",
      "The build PASSED its checks",
      "test parser::tests::reads_tabs ... FAILED",
    ]) {
      expect(passingGroup(text), text).toBeNull();
    }
  });
});

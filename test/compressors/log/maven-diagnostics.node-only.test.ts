import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compressLog } from "../../../src/compressors/log.js";
import { Outline, outlineKind } from "../../../src/compressors/log/outline.js";
import { compressorInput } from "../../support/compressor-input.js";

// A real `mvn -o -B compile` (Maven 3.8.7, maven-compiler-plugin 3.13.0, -Xlint:all) of three Java
// files written for a held-out round: 6 warnings and 8 errors, each `[LEVEL] path:[line,col] message`,
// the errors printed twice (the compiler's block, then the failed goal's). The rule was found on
// another project's Maven build, whose raw-type warnings were grouped as repeats of one warning.
const build = readFileSync(new URL("fixtures/mvn-compile-shop.txt", import.meta.url), "utf8");

describe("Maven's compiler diagnostics", () => {
  it("are diagnostic heads, led by their level tag", () => {
    expect(outlineKind("[WARNING] /p/src/A.java:[10,13] found raw type: java.util.List")).toBe(Outline.Diagnostic);
    expect(outlineKind("[ERROR] /p/src/A.java:[8,13] cannot find symbol")).toBe(Outline.Diagnostic);
    expect(outlineKind("[error] /p/src/A.scala:12:5: not found: value x")).toBe(Outline.Diagnostic);
    expect(outlineKind("[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.13.0")).toBe(
      Outline.None,
    );
    expect(outlineKind("[INFO] /p/src/A.java:[8,13] compiled")).toBe(Outline.None);
  });

  it("each stay with its place, warnings of one kind at other places too", () => {
    const out = compressLog(compressorInput(build, { type: "log" }))?.output ?? build;
    const heads = build.split("\n").filter((l) => /^\[(?:WARNING|ERROR)\] \/\S+:\[\d+,\d+\] /.test(l));
    expect(new Set(heads).size).toBe(14);
    for (const head of heads) expect(out).toContain(head);
  });
});

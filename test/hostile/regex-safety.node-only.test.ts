// Issue #15 item 1: no regex with catastrophic backtracking, as a checked
// property. Every pattern in src/ (literals and `new RegExp`, see
// regex-inventory.ts) goes through a ReDoS analyser; one it does not prove
// linear must be rewritten, or listed in regex-allow.ts with the bound on
// what it runs on (a line cap, a sample size) that keeps it cheap.
//
// The analyser is `recheck` (npm `recheck`): it decides by automata theory
// (and fuzzing where that is inconclusive) whether a pattern is exponential,
// polynomial (with the degree) or linear under a backtracking engine, and
// builds the attack string. Its pure-JS build (Scala.js) runs offline but
// takes ~0.4 s a pattern; the native binary (recheck-linux-x64, an optional
// dependency the registry ships) takes a few ms, so `auto` picks it where it
// is installed. `redos-detector` was the alternative: it only scores
// backtracking paths (no polynomial degree) and calls most bounded
// quantifiers unsafe, which would bury the real findings.
import { beforeAll, describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkSync } from "recheck";
import { type FoundRegex, recordConstructed, regexLiterals, srcFiles, unique } from "./regex-inventory.js";
import { ALLOWED } from "./regex-allow.js";

let constructed: FoundRegex[] = [];

beforeAll(async () => {
  const recorder = recordConstructed();
  try {
    // Load every module (each builds its patterns at load time), then run a
    // few calls of each type for the patterns built per call.
    for (const file of srcFiles()) {
      if (file.endsWith("cli/main.ts")) continue; // runs the CLI when imported as the entry
      await import(`../../${file}`);
    }
    const { createPithy } = await import("../../src/index.js");
    const pithy = await createPithy();
    const corpus = join(import.meta.dirname, "..", "corpus");
    const manifest = JSON.parse(readFileSync(join(corpus, "manifest.json"), "utf8")) as {
      cases: { file: string; class: string }[];
    };
    const seenClass = new Set<string>();
    for (const c of manifest.cases) {
      if (seenClass.has(c.class)) continue;
      seenClass.add(c.class);
      const text = readFileSync(join(corpus, c.file), "utf8");
      const r = await pithy.compress(text, { tool: "Bash", query: "error failed" });
      if (r.key !== undefined) await pithy.recall(r.key);
    }
  } finally {
    recorder.restore();
  }
  constructed = recorder.seen;
}, 120_000);

function analyse(regex: FoundRegex): { status: string; detail: string } {
  let r = checkSync(regex.source, regex.flags, { timeout: 2000 });
  // A loaded machine can time out on a pattern it proves at rest: one longer try.
  // The diagnostic-head pattern of log/outline.ts takes 5-13 s to prove on 2 shared cores.
  if (r.status === "unknown" && r.error.kind === "timeout")
    r = checkSync(regex.source, regex.flags, { timeout: 60_000 });
  if (r.status === "safe") return { status: "safe", detail: "" };
  if (r.status === "vulnerable") {
    return { status: "vulnerable", detail: `${r.complexity.summary}; attack ${r.attack.pattern.slice(0, 80)}` };
  }
  return { status: "unknown", detail: r.error.kind };
}

describe("regex safety", () => {
  // Reading every module's literals took over 5 s on a loaded 2-core machine.
  it("finds the patterns: literals in every module and the RegExp objects built at load", { timeout: 60_000 }, () => {
    const literals = regexLiterals();
    expect(literals.length).toBeGreaterThan(200);
    expect(constructed.length).toBeGreaterThan(10);
    // The marker grammar is built with `new RegExp`: the stand-in must have seen it.
    expect(constructed.some((r) => r.source.includes("pithy:"))).toBe(true);
  });

  it("proves every pattern linear, or has it listed with the bound that keeps it cheap", { timeout: 600_000 }, () => {
    const all = unique([...regexLiterals(), ...constructed]);
    const unproven: string[] = [];
    const unprovenRegexes: FoundRegex[] = [];
    const used = new Set<string>();
    for (const regex of all) {
      // Listed patterns were reviewed by hand: not analysed again (each costs a timeout).
      const allowed = ALLOWED.find((a) => a.source === regex.source);
      if (allowed !== undefined) {
        used.add(allowed.source);
        continue;
      }
      const v = analyse(regex);
      if (v.status === "safe") continue;
      unproven.push(`${regex.where} /${regex.source}/${regex.flags}: ${v.status} ${v.detail}`);
      unprovenRegexes.push(regex);
    }
    // REGEX_UNPROVEN=file writes the unproven patterns as JSON, to review them.
    if (process.env.REGEX_UNPROVEN) writeFileSync(process.env.REGEX_UNPROVEN, JSON.stringify(unprovenRegexes, null, 1));
    expect(unproven, unproven.join("\n")).toEqual([]);
    // An entry whose pattern is gone (rewritten, removed) must leave the list too.
    const stale = ALLOWED.filter((a) => !used.has(a.source)).map((a) => a.source);
    expect(stale, "allow-list entries no longer needed").toEqual([]);
  });
});

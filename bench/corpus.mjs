// Loads ../shared/corpus for the eval and the benchmarks (Node only).
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";

export const corpusDir = new URL("../../shared/corpus/", import.meta.url);

/** Every case of the manifest with its text, checked against its sha256. */
export function loadCorpus() {
  const manifest = JSON.parse(readFileSync(new URL("manifest.json", corpusDir), "utf8"));
  return manifest.cases.map((c) => {
    const bytes = readFileSync(new URL(c.file, corpusDir));
    const sha = createHash("sha256").update(bytes).digest("hex");
    if (sha !== c.sha256) throw new Error(`corpus case ${c.id}: sha256 mismatch`);
    return { ...c, text: bytes.toString("utf8") };
  });
}

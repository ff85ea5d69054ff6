/**
 * The content detectors, one file each, and their order of precedence. Each
 * scores one sample of the content's head (router/sample.ts).
 */
import { jsonDetector } from "./detectors/json.js";
import { kernelLogDetector } from "./detectors/kernel-log.js";
import { traceLogDetector } from "./detectors/trace-log.js";
import { accessLogDetector } from "./detectors/access-log.js";
import { diagnosticsDetector } from "./detectors/diagnostics.js";
import { diffDetector } from "./detectors/diff.js";
import { searchDetector } from "./detectors/search.js";
import { terminalDetector } from "./detectors/terminal.js";
import { logDetector } from "./detectors/log.js";
import { tabularDetector } from "./detectors/tabular.js";
import { stanzasDetector } from "./detectors/stanzas.js";
import { listingDetector } from "./detectors/listing.js";
import { manualDetector } from "./detectors/manual.js";
import { htmlDetector } from "./detectors/html.js";
import { markdownDetector } from "./detectors/markdown.js";
import { codeDetector } from "./detectors/code.js";
import { yamlDetector } from "./detectors/yaml.js";
import { proseDetector } from "./detectors/prose.js";
import type { Detector } from "./detectors/detector.js";

export type { Detector } from "./detectors/detector.js";
export {
  kernelLogDetector,
  traceLogDetector,
  accessLogDetector,
  diagnosticsDetector,
  jsonDetector,
  diffDetector,
  searchDetector,
  terminalDetector,
  logDetector,
  tabularDetector,
  stanzasDetector,
  listingDetector,
  manualDetector,
  htmlDetector,
  markdownDetector,
  codeDetector,
  yamlDetector,
  proseDetector,
};

/**
 * Detectors of unambiguous structure, in order of precedence: the first whose
 * score reaches its threshold wins (JSON before diff before grep rows…).
 */
export const STRUCTURAL_DETECTORS: readonly Detector[] = [
  // A dmesg opens like a JSON array; so does `tree -h` (`[6.0M]  dir`).
  kernelLogDetector,
  // Program traces open like JSON arrays (a JVM log) and tables (the loader's debug output).
  traceLogDetector,
  listingDetector,
  jsonDetector,
  diffDetector,
  // Diagnostics and access-log rows could pass for grep rows.
  diagnosticsDetector,
  accessLogDetector,
  searchDetector,
  terminalDetector,
  // A manual page's title and headings are unambiguous; its indented text could pass for stanzas.
  manualDetector,
  stanzasDetector,
  // YAML's `Key: value` lines could pass for stanzas (which need capitals and flat records) or table rows.
  yamlDetector,
  tabularDetector,
  htmlDetector,
];

/**
 * Detectors of fuzzy kinds, which overlap (a pytest log quotes Python, a
 * README quotes shell): all are scored and the clearest margin over its own
 * threshold wins. Prose is scored only when none of them claims the text.
 */
export const FUZZY_DETECTORS: readonly Detector[] = [logDetector, markdownDetector, codeDetector];

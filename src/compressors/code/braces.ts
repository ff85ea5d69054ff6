/**
 * Function bodies of brace languages (TypeScript/JavaScript, Go, Rust,
 * Java): each long enough body, outermost first, becomes
 * `{ [[pithy:… body of Run, lines 120-188]] }` (or `{ … }` when it shares a
 * marker with its neighbours, see runs.ts) on its header's line, so the
 * signature reads as before and the closing brace's line keeps whatever
 * follows the brace (`});`, `} else {`). Classes, impls, namespaces,
 * interfaces and literals are kept and looked into; nothing inside a
 * TypeScript type context (interface, type alias, `declare`) is a body.
 */
import { hasMarker } from "../../ccr/marker.js";
import { estimateTokens } from "../../kernels/tokens.js";
import type { Elision, Limits } from "./edits.js";
import { functionName, isTypeContext } from "./headers.js";
import type { LanguageId } from "./languages.js";
import type { Scan } from "./scan.js";
import type { SourceView } from "./source.js";

/** What a body planner found. */
export interface BodyPlan {
  elisions: Elision[];
  /** 1 for every line a body elision removes whole, so no other planner touches it. */
  covered: Uint8Array;
}

/** Finds the function bodies of a brace language worth eliding. */
export function planBraceBodies(view: SourceView, scan: Scan, lang: LanguageId, limits: Limits): BodyPlan {
  const b = scan.blocks;
  const covered = new Uint8Array(view.count);
  const elisions: Elision[] = [];
  // Close offsets of the open type contexts enclosing the current block.
  const typeContexts: number[] = [];
  let coveredUntil = -1;
  for (let k = 0; k < b.count; k++) {
    const openLine = b.openLine[k];
    const open = view.offset(openLine, b.openCol[k]);
    if (open < coveredUntil) continue;
    const closeLine = b.closeLine[k];
    const close = closeLine < 0 ? Number.POSITIVE_INFINITY : view.offset(closeLine, b.closeCol[k]);
    while (typeContexts.length > 0 && typeContexts[typeContexts.length - 1] < open) typeContexts.pop();
    const header = b.header[k];
    if (isTypeContext(lang, header)) {
      typeContexts.push(close);
      continue;
    }
    if (typeContexts.length > 0 || closeLine < 0 || closeLine - openLine - 1 < limits.minBodyLines) continue;
    const name = functionName(lang, header);
    if (name === null) continue;
    const body = view.text.slice(open + 1, close);
    if (hasMarker(body)) continue;
    const tokens = estimateTokens(body);
    if (tokens < limits.minPartTokens) continue;
    elisions.push({
      first: openLine + 1,
      last: closeLine - 1,
      tokens,
      what: `body of ${name}`,
      inline: true,
      from: open + 1,
      to: close,
      lead: "",
      placeholder: "…",
      alsoFrom: -1,
      alsoTo: -1,
    });
    covered.fill(1, openLine + 1, closeLine);
    coveredUntil = close;
  }
  return { elisions, covered };
}

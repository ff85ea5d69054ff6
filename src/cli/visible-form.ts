import { diagnosticKey, showsKey } from "../fidelity/diagnostic-key.js";
import { squeezed } from "../fidelity/salient.js";

/**
 * The html corpus cases list some must_keep strings as markup
 * (`<h4>networkError</h4>`, `<title>Retrofit</title>`, `<a name="x">`). pithy
 * turns HTML into Markdown-like text, so no markup survives; what must stay
 * visible is the fact the markup carries, in the form the reader sees. This
 * maps one to the other; every other must_keep string is checked as written.
 */
export function visibleForm(mustKeep: string, klass: string): string {
  if (klass !== "html") return mustKeep;
  const heading = /^<h([1-6])>([^<]*)<\/h\1>$/.exec(mustKeep);
  if (heading !== null) return "#".repeat(Number(heading[1])) + " " + heading[2];
  const title = /^<title>([^<]*)<\/title>$/.exec(mustKeep);
  if (title !== null) return "# " + title[1];
  const anchor = /^<a name="([^"]*)">$/.exec(mustKeep);
  if (anchor !== null) return `{#${anchor[1]}}`;
  return mustKeep.replace(/<[^>]*>/g, "");
}

/**
 * Whether `output` shows the must_keep string: as written (in its visible
 * form), or, for a compiler or linter diagnostic line, as its key (place and
 * message, fidelity/diagnostic-key.ts) when the message is shown once and
 * this place listed under it. keptLiterally still counts the bytes alone.
 */
export function isShown(output: string, mustKeep: string, klass: string): boolean {
  // Text that only looks like markup (`Option<V>` in a Rust signature) is shown as written.
  if (output.includes(mustKeep) || output.includes(visibleForm(mustKeep, klass))) return true;
  const key = diagnosticKey(mustKeep.trim());
  return key !== null && showsKey(key, output, squeezed(output));
}

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

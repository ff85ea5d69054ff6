/**
 * A JVM's class loading log (`java -verbose:class`, `-Xlog:class+load`):
 * `[0.013s][info][class,load] java.lang.Object source: shared objects file`,
 * one line a class, hundreds of them from the JDK before the program's own.
 * What it is read for is where classes came from: each distinct source (the
 * CDS archive, a `jrt:/` module, the lookup that defined a lambda form, the
 * class that hosts a lambda) shows its first class, and every class loaded
 * from the application's class path (`source: file:…`, `jar:…`) stays, since
 * those are the program's own and the ones a class-path problem is about.
 * The rest are counted by their template's marker.
 */

/** A class,load record: uptime, level, tags; then the class and its source. */
const CLASS_LOAD_RE = /^\[\d{1,7}\.\d{3}s\]\[info *\]\[class,load *\] \S{1,500} source: (\S[^\n]{0,1000})$/;

/** A class name as a source: the class that hosts a lambda. */
const HOST_CLASS_RE = /^[\w$.]{1,500}$/;

/** The lines of `visible` that are its class loading outline (none in any other log). */
export function classLoadOutline(visible: readonly string[]): number[] {
  const sources = new Set<string>();
  const lines: number[] = [];
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (text.charCodeAt(0) !== 91 /* [ */ || !text.includes("][class,load")) continue;
    const m = CLASS_LOAD_RE.exec(text);
    if (m === null) continue;
    const source = sourceKind(m[1]);
    if (source === "") lines.push(i);
    else if (!sources.has(source)) {
      sources.add(source);
      lines.push(i);
    }
  }
  return lines;
}

/** A source's kind: "" for the application's class path (every class stays), else what groups its classes. */
function sourceKind(source: string): string {
  if (source.startsWith("file:") || source.startsWith("jar:")) return "";
  // A lambda's host class (`source: App`, `source: java.util.stream.DoublePipeline`) is one kind;
  // the JVM's own definers (`__JVM_LookupDefineClass__`) are each their own.
  return HOST_CLASS_RE.test(source) && !source.startsWith("__") ? "class" : source;
}

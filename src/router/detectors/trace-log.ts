/**
 * The detector of program traces: what a runtime, loader or tracer prints
 * about a program, one event a line, in a shape of its own and with no level
 * word. Each opens like something else (a JVM's `[0.012s][info][class,load]`
 * like a JSON array, the loader's `  22387:\tfind library=…` like a table, a
 * JUnit-less `strace` like code), so this runs among the structural detectors,
 * before JSON and tables, and claims a text only when most of its lines are
 * such events:
 *
 * - JVM unified logging (`java -verbose:class`, `-Xlog:gc*`):
 *   `[0.012s][info][class,load] java.lang.Object source: shared objects file`,
 *   `[0.038s][info][gc,start    ] GC(0) Pause Young …`;
 * - glibc's loader (`LD_DEBUG=libs,versions`): `     22387:\tfind library=…`;
 * - `ldd -v`: `\tlibz.so.1 => /lib/…/libz.so.1 (0x…)`, `\tVersion information:`,
 *   `\t\tlibc.so.6 (GLIBC_2.14) => /lib/…/libc.so.6`;
 * - strace's call lines (`1234 openat(AT_FDCWD, "/etc/x", O_RDONLY) = 3`,
 *   `<... wait4 resumed>`, `+++ exited with 0 +++`) and its `-c` table;
 * - `NODE_DEBUG=module,fs,http`: `MODULE 13813: load "/x.js" for module "."`;
 * - `python -m trace --trace` (`slugify.py(5):     text = …`,
 *   ` --- modulename: slugify, funcname: main`) and `python -v`
 *   (`import 'json' # <…SourceFileLoader…>`, `# code object from '…'`);
 * - `javac -verbose`: `[loading /modules/java.base/java/lang/Void.class]`;
 * - `gcc -v`: `Configured with: …`, `COLLECT_GCC_OPTIONS='-v' …`, its include search;
 * - `cmake --trace`: `/src/CMakeLists.txt(7):  add_executable(a a.c )`.
 */
import { anyOf } from "../pattern.js";
import type { Detector } from "./detector.js";

const TRACE_LINES = [
  // JVM unified logging: uptime, level (maybe padded), tags (maybe padded).
  /^\[\d{1,7}\.\d{3}s\]\[(?:trace|debug|info|warning|error) *\]\[[a-z0-9,]{1,60} *\] /,
  // glibc's loader debug: the pid padded to ten columns, a colon and a tab. The padding is what
  // tells it from `grep -n` over tab-indented source (`95:\t\tint x;`), which opens at column 0.
  /^ {1,12}\d{1,7}:\t/,
  // ldd -v: a library and where it resolved, the version section, a needed version.
  /^\t\S{1,200} => \S{1,400} \(0x[0-9a-f]{1,16}\)$/,
  /^\t\S{1,200} \(0x[0-9a-f]{1,16}\)$/,
  /^\tVersion information:$/,
  /^\t\/\S{1,400}:$/,
  /^\t\t\S{1,200} \([^()\s]{1,80}\) => \S{1,400}$/,
  // strace: a call and its result (or unfinished), a resumed call, an exit, a signal, a process attached.
  /^(?:\[pid +\d{1,7}\] |\d{1,7} +)?[a-z_][a-z0-9_]{1,30}\([^\n]{0,4000}(?:\) += (?:-?\d|0x|\?)|<unfinished \.\.\.>$)/,
  /^(?:\[pid +\d{1,7}\] |\d{1,7} +)?<\.\.\. [a-z_][a-z0-9_]{1,30} resumed>/,
  /^(?:\[pid +\d{1,7}\] |\d{1,7} +)?(?:\+\+\+ (?:exited with|killed by) |--- SIG[A-Z]{2,8} \{)/,
  /^strace: Process \d{1,7} (?:attached|detached)$/,
  // strace -c: its header, rule and rows.
  /^% time +seconds +usecs\/call +calls +errors +syscall$/,
  /^-{6} -{11} -{11} -{9} -{9} -{6,}$/,
  /^ {0,2}\d{1,3}\.\d\d +\d{1,9}\.\d{6} +\d{1,12} +\d{1,12} +(?:\d{1,12} +)?[a-z_][a-z0-9_]{0,30}$/,
  // NODE_DEBUG: the section in capitals and the pid.
  /^[A-Z][A-Z0-9_]{1,15} \d{1,7}: /,
  // python -m trace: a traced line, a call.
  /^(?:<frozen [\w.]{1,80}>|[\w.-]{1,120}\.py)\(\d{1,7}\): /,
  /^ --- modulename: \S{1,120}, funcname: /,
  // python -v: an import, a cached code object, a match, the shutdown's clean-up.
  /^import (?:'[\w.]{1,120}'|[\w.]{1,120}) # /,
  /^# (?:code object from |extension module '|\S{1,400}\.pyc matches |destroy |cleanup\[|clear (?:builtins|sys)|installing zipimport hook$)/,
  // javac -verbose.
  /^\[(?:parsing (?:started|completed)|loading|search path for (?:source|class) files:|checking|wrote|total) [^\]\n]{0,400}\]$/,
  // gcc -v: its settings, the programs it runs, its include search.
  // Its own variables only: any `NAME=value` would claim an `env` dump, whose every line is a fact.
  /^(?:COLLECT_[A-Z_]{2,20}|COMPILER_PATH|LIBRARY_PATH|OFFLOAD_TARGET_[A-Z]{2,10})=\S/,
  /^(?:Using built-in specs\.|Target: |Configured with: |Thread model: |Supported LTO compression |gcc version |GGC heuristics: |Compiler executable checksum: |GNU (?:C\d\d|C\+\+\d\d|assembler) |\tcompiled by GNU )/,
  /^(?:ignoring (?:nonexistent|duplicate) directory "|#include (?:"\.\.\."|<\.\.\.>) search starts here:$|End of search list\.$)/,
  /^ \/\S{1,400}$/,
  /^ (?:\/\S{1,400}\/)?(?:cc1|cc1plus|collect2|as|ld|lto-wrapper) -/,
  // cmake --trace: the list file, its line, two spaces, the command.
  /^\/\S{1,400}\(\d{1,7}\): {1,2}[A-Za-z_]\w{0,60}\(/,
];

/** Each part is anchored on its own, so that each is proven linear as written. */
const TRACE_LINE_RE = new RegExp(anyOf(...TRACE_LINES));
/** Share of the sample's non-blank lines (or of its record lines) that must be trace events. */
const MIN_SHARE = 0.6;
/** Fewest events that make a text with dumped objects between them a trace. */
const MIN_RECORD_HITS = 8;

/** Whether a line opens a record: not blank, not indented, not a dump's closing bracket. */
function opensRecord(line: string): boolean {
  const c = line.charCodeAt(0);
  return line.length > 0 && c !== 32 && c !== 9 && c !== 125 /* } */ && c !== 93 /* ] */ && c !== 41 /* ) */;
}

/** Program traces (JVM, loader, strace, NODE_DEBUG, Python, javac, cmake), routed as a log. */
export const traceLogDetector: Detector = {
  type: "log",
  threshold: 0.6,
  score(sample) {
    if (sample.nonBlank < 3) return 0;
    let hits = 0;
    let records = 0;
    for (let i = 0; i < sample.count; i++) {
      const line = sample.line(i);
      if (line.length <= 8000 && TRACE_LINE_RE.test(line)) hits++;
      if (opensRecord(line)) records++;
    }
    const share = hits / sample.nonBlank;
    if (share >= MIN_SHARE) return Math.max(0.9, share);
    // A debug log that dumps the objects it handles (`NODE_DEBUG=http`: `{`, `  port: 80,`, `}`)
    // is its event lines among the dumps: most lines that open a record are events.
    return hits >= MIN_RECORD_HITS && hits / records >= MIN_SHARE ? 0.9 : 0;
  },
};

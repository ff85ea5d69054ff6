/**
 * strace's output: a call a line (`1234 openat(AT_FDCWD, "/etc/x",
 * O_RDONLY) = 3`, with `-f` the pid first), calls split across processes
 * (`<unfinished ...>`, `<... wait4 resumed>`), exits (`+++ exited with 1
 * +++`) and signals (`--- SIGCHLD {si_signo=SIGCHLD, …, si_status=1, …}
 * ---`); and with `-c` its table of calls.
 *
 * A trace's outline is what the program touched and what went wrong: the
 * first call on each distinct file (its first string argument) per syscall
 * (an exec or open of a file is the fact, its repeats are not), the first
 * failing call per syscall, file and error (`= -1 ENOENT`: a PATH search
 * shows each directory tried once), and every exit and signal that says a
 * process failed (a non-zero status, a kill, a core). Calls with no file
 * (`mmap`, `wait4`, `rt_sigprocmask`) are counted by their templates.
 *
 * The `-c` table's outline is its header, the rows of at least 1 % of the
 * time or with errors, and its total; the other rows go behind a marker.
 */

/** A call line: an optional pid, the syscall, its arguments. */
const CALL_RE = /^(?:\[pid +\d{1,7}\] |\d{1,7} +)?([a-z_][a-z0-9_]{1,30})\(/;
/** The first string argument of a call (a path, mostly). */
const PATH_ARG_RE = /^[^"\n]{0,200}"((?:[^"\\\n]|\\.){0,4000})"/;
/** A failed call's result: `= -1 ENOENT (No such file or directory)`. */
const FAILED_RE = / = -1 ([A-Z][A-Z0-9_]{1,30})(?: |$)/;
/** An exit or signal that tells of a failure. */
const FAILURE_EXIT_RE =
  /(?:\+\+\+ exited with [1-9]\d{0,2} \+\+\+|\+\+\+ killed by |exit_group\([1-9]\d{0,2}\)|si_status=(?:[1-9]\d{0,2}|SIG[A-Z]{2,8})[,}]|si_code=CLD_(?:KILLED|DUMPED))/;

/** The `-c` table's header, its rows and its total. */
const TABLE_HEADER_RE = /^% time +seconds +usecs\/call +calls +errors +syscall$/;
const TABLE_ROW_RE =
  /^ {0,2}(\d{1,3}\.\d\d) +\d{1,9}\.\d{6} +\d{1,12} +\d{1,12} +(\d{1,12} +)?([a-z_][a-z0-9_]{0,30})$/;

/** Of a `-c` row, the least share of the time that keeps it. */
const MIN_ROW_PERCENT = 1;

/** The lines of `visible` that are a strace's outline (none in any other log). */
export function straceOutline(visible: readonly string[]): number[] {
  const lines: number[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (text.length > 8000) continue;
    if (FAILURE_EXIT_RE.test(text) && (text.includes("+++") || text.includes("---") || text.includes("exit_group("))) {
      lines.push(i);
      continue;
    }
    const call = CALL_RE.exec(text);
    if (call === null) continue;
    const rest = text.slice(call[0].length);
    const path = PATH_ARG_RE.exec(rest);
    if (path === null) continue;
    const failed = FAILED_RE.exec(rest);
    const key = `${call[1]}\n${path[1]}\n${failed === null ? "" : failed[1]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(i);
  }
  return lines;
}

/** The rows of a strace `-c` table below {@link MIN_ROW_PERCENT} of the time and with no errors: detail. */
export function straceMinorRows(visible: readonly string[]): number[] {
  const rows: number[] = [];
  let inTable = false;
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (TABLE_HEADER_RE.test(text)) {
      inTable = true;
      continue;
    }
    if (!inTable) continue;
    const row = TABLE_ROW_RE.exec(text);
    if (row === null) {
      if (!text.startsWith("------")) inTable = false;
      continue;
    }
    if (row[3] === "total" || row[2] !== undefined || Number(row[1]) >= MIN_ROW_PERCENT) continue;
    rows.push(i);
  }
  return rows;
}

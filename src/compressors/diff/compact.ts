/**
 * A diff whose outline alone does not fit its budget, shown the way
 * `git log --oneline --stat` would: one line per commit (its `commit` line
 * as printed, then author and subject) and one per file (its `diff` line as
 * printed, then its +/- counts, hunk count and the lines of the original it
 * spans, so a recall by lines fetches exactly that file). Lines that are
 * neither (`Only in`, `Binary files … differ`, a diffstat's summary) stay
 * as they are. One marker names what went: the hunks, their files and
 * commits, with the +/- totals.
 *
 * Past the budget even in this form, each commit keeps as many of its file
 * lines as fit (the same number for every commit) and one line naming the
 * first and last of the rest, how many, their counts and lines; past that,
 * the commits themselves (or files, when there is no commit) are grouped:
 * the first and last that fit stay, and one marker in their place names the
 * first and the last grouped and how many there are — never a bare count.
 */
import type { OmissionPlace } from "../types.js";
import { isCommitLine, isDiffLine, type DiffFile, type ParsedDiff } from "./parse.js";
import type { DiffView } from "./view.js";

/** Header lines of a commit or an mbox message, whose values make its one line. */
const HEADER_FIELD_RE =
  /^(?:Author|AuthorDate|Commit|CommitDate|Date|Merge|From|Subject|Reply-To|To|Cc|Signed-off-by):/;
/** git's extended header lines, which a file's one line stands for. */
const EXTENDED_HEADERS = [
  "index ",
  "old mode ",
  "new mode ",
  "deleted file mode ",
  "new file mode ",
  "similarity index ",
  "dissimilarity index ",
  "rename from ",
  "rename to ",
  "copy from ",
  "copy to ",
];

/** One line of the compact outline. */
interface Item {
  text: string;
  /** What a group marker calls it: a short hash and the subject, or the file's path. */
  name: string;
  /** 0-based input line it stands for. */
  line: number;
  /** 1-based last line of the original it stands for (a file's last hunk line; else its own line). */
  end: number;
  isCommit: boolean;
  /** A file's +/- counts (0 for other lines). */
  plus: number;
  minus: number;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The one line of a commit. */
function commitItem(header: string, author: string, subject: string, line: number): Item {
  const parts = [header];
  if (author !== "") parts.push(author);
  if (subject !== "") parts.push(subject);
  const hash = header.split(" ")[1] ?? "";
  const short = subject.length > 44 ? `${subject.slice(0, 44)}…` : subject;
  return {
    text: parts.join(" — "),
    name: `${hash.slice(0, 12)} "${short}"`,
    line,
    end: line + 1,
    isCommit: true,
    plus: 0,
    minus: 0,
  };
}

/** The one line of a file: its header as printed, its counts and where it lies in the original. */
function fileItem(shown: string, file: DiffFile, parsed: ParsedDiff, line: number): Item {
  let text = `${shown} | +${file.plus} -${file.minus}`;
  let end = line + 1;
  if (file.hunkCount > 0) {
    end = parsed.hunks[file.firstHunk + file.hunkCount - 1].to;
    text += ` in ${count(file.hunkCount, "hunk", "hunks")}, L${file.line + 1}-${end}`;
  }
  const name = file.path === "" ? shown : file.path;
  return { text, name, line, end, isCommit: false, plus: file.plus, minus: file.minus };
}

/** The compact outline of `parsed` as items, in input order. */
function outlineItems(view: DiffView, parsed: ParsedDiff): Item[] {
  const items: Item[] = [];
  const fileAt = new Map<number, number>();
  for (let k = 0; k < parsed.files.length; k++) fileAt.set(parsed.files[k].line, k);
  let commit: { header: string; line: number; author: string; subject: string; inHeader: boolean } | null = null;
  const flush = (): void => {
    if (commit === null) return;
    items.push(commitItem(commit.header, commit.author, commit.subject, commit.line));
    commit = null;
  };
  const fileLine = (k: number, shown: string, line: number): void => {
    flush();
    items.push(fileItem(shown, parsed.files[k], parsed, line));
  };
  for (const s of parsed.spans) {
    if (s.kind === "hunk") {
      // A hunk with no file header: its file's one line stands where it starts.
      const h = parsed.hunks[s.hunk];
      const f = parsed.files[h.file];
      if (h.ordinal === 0 && f.line === h.header)
        fileLine(h.file, f.path === "" ? "(no file header)" : f.path, h.header);
      continue;
    }
    if (s.kind === "dashes") {
      const k = fileAt.get(s.from);
      if (k !== undefined) fileLine(k, view.plain(s.from + 1).trimEnd(), s.from);
      continue;
    }
    if (s.kind === "message") {
      for (let i = s.from; i < s.to && commit !== null && commit.subject === ""; i++)
        commit.subject = view.plain(i).trim();
      continue;
    }
    if (s.kind !== "keep") continue;
    for (let i = s.from; i < s.to; i++) {
      const v = view.plain(i);
      if (isCommitLine(v)) {
        flush();
        commit = { header: v.trimEnd(), line: i, author: "", subject: "", inHeader: true };
        continue;
      }
      if (commit?.inHeader) {
        if (v.trim() === "") commit.inHeader = false;
        else if (v.startsWith("Author:") || v.startsWith("From:")) commit.author = v.slice(v.indexOf(":") + 1).trim();
        else if (v.startsWith("Subject:")) commit.subject = v.slice(8).trim();
        else if ((v.startsWith(" ") || v.startsWith("\t")) && commit.subject !== "") commit.subject += ` ${v.trim()}`;
        else if (!HEADER_FIELD_RE.test(v)) commit.inHeader = false;
        if (commit.inHeader || v.trim() === "") continue;
      }
      const k = fileAt.get(i);
      if (k !== undefined && isDiffLine(v)) {
        fileLine(k, v.trimEnd(), i);
        continue;
      }
      if (v.trim() === "" || EXTENDED_HEADERS.some((p) => v.startsWith(p))) continue;
      flush();
      items.push({
        text: v.trimEnd(),
        name: v.trim().slice(0, 80),
        line: i,
        end: i + 1,
        isCommit: false,
        plus: 0,
        minus: 0,
      });
    }
  }
  flush();
  return items;
}

/** Renders `parsed` as its compact outline within `budget` characters (grouping items past it). */
export function renderCompact(
  view: DiffView,
  parsed: ParsedDiff,
  budget: number,
  marker: (summary: string, place?: OmissionPlace) => string,
): string {
  const items = outlineItems(view, parsed);
  const { hunks } = parsed;
  let plus = 0;
  let minus = 0;
  for (const f of parsed.files) {
    plus += f.plus;
    minus += f.minus;
  }
  const commits = items.filter((it) => it.isCommit).length;
  const where = commits > 0 ? ` of ${count(commits, "commit", "commits")}` : "";
  const omitted =
    hunks.length === 0
      ? null
      : marker(
          `${count(hunks.length, "hunk", "hunks")} of ${count(parsed.files.length, "file", "files")}${where} omitted (+${plus} -${minus}); each file line names its lines`,
          { lines: [[hunks[0].header, hunks[hunks.length - 1].to]] },
        );
  const room = budget - (omitted?.length ?? 0);
  const out = grouped(fewerFiles(items, room), room, view.lines.count, marker);
  if (omitted !== null) out.push(omitted);
  return out.join("\n") + "\n";
}

/**
 * The items, with each commit's file lines past the first `F` replaced by
 * one line naming the first and last of them, how many and their counts
 * and lines: the largest `F` that fits in `budget` (0 when none does), so
 * every commit line stays before any commit is grouped.
 */
function fewerFiles(items: Item[], budget: number): Item[] {
  let total = 0;
  for (const it of items) total += it.text.length + 1;
  if (total <= budget) return items;
  const groups: { commit: Item | null; rest: Item[] }[] = [];
  for (const it of items) {
    if (it.isCommit || groups.length === 0)
      groups.push({ commit: it.isCommit ? it : null, rest: it.isCommit ? [] : [it] });
    else groups[groups.length - 1].rest.push(it);
  }
  const summaryOf = (rest: Item[], from: number): Item => {
    let plus = 0;
    let minus = 0;
    for (let k = from; k < rest.length; k++) {
      plus += rest[k].plus;
      minus += rest[k].minus;
    }
    const first = rest[from];
    const last = rest[rest.length - 1];
    const n = rest.length - from;
    const text = `  … ${count(n, "more file", "more files")} (+${plus} -${minus}), from ${first.name} to ${last.name}, L${first.line + 1}-${last.end}`;
    return { text, name: text.trim(), line: first.line, end: last.end, isCommit: false, plus, minus };
  };
  const build = (f: number): Item[] => {
    const out: Item[] = [];
    for (const g of groups) {
      if (g.commit !== null) out.push(g.commit);
      for (let k = 0; k < Math.min(f, g.rest.length); k++) out.push(g.rest[k]);
      if (g.rest.length > f + 1) out.push(summaryOf(g.rest, f));
      else if (g.rest.length === f + 1) out.push(g.rest[f]);
    }
    return out;
  };
  const size = (list: Item[]): number => {
    let c = 0;
    for (const it of list) c += it.text.length + 1;
    return c;
  };
  let lo = 0;
  let hi = 0;
  for (const g of groups) hi = Math.max(hi, g.rest.length);
  if (size(build(0)) > budget) return build(0);
  while (hi > lo) {
    const mid = Math.ceil((lo + hi) / 2);
    if (size(build(mid)) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return build(lo);
}

/** The items' lines, the middle ones grouped under one marker when they do not fit in `budget`. */
function grouped(
  items: Item[],
  budget: number,
  lineCount: number,
  marker: (summary: string, place?: OmissionPlace) => string,
): string[] {
  let total = 0;
  for (const it of items) total += it.text.length + 1;
  if (total <= budget) return items.map((it) => it.text);
  // Groups: a commit with the lines after it, or each line when there is no commit.
  const hasCommits = items.some((it) => it.isCommit);
  const starts: number[] = [];
  items.forEach((it, k) => {
    if (it.isCommit || k === 0 || !hasCommits) starts.push(k);
  });
  starts.push(items.length);
  const cost = (g: number): number => {
    let c = 0;
    for (let k = starts[g]; k < starts[g + 1]; k++) c += items[k].text.length + 1;
    return c;
  };
  const nGroups = starts.length - 1;
  const room = Math.max(0, budget - 200);
  let head = 0;
  let spent = 0;
  while (head < nGroups && spent + cost(head) <= room / 2) spent += cost(head++);
  let tail = nGroups;
  while (tail > head && spent + cost(tail - 1) <= room) spent += cost(--tail);
  const out: string[] = [];
  for (let k = 0; k < starts[head]; k++) out.push(items[k].text);
  if (tail > head) {
    const first = items[starts[head]];
    const last = items[starts[tail - 1]];
    const what = first.isCommit ? ["commit", "commits"] : ["item", "items"];
    const n = tail - head;
    const endLine = tail < nGroups ? items[starts[tail]].line : lineCount;
    const summary =
      n === 1 ? `1 ${what[0]} omitted: ${first.name}` : `${n} ${what[1]} omitted, from ${first.name} to ${last.name}`;
    out.push(marker(summary, { lines: [[first.line, endLine]] }));
  }
  for (let k = starts[tail]; k < items.length; k++) out.push(items[k].text);
  return out;
}

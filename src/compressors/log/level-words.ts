/**
 * The words that give a log line its level, defined once: the severity scan
 * (levels.ts), the line-hint kernel's prefilter (line-hints.ts) and the
 * router's log detector (router/detectors.ts) all derive their patterns from
 * this table, so a word added here is seen by all three. The WASM hint kernel
 * (assembly/loghints.ts) keeps its own copy of the prefixes, checked against
 * {@link LEVEL_HINT_RE} by the differential tests.
 */

/** How severe a line is. */
export const Severity = { None: 0, Warning: 1, Error: 2 } as const;
export type Severity = (typeof Severity)[keyof typeof Severity];

/** A level word: its severity, its canonical name, and the spellings that count. */
export interface LevelWord {
  readonly lower: string;
  readonly severity: Severity;
  readonly canonical: string;
  /** `ERROR` standalone anywhere near the start counts. */
  readonly upper: boolean;
  /** `error` / `Error` counts where a level sits (see levels.ts isLowerLevelUse). */
  readonly lowercase: boolean;
  /**
   * The lowercase word is ordinary prose too ("a fatal flaw", "stack trace"),
   * so the router does not take it alone as a sign of a log.
   */
  readonly prose: boolean;
}

function word(
  lower: string,
  severity: Severity,
  canonical: string,
  spellings: { upper: boolean; lowercase: boolean; prose?: boolean },
): LevelWord {
  return {
    lower,
    severity,
    canonical,
    upper: spellings.upper,
    lowercase: spellings.lowercase,
    prose: !!spellings.prose,
  };
}

const BOTH = { upper: true, lowercase: true };
const BOTH_PROSE = { upper: true, lowercase: true, prose: true };
const UPPER_ONLY = { upper: true, lowercase: false };

/** Every level word, most common first (the scan compares by length and first letter). */
export const LEVEL_WORDS: readonly LevelWord[] = [
  word("error", Severity.Error, "ERROR", BOTH),
  word("err", Severity.Error, "ERROR", BOTH_PROSE),
  word("fatal", Severity.Error, "FATAL", BOTH_PROSE),
  word("panic", Severity.Error, "PANIC", BOTH_PROSE),
  word("critical", Severity.Error, "CRITICAL", BOTH_PROSE),
  word("crit", Severity.Error, "CRIT", UPPER_ONLY),
  word("severe", Severity.Error, "SEVERE", UPPER_ONLY),
  word("emerg", Severity.Error, "EMERG", UPPER_ONLY),
  word("alert", Severity.Error, "ALERT", UPPER_ONLY),
  word("failure", Severity.Error, "FAILURE", UPPER_ONLY),
  word("warn", Severity.Warning, "WARN", BOTH),
  word("warning", Severity.Warning, "WARN", BOTH_PROSE),
  word("info", Severity.None, "INFO", BOTH),
  word("debug", Severity.None, "DEBUG", BOTH),
  word("trace", Severity.None, "TRACE", BOTH_PROSE),
  word("notice", Severity.None, "NOTICE", BOTH_PROSE),
  word("verbose", Severity.None, "VERBOSE", BOTH),
  word("silly", Severity.None, "SILLY", BOTH),
  word("fine", Severity.None, "FINE", UPPER_ONLY),
  word("finer", Severity.None, "FINER", UPPER_ONLY),
  word("finest", Severity.None, "FINEST", UPPER_ONLY),
  // npm's level; a level only after a tool name (`npm http fetch …`), and not named in markers.
  word("http", Severity.None, "", { upper: false, lowercase: true }),
];

/** Package managers whose log lines put a lowercase level second (`npm http`, `yarn info`). */
export const LEVEL_TOOLS: readonly string[] = ["npm", "yarn", "pnpm", "gyp"];

/** Characters of a line scanned for a level word. */
export const LEVEL_SCAN = 120;
/** Characters of a line searched for anomaly words. */
export const ANOMALY_SCAN = 240;

/**
 * Words that mark an anomaly even on an INFO line ("disk quota exceeded").
 * One alternation of literals after a word boundary (lowercase or
 * capitalised, without the slower /i flag): linear, no backtracking.
 */
export const ANOMALY_WORDS =
  "\\b(?:[Ee]xceeded|[Dd]enied|[Rr]efused|[Tt]imed out|[Uu]nable to|[Cc]ould not|[Cc]ouldn't|[Cc]annot|[Ff]ailed|[Ff]ailure|[Nn]ot found|[Oo]ut of memory|[Uu]nreachable|[Cc]orrupt(?:ed)?|[Kk]illed|[Dd]eadlock|[Ss]egmentation fault|[Nn]o space left|[Uu]nhealthy|[Oo]verflow)";

/**
 * The shortest spellings that every scanned level word starts with (`err`
 * covers `error`, `warn` covers `warning`): a prefix match is all a
 * prefilter needs. `http` is left to the tool pattern of {@link LEVEL_HINT_RE}.
 */
function levelPrefixes(): string[] {
  const words = LEVEL_WORDS.filter((w) => w.upper).map((w) => w.lower);
  return words.filter((w) => !words.some((other) => other !== w && w.startsWith(other)));
}

/**
 * Matches wherever the word loop of levels.ts severityOf could find
 * something in a line's first {@link LEVEL_SCAN} characters: a level word at
 * a word start (a prefix of it is enough, so this is a superset), `npm
 * http`-style tool levels, and the `…Error`, `…Exception`, `…Warning`,
 * `Panic` class names. Linear: alternations of literals, one class that
 * cannot match `h`.
 */
export const LEVEL_HINT_RE = new RegExp(
  `\\b(?:${levelPrefixes().join("|")})|(?:${LEVEL_TOOLS.join("|")})[^a-z]+http|error|exception|warning|panic`,
  "i",
);

/**
 * The router's sign of a log line: an uppercase level word (`ERROR`, `WARN`),
 * or a lowercase one that loggers print and prose rarely uses, followed by a
 * space or a colon (`info:`, `verbose `). `timing` is npm's level for
 * durations: it carries no severity, so the table above does not hold it.
 */
export const LOG_LEVEL_WORD_RE = new RegExp(
  `\\b(?:${LEVEL_WORDS.filter((w) => w.upper)
    .map((w) => w.lower.toUpperCase())
    .join("|")})\\b|\\b(?:${[...LEVEL_WORDS.filter((w) => w.lowercase && !w.prose).map((w) => w.lower), "timing"].join(
    "|",
  )})\\b(?=[\\s:])`,
);

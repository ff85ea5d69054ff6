/**
 * The command line of `pithy`: flags, their values, and the positionals.
 *
 * Parsed here rather than by `node:util`'s `parseArgs`: its messages are
 * written for programmers (they suggest `-- "--bogus"` with an unbalanced
 * quote), its non-strict mode silently takes `--tool --json` as a tool named
 * `--json`, and Deno's copy of it need not word things the same. The rules
 * are the usual ones: `--name value` or `--name=value`, `--` ends the flags,
 * `-` alone is a positional (stdin).
 */

/** A flag: whether it takes a value, and what `--help` says about it. */
export interface FlagSpec {
  takesValue: boolean;
  /** Single-letter alias (`-h`). */
  short?: string;
}

/** Every flag any command knows. Which command accepts which is each command's list. */
export const FLAGS = {
  tool: { takesValue: true },
  filename: { takesValue: true },
  query: { takesValue: true },
  mode: { takesValue: true },
  profile: { takesValue: true },
  code: { takesValue: false },
  json: { takesValue: false },
  quiet: { takesValue: false },
  "store-dir": { takesValue: true },
  namespace: { takesValue: true },
  out: { takesValue: true },
  exact: { takesValue: false },
  runs: { takesValue: true },
  http: { takesValue: false },
  lines: { takesValue: true },
  grep: { takesValue: true },
  context: { takesValue: true },
  path: { takesValue: true },
  "anthropic-upstream": { takesValue: true },
  "openai-upstream": { takesValue: true },
  "max-recall-rounds": { takesValue: true },
  "max-body-mb": { takesValue: true },
  "upstream-timeout": { takesValue: true },
  host: { takesValue: true },
  port: { takesValue: true },
  help: { takesValue: false, short: "h" },
  version: { takesValue: false, short: "v" },
} as const satisfies Record<string, FlagSpec>;

/** A flag's name. */
export type FlagName = keyof typeof FLAGS;

/** Flags every command accepts. */
export const GLOBAL_FLAGS: readonly FlagName[] = ["help", "version"];

/** What the user typed, sorted out. */
export interface CommandLine {
  /** Values of the flags given: strings for flags with values, `true` for switches. */
  flags: Partial<Record<FlagName, string | true>>;
  positionals: string[];
}

/** A mistake in the command line: exit 2 with this message. */
export class UsageError extends Error {
  override name = "UsageError";
}

const byShort = new Map<string, FlagName>(
  Object.entries(FLAGS).flatMap(([name, spec]) =>
    "short" in spec ? [[spec.short as string, name as FlagName] as const] : [],
  ),
);

/** Splits `argv` into flags and positionals; throws {@link UsageError} for an unknown flag or a missing value. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const flags: CommandLine["flags"] = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    const isLong = arg.startsWith("--");
    const eq = isLong ? arg.indexOf("=") : -1;
    const written = eq === -1 ? arg : arg.slice(0, eq);
    const name = isLong ? written.slice(2) : byShort.get(written.slice(1));
    if (name === undefined || !Object.hasOwn(FLAGS, name)) throw unknownFlag(written);
    const flag = name as FlagName;
    if (!FLAGS[flag].takesValue) {
      if (eq !== -1) throw new UsageError(`option ${written} takes no value`);
      flags[flag] = true;
      continue;
    }
    let value: string;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith("-") && next !== "-")) {
        throw new UsageError(`option ${written} needs a value (write ${written}=VALUE for one that starts with "-")`);
      }
      value = next;
      i++;
    }
    flags[flag] = value;
  }
  return { flags, positionals };
}

/** Throws {@link UsageError} when a flag was given that `command` does not take. */
export function checkFlagsApply(line: CommandLine, command: string, accepted: readonly FlagName[]): void {
  for (const name of Object.keys(line.flags) as FlagName[]) {
    if (!accepted.includes(name) && !GLOBAL_FLAGS.includes(name)) {
      throw new UsageError(`option --${name} does not apply to 'pithy ${command}'`);
    }
  }
}

function unknownFlag(written: string): UsageError {
  const shown = JSON.stringify(written.slice(0, 60));
  const guess = written.startsWith("--") ? closestFlag(written.slice(2)) : undefined;
  return new UsageError(`unknown option ${shown}${guess === undefined ? "" : `; did you mean --${guess}?`}`);
}

/** The flag within two edits of `name`, if there is one. */
function closestFlag(name: string): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of Object.keys(FLAGS)) {
    const d = editDistance(name, candidate, bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `limit`) once it cannot be below it. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit || a.length > 64) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return Math.min(previous[b.length], limit);
}

import { isValidNamespace } from "./ccr/key.js";
import { PithyConfigError } from "./errors.js";
import type { Mode, Profile } from "./types.js";

/** The modes, for validation and help texts. */
export const MODES: readonly Mode[] = ["off", "lossless", "lossy"];
/** The profiles and the multiplier each applies to every compressor cap. */
export const PROFILE_SCALE: Readonly<Record<Profile, number>> = { conservative: 2, default: 1, aggressive: 0.5 };

/** Defaults of the gate. */
export const DEFAULT_MIN_TOKENS = 250;
export const DEFAULT_MAX_CHARS = 8 * 1024 * 1024;

/** Checks a mode name; throws {@link PithyConfigError} naming the allowed values. */
export function checkMode(value: unknown, option = "mode"): Mode {
  if (typeof value === "string" && (MODES as readonly string[]).includes(value)) return value as Mode;
  throw new PithyConfigError(option, `one of ${MODES.join(", ")}`, value);
}

/** Checks a profile name; throws {@link PithyConfigError} naming the allowed values. */
export function checkProfile(value: unknown, option = "profile"): Profile {
  if (typeof value === "string" && Object.hasOwn(PROFILE_SCALE, value)) return value as Profile;
  throw new PithyConfigError(option, `one of ${Object.keys(PROFILE_SCALE).join(", ")}`, value);
}

/** Checks a non-negative integer option. */
export function checkCount(value: unknown, option: string): number {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
  throw new PithyConfigError(option, "a non-negative integer", value);
}

/** The options `PITHY_*` environment variables set, for the CLI and Node entry points. */
export interface EnvOptions {
  mode?: Mode;
  profile?: Profile;
  minTokens?: number;
  maxChars?: number;
  excludeTools?: string[];
  reads?: "auto" | "verbatim";
  namespace?: string;
}

/** A count as people write it: decimal digits only (no sign, blank, exponent, `0x` or `_`). */
const DECIMAL_COUNT = /^[0-9]{1,15}$/;

/**
 * Reads a count from an environment variable, strictly: `Number()` would take
 * `" "` as 0, `0x10` as 16 and `1e3` as 1000, and report `abc` as NaN rather
 * than as what was written. The error echoes the value as given.
 */
function envCount(value: string, variable: string): number {
  if (!DECIMAL_COUNT.test(value))
    throw new PithyConfigError(variable, "a non-negative integer in decimal digits", value);
  return Number(value);
}

/**
 * Reads `PITHY_MODE`, `PITHY_PROFILE`, `PITHY_MIN_TOKENS`, `PITHY_MAX_CHARS`,
 * `PITHY_EXCLUDE_TOOLS` (comma-separated globs), `PITHY_READS` and
 * `PITHY_NAMESPACE`. An empty variable counts as unset; any other bad value
 * throws {@link PithyConfigError} naming the variable and echoing the value.
 * @example
 * const pithy = await createPithy({ ...optionsFromEnv(process.env), store });
 */
export function optionsFromEnv(env: Readonly<Record<string, string | undefined>>): EnvOptions {
  const out: EnvOptions = {};
  const set = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value === "" ? undefined : value;
  };
  const mode = set("PITHY_MODE");
  if (mode !== undefined) out.mode = checkMode(mode, "PITHY_MODE");
  const profile = set("PITHY_PROFILE");
  if (profile !== undefined) out.profile = checkProfile(profile, "PITHY_PROFILE");
  const minTokens = set("PITHY_MIN_TOKENS");
  if (minTokens !== undefined) out.minTokens = envCount(minTokens, "PITHY_MIN_TOKENS");
  const maxChars = set("PITHY_MAX_CHARS");
  if (maxChars !== undefined) out.maxChars = envCount(maxChars, "PITHY_MAX_CHARS");
  const excludeTools = set("PITHY_EXCLUDE_TOOLS");
  if (excludeTools !== undefined)
    out.excludeTools = excludeTools
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const reads = set("PITHY_READS");
  if (reads !== undefined) {
    if (reads !== "auto" && reads !== "verbatim") throw new PithyConfigError("PITHY_READS", "auto or verbatim", reads);
    out.reads = reads;
  }
  const namespace = set("PITHY_NAMESPACE");
  if (namespace !== undefined) {
    if (!isValidNamespace(namespace))
      throw new PithyConfigError("PITHY_NAMESPACE", "1 to 64 characters of a-z, 0-9, _ and -", namespace);
    out.namespace = namespace;
  }
  return out;
}

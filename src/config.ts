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
}

/**
 * Reads `PITHY_MODE`, `PITHY_PROFILE`, `PITHY_MIN_TOKENS`, `PITHY_MAX_CHARS`,
 * `PITHY_EXCLUDE_TOOLS` (comma-separated globs) and `PITHY_READS`. Bad values
 * throw {@link PithyConfigError} naming the variable.
 */
export function optionsFromEnv(env: Record<string, string | undefined>): EnvOptions {
  const out: EnvOptions = {};
  if (env.PITHY_MODE) out.mode = checkMode(env.PITHY_MODE, "PITHY_MODE");
  if (env.PITHY_PROFILE) out.profile = checkProfile(env.PITHY_PROFILE, "PITHY_PROFILE");
  if (env.PITHY_MIN_TOKENS) out.minTokens = checkCount(Number(env.PITHY_MIN_TOKENS), "PITHY_MIN_TOKENS");
  if (env.PITHY_MAX_CHARS) out.maxChars = checkCount(Number(env.PITHY_MAX_CHARS), "PITHY_MAX_CHARS");
  if (env.PITHY_EXCLUDE_TOOLS)
    out.excludeTools = env.PITHY_EXCLUDE_TOOLS.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (env.PITHY_READS) {
    if (env.PITHY_READS !== "auto" && env.PITHY_READS !== "verbatim") {
      throw new PithyConfigError("PITHY_READS", "auto or verbatim", env.PITHY_READS);
    }
    out.reads = env.PITHY_READS;
  }
  return out;
}

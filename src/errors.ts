/** Base class of every error pithy throws on purpose. */
export class PithyError extends Error {
  override name = "PithyError";
}

/**
 * Bad configuration given at construction: names the option and what it
 * allows. Content never causes this (compress fails open instead).
 */
export class PithyConfigError extends PithyError {
  override name = "PithyConfigError";
  constructor(
    readonly option: string,
    readonly allowed: string,
    received: unknown,
  ) {
    super(`pithy: option "${option}" must be ${allowed}; got ${describe(received)}`);
  }
}

/** A store refused an entry (too large for its per-entry cap, or unavailable). */
export class PithyStoreError extends PithyError {
  override name = "PithyStoreError";
  constructor(
    message: string,
    readonly code: "too_large" | "unavailable" | "invalid_key" | "failed",
    options?: ErrorOptions,
  ) {
    // `cause` keeps the backend's own error (errno, server reply) for whoever logs it.
    super(message, options);
  }
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value == null) return String(value);
  return typeof value;
}

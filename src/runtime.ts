/** The JavaScript runtime pithy is running in. */
export type Runtime = "node" | "deno" | "browser" | "worker" | "unknown";

/**
 * Tells which runtime this is, for the few places where behaviour must differ
 * (stores, the CLI) and for tests that must prove where they ran. Deno is
 * checked first because it also exposes `process` for Node compatibility.
 */
export function detectRuntime(): Runtime {
  const g = globalThis as Record<string, unknown>;
  if (typeof g.Deno === "object" && g.Deno !== null) return "deno";
  const proc = g.process as { versions?: { node?: string } } | undefined;
  if (proc?.versions?.node !== undefined && typeof g.window === "undefined") return "node";
  if (typeof g.window === "object" && typeof g.document === "object") return "browser";
  if (typeof g.importScripts === "function") return "worker";
  return "unknown";
}

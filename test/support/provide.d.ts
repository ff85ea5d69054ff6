import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The runtime the project that runs this file is meant to run in. */
    runtime: "node" | "deno" | "browser";
    /** fast-check seed to replay (CI), or null to draw a new one. */
    fcSeed: number | null;
  }
}

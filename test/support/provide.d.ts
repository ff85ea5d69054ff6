import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The runtime the project that runs this file is meant to run in. */
    runtime: "node" | "deno" | "browser";
  }
}

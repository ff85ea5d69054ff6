// Property tests explore new random inputs on every local run; under CI (or
// with PITHY_FC_SEED set) they replay one fixed seed, so a landing never
// depends on the luck of the draw. A failure prints its seed either way.
import fc from "fast-check";
import { inject } from "vitest";

const seed = inject("fcSeed");
if (typeof seed === "number") fc.configureGlobal({ seed });

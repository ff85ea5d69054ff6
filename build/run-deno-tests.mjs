// Runs the vitest suite with Deno as the runtime of vitest and of its workers,
// using the `deno` binary that the npm package of that name ships.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const denoBin = require.resolve("deno/bin.cjs");
const args = ["run", "-A", "node_modules/vitest/vitest.mjs", "run", "--project", "deno", ...process.argv.slice(2)];
const result = spawnSync(process.execPath, [denoBin, ...args], { stdio: "inherit" });
process.exit(result.status ?? 1);

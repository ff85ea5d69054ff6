// Runs the built `pithy` (dist/cli.js) as a real child process, inside a bash
// pipeline, so stdin and stdout are the pipes, files and devices a user's
// shell gives it, not an injected reader.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

/** The bundled CLI, built by `npm run build` (npm test builds it first). */
export const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
/** The corpus's 190 KB npm log. */
export const BIG_LOG = fileURLToPath(
  new URL("../../../shared/corpus/cases/log/lodash-npm-install-verbose.log", import.meta.url),
);

/** Whether these tests run inside Deno (then `process.execPath` is the deno binary). */
export const isDeno = typeof (globalThis as { Deno?: unknown }).Deno === "object";

const denoBin = isDeno ? null : createRequire(import.meta.url).resolve("deno/bin.cjs");

const runtimeHere = isDeno ? "deno" : "node";

/** The command line that runs the CLI in `runtime` (default: the runtime running the tests), quoted for sh. */
export function cliCommand(runtime: "node" | "deno" = runtimeHere): string {
  const parts =
    runtime === "node"
      ? [isDeno ? "node" : process.execPath, CLI]
      : isDeno
        ? [process.execPath, "run", "-A", CLI]
        : [process.execPath, denoBin!, "run", "-A", CLI];
  return parts.map(shellQuote).join(" ");
}

const launchers = new Map<string, string>();

/**
 * An executable that runs the CLI in `runtime` with its arguments: usable
 * as `$PITHY` anywhere a program name is (after `/usr/bin/time`, inside
 * `script -c`), whatever characters the paths hold.
 */
function launcher(runtime: "node" | "deno"): string {
  let file = launchers.get(runtime);
  if (file === undefined) {
    file = join(tempDir("pithy-launcher-"), "pithy");
    writeFileSync(file, `#!/bin/sh\nexec ${cliCommand(runtime)} "$@"\n`, { mode: 0o755 });
    launchers.set(runtime, file);
  }
  return file;
}

/** What a shell pipeline did. */
export interface ShellRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs `script` in bash with `$PITHY` set to the CLI's command line; stdin is
 * `/dev/null` unless the script redirects it. The exit code is the script's
 * (its last command's, so a test of one stage of a pipeline echoes
 * `${PIPESTATUS[…]}`).
 */
export function sh(
  script: string,
  options: { cwd?: string; env?: Record<string, string>; runtime?: "node" | "deno"; timeoutMs?: number } = {},
): Promise<ShellRun> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  const env = { ...process.env, ...options.env, PITHY: launcher(options.runtime ?? runtimeHere) } as Record<
    string,
    string
  >;
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], {
      cwd: options.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => {
      err += b.toString("utf8");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: err });
    });
  });
}

/** Single-quotes a word for bash. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Temp directories made by {@link tempDir}, removed by {@link removeTempDirs}. */
const made: string[] = [];

/** A fresh temp directory. */
export function tempDir(prefix = "pithy-cli-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every directory {@link tempDir} made. */
export function removeTempDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
  launchers.clear();
}

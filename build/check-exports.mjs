// Checks the package as npm would publish it, not the working tree: packs it,
// lints the tarball with publint and @arethetypeswrong/cli (ESM-only profile),
// then installs it into a scratch project where it type-checks an import of
// every subpath and test/types/sdk-fit.ts against the real SDKs, imports
// every subpath at run time, and runs the `pithy` bin. Run after `npm run
// build` (npm test does); exits non-zero on the first problem.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const subpaths = Object.keys(pkg.exports).filter((s) => s !== "./package.json");
const specifiers = subpaths.map((s) => (s === "." ? pkg.name : `${pkg.name}/${s.slice(2)}`));
// What a consumer of every subpath has installed next to pithy-ai: its optional peers and the SDKs of the type test.
const consumerPackages = [...Object.keys(pkg.peerDependencies), "openai", "@anthropic-ai/sdk", "@types/node"];

const scratch = mkdtempSync(join(tmpdir(), "pithy-check-exports-"));
const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", ...options });
const step = (what) => console.log(`check:exports: ${what}`);
/** Runs a linter quietly: its report is printed only when it fails. */
const lint = (args) => {
  try {
    execFileSync(process.execPath, args, { cwd: root, stdio: "pipe", encoding: "utf8" });
  } catch (error) {
    process.stdout.write(String(error.stdout ?? ""));
    process.stderr.write(String(error.stderr ?? ""));
    throw new Error(`${args[0].split("node_modules/")[1]} failed`);
  }
};

try {
  step("npm pack");
  run("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", scratch]);
  const tarball = join(
    scratch,
    readdirSync(scratch).find((f) => f.endsWith(".tgz")),
  );

  step("publint (warnings are errors)");
  lint([join(root, "node_modules/publint/src/cli.js"), "run", tarball, "--strict"]);

  step("@arethetypeswrong/cli --profile esm-only");
  lint([
    join(root, "node_modules/@arethetypeswrong/cli/dist/index.js"),
    tarball,
    "--profile",
    "esm-only",
    "--no-definitely-typed",
  ]);

  step(`install ${tarball.split("/").pop()} into a scratch project`);
  const project = join(scratch, "consumer");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--silent", tarball], {
    cwd: project,
  });
  // After the install (npm would prune them otherwise): the consumer's own packages, from this checkout.
  for (const name of consumerPackages) {
    const target = join(project, "node_modules", name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(root, "node_modules", name), target, "dir");
  }

  step(`type-check every subpath (${specifiers.length}) and test/types/sdk-fit.ts as a consumer (nodenext)`);
  const imports = specifiers.map((s, i) => `import * as entry${i} from "${s}";`).join("\n");
  const uses = `export const entries = [${specifiers.map((_, i) => `entry${i}`).join(", ")}];`;
  writeFileSync(join(project, "subpaths.ts"), `${imports}\n${uses}\n`);
  writeFileSync(join(project, "sdk-fit.ts"), readFileSync(join(root, "test/types/sdk-fit.ts"), "utf8"));
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noEmit: true,
        types: ["node"],
        lib: ["ES2022", "DOM"],
        // Errors inside .d.ts files are the repository's tsc's and attw's to find; checking every
        // SDK's declarations here too takes a minute on a busy machine.
        skipLibCheck: true,
      },
      files: ["subpaths.ts", "sdk-fit.ts"],
    }),
  );
  run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", project], { stdio: "inherit" });

  step("import every subpath at run time");
  const load = `${specifiers.map((s) => `await import(${JSON.stringify(s)});`).join("\n")}
const { createPithy } = await import(${JSON.stringify(pkg.name)});
const r = await (await createPithy()).compress("x".repeat(10));
if (r.output !== "x".repeat(10)) throw new Error("compress changed a short input");`;
  run(process.execPath, ["--input-type=module", "-e", load], { cwd: project });

  step("run the pithy bin");
  const version = run(join(project, "node_modules/.bin/pithy"), ["--version"], { cwd: project }).trim();
  if (version !== `pithy ${pkg.version}`) throw new Error(`pithy --version printed ${JSON.stringify(version)}`);

  step("all good");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

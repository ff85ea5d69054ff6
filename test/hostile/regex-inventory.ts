// Every regular expression pithy's sources can run: the literals, found by
// parsing src/**/*.ts with the TypeScript compiler (a regex that looks for
// regex literals misreads division and comments), and the ones built with
// `new RegExp(…)`, caught at run time by a RegExp stand-in installed before
// the modules load. A new pattern anywhere in src/ is thereby checked without
// anyone listing it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** One pattern and where it was seen. */
export interface FoundRegex {
  source: string;
  flags: string;
  /** `src/…/file.ts:line` for a literal, `new RegExp` with the loading module otherwise. */
  where: string;
}

const ROOT = join(import.meta.dirname, "..", "..");

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The TypeScript files of src/, relative to the repository root. */
export function srcFiles(): string[] {
  return sourceFiles(join(ROOT, "src"))
    .map((p) => relative(ROOT, p))
    .sort();
}

/** Every regex literal in src/. */
export function regexLiterals(): FoundRegex[] {
  const found: FoundRegex[] = [];
  for (const file of srcFiles()) {
    const text = readFileSync(join(ROOT, file), "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sf);
        const end = literal.lastIndexOf("/");
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        found.push({ source: literal.slice(1, end), flags: literal.slice(end + 1), where: `${file}:${line}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

/**
 * Installs a RegExp stand-in that records every `new RegExp(…)` and `RegExp(…)`
 * call; returns the list it fills and a function that puts RegExp back.
 * Instances stay real RegExps (`instanceof`, `Symbol.split`… unchanged).
 */
export function recordConstructed(): { seen: FoundRegex[]; restore: () => void } {
  const original = globalThis.RegExp;
  const seen: FoundRegex[] = [];
  const record = (args: unknown[]): void => {
    const [pattern, flags] = args;
    const source = pattern instanceof original ? pattern.source : String(pattern);
    const f = flags === undefined ? (pattern instanceof original ? pattern.flags : "") : String(flags);
    seen.push({ source, flags: f, where: "new RegExp" });
  };
  globalThis.RegExp = new Proxy(original, {
    construct(target, args, newTarget) {
      record(args);
      return Reflect.construct(target, args, newTarget === globalThis.RegExp ? target : newTarget);
    },
    apply(target, self, args) {
      record(args);
      return Reflect.apply(target, self, args);
    },
  });
  return {
    seen,
    restore: () => {
      globalThis.RegExp = original;
    },
  };
}

/** Unique by source and flags, keeping the first place each was seen. */
export function unique(list: FoundRegex[]): FoundRegex[] {
  const byKey = new Map<string, FoundRegex>();
  for (const r of list) {
    const key = `${r.flags}/${r.source}`;
    if (!byKey.has(key)) byKey.set(key, r);
  }
  return [...byKey.values()];
}

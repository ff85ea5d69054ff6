/**
 * `python -v`: the interpreter's account of every import (`import 'json' #
 * <…SourceFileLoader…>`) and of its shutdown, with comments between them:
 * `# code object from '…'`, `# /x/__pycache__/y.pyc matches /x/y.py`,
 * `# extension module '_json' loaded from '…'`, `# destroy json`,
 * `# cleanup[2] removing re`, `# clear sys.path`, `# restore sys.stdin`,
 * `# installing zipimport hook`. They open like tape's `# test name`
 * comments, which are a TAP log's outline; these are routine records,
 * counted by their templates like the imports they detail.
 */
const PYTHON_VERBOSE_RE =
  /^# (?:code object from '|\/\S{1,400}\.pyc matches \/|extension module '[\w.]{1,200}' (?:loaded|executed) from '|(?:destroy|clear|restore) [\w.]{1,200}(?: hooks)?$|cleanup\[\d{1,2}\] (?:removing|wiping) [\w.]{1,200}$|install(?:ing|ed) zipimport hook$)/;

/** Whether `text` is one of `python -v`'s comments on its imports. */
export function isPythonVerboseComment(text: string): boolean {
  return text.charCodeAt(0) === 35 /* # */ && PYTHON_VERBOSE_RE.test(text);
}

/** An import `python -v` reports: `import 'json' # <…>`, `import _imp # builtin`. */
const IMPORT_RE = /^import (?:'[\w.]{1,200}'|[\w.]{1,200}) # /;
const EXTENSION_LOADED_RE = /^# extension module '[\w.]{1,200}' loaded from '/;

/**
 * The outline of a `python -v` run: every module it imported, by its
 * `import` line (which module, which loader), and where each extension
 * module's shared object was loaded from (a native module's file is what an
 * ABI or path problem is about). Up to `cap` of them; a run importing more is
 * an application's start-up, counted by its templates past the first `cap`.
 */
export function pythonImports(visible: readonly string[], cap: number): number[] {
  const lines: number[] = [];
  for (let i = 0; i < visible.length && lines.length < cap; i++) {
    const text = visible[i];
    const c = text.charCodeAt(0);
    if ((c === 105 /* i */ && IMPORT_RE.test(text)) || (c === 35 && EXTENSION_LOADED_RE.test(text))) lines.push(i);
  }
  return lines;
}

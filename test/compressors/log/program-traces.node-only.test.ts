import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { classLoadOutline } from "../../../src/compressors/log/class-loads.js";
import { includeSearch } from "../../../src/compressors/log/gcc-verbose.js";
import { lddOutline, loaderOutline } from "../../../src/compressors/log/loader-debug.js";
import { fetchEvents } from "../../../src/compressors/log/npm-notice.js";
import { pythonImports } from "../../../src/compressors/log/python-verbose.js";
import { straceMinorRows, straceOutline } from "../../../src/compressors/log/strace-calls.js";
import { salientLines } from "../../../src/fidelity/salient.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Real captures (2026-12-07, this VM): OpenJDK 17 `java -verbose:class` of a small app and of one
// whose jar'd parser throws; glibc 2.36 `LD_DEBUG=libs,versions` of git and redis-cli; `ldd -v` of
// git and psql; strace 6.1 `-c -f` of python3 (via pyenv's shim) and of git log, `-f -e trace=file`
// of node requiring ms; `NODE_DEBUG=module,fs node`; `python3 -m trace --trace` of a script that
// fails; `gcc -v -c` of zlib's gzappend.c and `g++ -v -fsyntax-only`; npm 11 `install --offline
// --loglevel silly` with one package not in the cache, and a `--dry-run` one; CPython 3.11.7
// `python3 -v -c 'import sqlite3'` and `-c 'import json, csv; …'`.
const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const lines = (text: string): string[] => text.split("\n");
const found = (text: string, outline: (visible: readonly string[]) => number[]): string[] => {
  const all = lines(text);
  return outline(all).map((i) => all[i]);
};

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

const traces = {
  classApp: fixture("java-verbose-class-app.txt"),
  classJar: fixture("java-verbose-class-jar-exception.txt"),
  loaderGit: fixture("ld-debug-libs-git.txt"),
  loaderRedis: fixture("ld-debug-libs-redis-cli.txt"),
  lddGit: fixture("ldd-v-git.txt"),
  lddPsql: fixture("ldd-v-psql.txt"),
  straceCPython: fixture("strace-c-python-import.txt"),
  straceCGit: fixture("strace-c-git-log.txt"),
  straceFile: fixture("strace-f-file-node.txt"),
  nodeDebug: fixture("node-debug-module-fs.txt"),
  pythonTrace: fixture("python-trace-vowels.txt"),
  gccV: fixture("gcc-v-gzappend.txt"),
  gxxV: fixture("gxx-v-syntax-only.txt"),
  pythonVSqlite: fixture("python-v-import-sqlite3.txt"),
  pythonVJson: fixture("python-v-import-json-csv.txt"),
};

describe("program traces", () => {
  it("route as a log, not as the JSON, table or prose they open like", () => {
    for (const [name, text] of Object.entries(traces)) expect(detect(text).type, name).toBe("log");
  });

  it("leave a variables dump to its own route: gcc -v's `COLLECT_GCC=` is no pattern for any `NAME=value`", () => {
    // dpkg-architecture's 33 `DEB_*=value` lines (dpkg 1.21.22, this VM): every line is a fact, as
    // in an `env` listing, and a log's templates would show one line per shape of them.
    const vars = fixture("dpkg-architecture-vars.txt");
    expect(detect(vars).type).not.toBe("log");
    expect(detect(`${vars}${vars.replaceAll("DEB_", "X_DEB_")}`).type).not.toBe("log");
  });

  it("leave `grep -n` over tab-indented source to the search route: the loader pads its pid, grep does not", () => {
    // `grep -n -P '^\t' /usr/include/aio.h` (glibc 2.36's header): `95:\t\t\t\t   terminates.  */`.
    expect(detect(fixture("grep-n-tab-indented-aio-h.txt")).type).toBe("search");
  });

  it("keep each class source's first class and every class of the application's class path", () => {
    const app = found(traces.classApp, classLoadOutline);
    expect(app).toContain("[0.013s][info][class,load] java.lang.Object source: shared objects file");
    expect(app).toContain("[0.033s][info][class,load] sun.nio.cs.UTF_8$Encoder source: jrt:/java.base");
    expect(app).toContain("[0.058s][info][class,load] App$Circle source: file:/tmp/h6cap/java/");
    expect(app).toContain("[0.110s][info][class,load] App$Point source: file:/tmp/h6cap/java/");
    expect(app.length).toBeLessThan(15);
    const out = compress(traces.classJar);
    expect(out.length).toBeLessThan(traces.classJar.length / 10);
    for (const line of [
      "[0.056s][info][class,load] Main source: file:/tmp/h6cap/java/mainout/",
      "[0.057s][info][class,load] com.example.Parser source: file:/tmp/h6cap/java/parser.jar",
      'java.lang.NumberFormatException: For input string: "x42"',
      "\tat Main.main(Main.java:5)",
    ]) {
      expect(out).toContain(line);
    }
  });

  it("keep the loader's search, find, init and fini per library and the program's own version needs", () => {
    const redis = found(traces.loaderRedis, loaderOutline);
    expect(redis).toContain("     22387:\tfind library=libssl.so.3 [0]; searching");
    expect(redis).toContain("     22387:\t  trying file=/lib/x86_64-linux-gnu/libjemalloc.so.2");
    expect(redis).toContain(
      "     22387:\tchecking for version `GLIBC_2.29' in file /lib/x86_64-linux-gnu/libm.so.6 [0] required by file redis-cli [0]",
    );
    expect(redis).toContain("     22387:\tcalling fini: /lib64/ld-linux-x86-64.so.2 [0]");
    // A library's second need of the same library is its detail.
    expect(redis).not.toContain(
      "     22387:\tchecking for version `GLIBC_2.14' in file /lib/x86_64-linux-gnu/libc.so.6 [0] required by file /lib/x86_64-linux-gnu/libjemalloc.so.2 [0]",
    );
    const out = compress(traces.loaderGit);
    for (const line of [
      "find library=libz.so.1 [0]; searching",
      "calling init: /lib/x86_64-linux-gnu/libpcre2-8.so.0",
    ]) {
      expect(out).toContain(line);
    }
  });

  it("keep ldd's libraries, every object of its version section and each object's first need per library", () => {
    const git = found(traces.lddGit, lddOutline);
    expect(git).toContain("\t/lib/x86_64-linux-gnu/libpcre2-8.so.0:");
    expect(git).toContain("\t\tlibz.so.1 (ZLIB_1.2.2) => /lib/x86_64-linux-gnu/libz.so.1");
    expect(git).not.toContain("\t\tlibz.so.1 (ZLIB_1.2.0) => /lib/x86_64-linux-gnu/libz.so.1");
    const out = compress(traces.lddPsql);
    expect(out.length).toBeLessThan(traces.lddPsql.length * 0.6);
    for (const line of [
      "\tlibffi.so.8 => /lib/x86_64-linux-gnu/libffi.so.8 (0x00007f8596621000)",
      "\tVersion information:",
      "\t/lib/x86_64-linux-gnu/libpq.so.5:",
      "\t\tlibldap-2.5.so.0 (OPENLDAP_2.5) => /lib/x86_64-linux-gnu/libldap-2.5.so.0",
    ]) {
      expect(out).toContain(line);
    }
  });

  it("keep strace's first call per file and failure, and every failed exit", () => {
    const file = found(traces.straceFile, straceOutline);
    expect(file).toContain(
      '15126 openat(AT_FDCWD, "/tmp/h6cap/package.json", O_RDONLY|O_CLOEXEC) = -1 ENOENT (No such file or directory)',
    );
    expect(file).toContain('15126 openat(AT_FDCWD, "/work/main/node_modules/ms/index.js", O_RDONLY|O_CLOEXEC) = 18');
    expect(file.filter((l) => l.includes('newfstatat(3, ""'))).toHaveLength(1);
  });

  it("keep strace -c's header, its rows of 1 % or with errors and its total; the other rows go", () => {
    for (const text of [traces.straceCPython, traces.straceCGit]) {
      const all = lines(text);
      const minor = straceMinorRows(all).map((i) => all[i]);
      expect(minor.length).toBeGreaterThan(5);
      for (const row of minor) expect(Number(row.trim().split(/ +/)[0])).toBeLessThan(1);
      const out = compress(text);
      expect(out).toContain("% time     seconds  usecs/call     calls    errors syscall");
      expect(out).toMatch(/^100\.00 .* total$/m);
    }
    const out = compress(traces.straceCPython);
    expect(out).toContain(" 79.93    0.108716        1358        80        40 wait4");
    expect(out).toContain("  0.25    0.000334           2       147       147 ioctl");
    expect(out).not.toContain("  0.04    0.000057           3        16           getpgrp");
  });

  it("keep gcc -v's include search whole", () => {
    for (const text of [traces.gccV, traces.gxxV]) {
      const search = found(text, includeSearch);
      expect(search).toContain("#include <...> search starts here:");
      expect(search).toContain(" /usr/include/x86_64-linux-gnu");
      expect(search).toContain("End of search list.");
      expect(search.some((l) => l.startsWith('ignoring nonexistent directory "/usr/local/include'))).toBe(true);
    }
  });

  it("keep each fetch of a short npm install, and none of a long one's beyond its failures", () => {
    for (const name of ["npm-install-offline-silly.txt", "npm-install-offline-dry-run-silly.txt"]) {
      const text = fixture(name);
      const fetches = text.split("\n").filter((l) => l.startsWith("npm http fetch "));
      expect(found(text, (v) => fetchEvents(v, 10))).toEqual(fetches);
      expect(found(text, (v) => fetchEvents(v, 1))).toEqual([]);
    }
  });

  it("compress a NODE_DEBUG module log and a Python trace by their event kinds, keeping the failure", () => {
    const debug = compress(traces.nodeDebug);
    expect(debug.length).toBeLessThan(traces.nodeDebug.length / 10);
    expect(debug).toContain("MODULE_NOT_FOUND");
    const trace = compress(traces.pythonTrace);
    expect(trace).toContain("ValueError: max() arg is an empty sequence");
    expect(trace).toContain(" --- modulename: vowels, funcname: report");
  });

  it("read python -v's comments as routine records, not headings, and keep every import", () => {
    for (const text of [traces.pythonVSqlite, traces.pythonVJson]) {
      expect(salientLines(text).filter((l) => l.kind === "heading")).toEqual([]);
      const imports = found(text, (v) => pythonImports(v, 300));
      expect(imports.length).toBeGreaterThan(50);
      expect(imports).toContain("import 'site' # <class '_frozen_importlib.FrozenImporter'>");
      const out = compress(text);
      expect(out.length).toBeLessThan(text.length / 2);
      for (const line of imports) expect(out).toContain(line);
      expect(out).toContain("# clear sys.audit hooks");
    }
    expect(compress(traces.pythonVJson)).toContain(
      "# extension module '_csv' loaded from '/root/.pyenv/versions/3.11.7/lib/python3.11/lib-dynload/_csv.cpython-311-x86_64-linux-gnu.so'",
    );
    expect(compress(traces.pythonVSqlite)).toContain("import 'sqlite3' #");
  });
});

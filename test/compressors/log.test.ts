import { describe, expect, it } from "vitest";
import { logCompressor } from "../../src/compressors/log.js";
import type { CompressorInput } from "../../src/compressors/types.js";
import { formatMarker, parseMarkers } from "../../src/ccr/marker.js";
import { compressorInput } from "../support/compressor-input.js";

const _KEY = "0".repeat(32);

function input(text: string, extra: Partial<CompressorInput> = {}): CompressorInput {
  return compressorInput(text, { type: "log", ...extra });
}

function compress(text: string, extra: Partial<CompressorInput> = {}): string {
  const result = logCompressor.compress(input(text, extra));
  return result === null ? text : result.output;
}

function markers(output: string): string[] {
  return parseMarkers(output).map((m) => m.summary);
}

/** `count` routine lines of a few templates, with varying numbers, ids and paths. */
function routine(count: number, start = 0): string[] {
  const out: string[] = [];
  for (let k = start; k < start + count; k++) {
    const ts = `2024-05-01T10:${String(Math.floor(k / 60) % 60).padStart(2, "0")}:${String(k % 60).padStart(2, "0")}Z`;
    if (k % 3 === 0) out.push(`${ts} INFO worker-${k % 7} processed job ${1000 + k} in ${(k * 7) % 90}ms`);
    else if (k % 3 === 1)
      out.push(`${ts} INFO GET /api/items/${k} 200 ${(k * 13) % 70}ms from 10.0.${k % 9}.${k % 200}`);
    else out.push(`${ts} DEBUG cache hit key=user:${k} size=${(k * 31) % 4096}`);
  }
  return out;
}

function tokensOf(text: string): number {
  // Rough size check for "much smaller": words and punctuation runs.
  return text.split(/\s+/).filter((w) => w.length > 0).length;
}

describe("log compressor: templates", () => {
  it("keeps a single distinct event among 2 000 routine lines", () => {
    const lines = routine(2000);
    lines.splice(1234, 0, "2024-05-01T10:20:34Z INFO disk quota exceeded for uid 1003");
    const text = lines.join("\n") + "\n";
    const out = compress(text);
    expect(out).toContain("2024-05-01T10:20:34Z INFO disk quota exceeded for uid 1003\n");
    expect(tokensOf(out)).toBeLessThan(tokensOf(text) / 10);
  });

  it("keeps the first line of every template, even one without any alarming word", () => {
    const lines = routine(1500);
    lines.splice(900, 0, "2024-05-01T10:15:00Z INFO scheduler rebalanced shard 12 onto node-b");
    const out = compress(lines.join("\n"));
    expect(out).toContain("scheduler rebalanced shard 12 onto node-b");
    for (const first of lines.slice(0, 3)) expect(out).toContain(first);
  });

  it("collapses a template across the whole log, not only adjacent runs", () => {
    const lines: string[] = [];
    for (let k = 0; k < 60; k++) {
      lines.push(`npm http fetch GET 200 https://registry.npmjs.org/pkg-${k} ${k + 3}ms (cache hit)`);
      lines.push(`npm http cache pkg-${k}@https://registry.npmjs.org/pkg-${k}/-/pkg-${k}-1.0.${k}.tgz 0ms (cache hit)`);
    }
    const out = compress(lines.join("\n") + "\n");
    const kept = out.split("\n").filter((l) => l.startsWith("npm http"));
    // The first and the last line of each template (where its run stopped; the log's last line too).
    expect(kept).toEqual([lines[0], lines[1], lines[lines.length - 2], lines[lines.length - 1]]);
  });

  it("says in the marker how many lines were like which template", () => {
    const lines = Array.from(
      { length: 42 },
      (_, k) => `npm http fetch GET 200 https://registry.npmjs.org/p${k} ${k + 10}ms`,
    );
    const out = compress(lines.join("\n") + "\n");
    expect(markers(out)).toEqual(["40 lines like `npm http fetch GET 200 <url> <n>ms`"]);
  });

  it("names the level when every omitted line shares one", () => {
    const lines = Array.from(
      { length: 50 },
      (_, k) => `[2024-05-01 10:00:${String(k).padStart(2, "0")}] INFO request ${k} served in ${k}ms`,
    );
    const out = compress(lines.join("\n"));
    expect(markers(out)[0]).toMatch(/^48 INFO lines like `/);
  });

  it("merges adjacent omitted lines of different kinds into one marker", () => {
    const lines = [...routine(300), "2024-05-01T11:00:00Z ERROR upstream timed out", ...routine(300, 300)];
    const out = compress(lines.join("\n"));
    // One run before the error's context, one after: never one marker per template.
    expect(markers(out).length).toBeLessThanOrEqual(2);
  });
});

describe("log compressor: errors and warnings", () => {
  it("keeps every error line with two lines of context on each side", () => {
    const lines = routine(200);
    lines.splice(100, 0, "2024-05-01T10:01:40Z ERROR payment service returned 503 for order 88121");
    const out = compress(lines.join("\n"));
    for (let k = 98; k <= 102; k++) expect(out).toContain(lines[k]);
  });

  it("detects levels through ANSI colour codes", () => {
    const lines = routine(200);
    const red = "\u001b[31mERROR\u001b[39m \u001b[1mbroker connection lost\u001b[22m";
    lines.splice(150, 0, red);
    const out = compress(lines.join("\n"));
    expect(out).toContain(red);
  });

  it("counts repeats of the very same error after the first three, and shows the last", () => {
    const lines = routine(60);
    for (let k = 0; k < 10; k++)
      lines.push(`2024-05-01T11:00:0${k}Z ERROR connection reset by peer (attempt ${k + 1})`);
    lines.push(...routine(60, 60));
    const out = compress(lines.join("\n"));
    expect(out).toContain("(attempt 3)");
    expect(out).not.toContain("(attempt 4)");
    expect(out).toContain("(attempt 10)");
    expect(markers(out).join(" ")).toContain("6 repeated errors like `<ts> ERROR connection reset by peer");
  });

  it("keeps one warning per category head and every distinct category", () => {
    const lines = routine(50);
    for (let k = 0; k < 20; k++) lines.push(`warning: unused variable: \`x${k}\``);
    lines.push("warning: unused import: `std::fmt`");
    lines.push(...routine(50, 50));
    const out = compress(lines.join("\n"));
    expect(out).toContain("warning: unused variable: `x0`");
    expect(out).not.toContain("warning: unused variable: `x1`");
    expect(out).toContain("warning: unused import: `std::fmt`");
  });

  it("keeps npm ERR! lines", () => {
    const lines = routine(100);
    lines.push(
      "npm ERR! code ERESOLVE",
      "npm ERR! ERESOLVE unable to resolve dependency tree",
      "npm ERR! Found: react@17.0.2",
    );
    const out = compress(lines.join("\n"));
    for (const l of lines.slice(-3)) expect(out).toContain(l);
  });

  it("keeps 4xx and 5xx access-log records", () => {
    const lines = Array.from(
      { length: 200 },
      (_, k) =>
        `10.0.0.${k % 250} - - [18/May/2015:02:05:${String(k % 60).padStart(2, "0")} +0000] "GET /page/${k} HTTP/1.1" 200 ${500 + k} "-" "curl/8.${k % 9}"`,
    );
    lines[77] = `10.0.0.9 - - [18/May/2015:02:06:00 +0000] "GET /wp-admin/ HTTP/1.1" 404 289 "-" "-"`;
    lines[150] = `10.0.0.9 - - [18/May/2015:02:07:00 +0000] "GET /misc/Title.php.txt HTTP/1.1" 500 - "-" "-"`;
    const out = compress(lines.join("\n"));
    expect(out).toContain(lines[77]);
    expect(out).toContain(lines[150]);
  });
});

describe("log compressor: stack traces", () => {
  const python = [
    "Traceback (most recent call last):",
    '  File "/srv/app/db.py", line 41, in connect',
    "    sock.connect(addr)",
    "ConnectionRefusedError: [Errno 111] Connection refused",
    "",
    "During handling of the above exception, another exception occurred:",
    "",
    "Traceback (most recent call last):",
    '  File "/srv/app/main.py", line 9, in <module>',
    "    db.connect()",
    '  File "/srv/app/db.py", line 44, in connect',
    "    raise DatabaseDown(addr) from err",
    "app.errors.DatabaseDown: 127.0.0.1:5432",
  ];

  it("keeps a Python traceback whole across the blank lines of a chained exception", () => {
    const out = compress([...routine(100), ...python, ...routine(100, 100)].join("\n"));
    expect(out).toContain(python.join("\n"));
  });

  it("keeps a Java trace with Caused by and ... N more", () => {
    const java = [
      'Exception in thread "main" java.lang.IllegalStateException: pool closed',
      "\tat com.acme.pool.Pool.acquire(Pool.java:88)",
      "\tat com.acme.Main.main(Main.java:12)",
      "Caused by: java.io.IOException: socket closed",
      "\tat com.acme.net.Socket.read(Socket.java:301)",
      "\t... 12 more",
    ];
    const out = compress([...routine(100), ...java, ...routine(100, 100)].join("\n"));
    expect(out).toContain(java.join("\n"));
  });

  it("keeps a Java trace across a single blank line before Caused by", () => {
    const java = [
      "java.lang.RuntimeException: wrapped",
      "\tat com.acme.A.run(A.java:10)",
      "",
      "Caused by: java.lang.NullPointerException",
      "\tat com.acme.B.call(B.java:20)",
    ];
    const out = compress([...routine(100), ...java, ...routine(100, 100)].join("\n"));
    expect(out).toContain(java.join("\n"));
  });

  it("keeps a Node stack and the error object printed after it", () => {
    const node = [
      "TypeError: Cannot read properties of undefined (reading 'id')",
      "    at handler (/srv/app/routes/user.js:14:22)",
      "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5) {",
      "  code: 'ERR_USER',",
      "  status: 500",
      "}",
    ];
    const out = compress([...routine(100), ...node, ...routine(100, 100)].join("\n"));
    expect(out).toContain(node.join("\n"));
  });

  it("keeps a Go panic and its goroutine dump", () => {
    const go = [
      "panic: runtime error: invalid memory address or nil pointer dereference",
      "[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x654c72]",
      "",
      "goroutine 1 [running]:",
      "main.(*Server).handle(0x0, 0xc000010000)",
      "\t/srv/app/server.go:120 +0x1d",
      "main.main()",
      "\t/srv/app/main.go:14 +0x25",
      "",
      "goroutine 7 [chan receive]:",
      "main.worker(0xc00001c0c0)",
      "\t/srv/app/worker.go:33 +0x4e",
      "created by main.main",
      "\t/srv/app/main.go:11 +0x1a",
    ];
    const out = compress([...routine(100), ...go, ...routine(100, 100)].join("\n"));
    expect(out).toContain(go.join("\n"));
  });

  it("keeps a Rust panic with its backtrace", () => {
    const rust = [
      "thread 'main' panicked at src/main.rs:12:5:",
      "index out of bounds: the len is 3 but the index is 7",
      "stack backtrace:",
      "   0: rust_begin_unwind",
      "             at /rustc/abc/library/std/src/panicking.rs:645:5",
      "   1: app::main",
      "             at ./src/main.rs:12:5",
      "note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.",
    ];
    const out = compress([...routine(100), ...rust, ...routine(100, 100)].join("\n"));
    expect(out).toContain(rust.join("\n"));
  });

  it("keeps a .NET trace with its end-of-inner-exception line", () => {
    const dotnet = [
      "Unhandled exception. System.InvalidOperationException: Sequence contains no elements",
      "   at System.Linq.ThrowHelper.ThrowNoElementsException()",
      "   at App.Program.Main(String[] args) in C:\\src\\App\\Program.cs:line 12",
      "   --- End of inner exception stack trace ---",
      "   at App.Program.<Main>(String[] args)",
    ];
    const out = compress([...routine(100), ...dotnet, ...routine(100, 100)].join("\n"));
    expect(out).toContain(dotnet.join("\n"));
  });

  it("keeps the first line and the new place of a stack repeated for another failure", () => {
    const stack = (file: string) => [
      "AssertionError [ERR_ASSERTION]: Missing expected exception.",
      `    at TestContext.<anonymous> (/srv/test/${file}:12:5)`,
      "    at Test.runInAsyncScope (node:async_hooks:214:14)",
      "    at Test.run (node:internal/test_runner/test:1047:25)",
    ];
    const first = stack("a.test.js");
    const second = stack("b.test.js");
    const out = compress([...routine(50), ...first, ...routine(50, 50), ...second, ...routine(50, 100)].join("\n"));
    expect(out).toContain(first.join("\n"));
    // The second failure's own frame (its test file's line) is a place no trace showed: it stays.
    expect(out).toContain(`${second[0]}\n${second[1]}\n`);
    expect(out.split("at Test.runInAsyncScope (").length).toBe(2);
    expect(out.split("at Test.run (").length).toBe(2);
    expect(markers(out).join(" ")).toContain("repeated stack line");
  });
});

describe("log compressor: tests and builds", () => {
  it("names failed, skipped and pending tests", () => {
    const lines = [
      ...Array.from({ length: 80 }, (_, k) => `--- PASS: TestCase${k} (0.00s)`),
      "--- FAIL: TestBroken (0.01s)",
      "--- SKIP: TestNeedsNetwork (0.00s)",
      "not ok 7 - parses empty input",
      "ok 8 - handles unicode # SKIP no icu",
      "test parser::tests::rejects_nul ... FAILED",
      "test parser::tests::slow_case ... ignored",
      ...Array.from({ length: 80 }, (_, k) => `--- PASS: TestMore${k} (0.00s)`),
    ];
    const out = compress(lines.join("\n"));
    for (const l of lines.slice(80, 86)) expect(out).toContain(l);
  });

  it.each([
    [
      "node:test TAP",
      ["# tests 47", "# suites 5", "# pass 43", "# fail 4", "# cancelled 0", "# skipped 0", "# todo 0"],
    ],
    ["node:test spec", ["ℹ tests 91", "ℹ pass 83", "ℹ fail 8", "✖ failing tests:"]],
    [
      "pytest",
      [
        "=========================== short test summary info ============================",
        "FAILED tests/test_utils.py::test_netrc - AssertionError",
        "============ 6 failed, 210 passed, 13 skipped, 6 warnings in 1.47s =============",
      ],
    ],
    [
      "vitest",
      [" Test Files  1 failed | 3 passed (4)", "      Tests  2 failed | 10 passed (12)", "   Duration  1.32s"],
    ],
    [
      "jest",
      [
        "Test Suites: 1 failed, 4 passed, 5 total",
        "Tests:       2 failed, 40 passed, 42 total",
        "Snapshots:   0 total",
        "Time:        3.21 s",
      ],
    ],
    ["mocha", ["  40 passing (2s)", "  2 failing", "  1 pending"]],
    ["go test", ["FAIL\tgithub.com/acme/app\t0.501s", "ok  \tgithub.com/acme/lib\t0.120s", "FAIL"]],
    [
      "cargo",
      [
        "test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 28.80s",
        "error: test failed, to rerun pass `--test compiletest`",
      ],
    ],
    [
      "maven",
      [
        "[INFO] Tests run: 12, Failures: 1, Errors: 0, Skipped: 2",
        "[ERROR] BUILD FAILURE",
        "[INFO] Total time:  4.512 s",
      ],
    ],
    ["tsc", ["Found 3 errors in 2 files."]],
    ["npm", ["added 673 packages in 40s", "found 0 vulnerabilities", "npm verbose exit 0", "npm info ok"]],
  ])("keeps the %s summary", (_name, summary) => {
    const out = compress([...routine(300), ...summary, ...routine(50, 300)].join("\n"));
    for (const l of summary) expect(out).toContain(l);
  });
});

describe("log compressor: output contract", () => {
  it("returns null when it may not drop anything", () => {
    expect(logCompressor.compress(input(routine(500).join("\n"), { canDrop: false }))).toBeNull();
  });

  it("returns null when there is nothing to drop", () => {
    expect(
      logCompressor.compress(input("INFO starting\nERROR database connection failed\nINFO shutting down\n")),
    ).toBeNull();
  });

  it("keeps kept lines byte for byte, CRLF included", () => {
    const lines = routine(300);
    lines[150] = "2024-05-01T10:02:30Z ERROR shard 3 lost quorum";
    const text = lines.join("\r\n") + "\r\n";
    const out = compress(text);
    expect(out).toContain("\r\n2024-05-01T10:02:30Z ERROR shard 3 lost quorum\r\n");
    expect(out.startsWith(lines[0] + "\r\n")).toBe(true);
  });

  it("reports what it kept in detail", () => {
    const result = logCompressor.compress(input(routine(500).join("\n")));
    expect(result?.lossy).toBe(true);
    // Three kinds of record, each shown by its first and last line (the log's last line is one).
    expect(result?.detail).toMatchObject({ lines: 500, linesKept: 5, markers: 2 });
  });

  it("keeps marker lines of the input as they are", () => {
    const marker = formatMarker("1".repeat(32), "12 lines omitted");
    const lines = [...routine(100), marker, ...routine(100, 100)];
    expect(compress(lines.join("\n"))).toContain(`\n${marker}\n`);
  });

  it("finds nothing more to drop in its own output", () => {
    const lines = routine(800);
    lines.splice(
      400,
      0,
      "2024-05-01T10:06:40Z ERROR replica lagging by 12s",
      "Traceback (most recent call last):",
      '  File "x.py", line 1, in <module>',
      "ValueError: boom",
    );
    const once = compress(lines.join("\n") + "\n");
    const again = logCompressor.compress(input(once));
    expect(again === null || again.output === once).toBe(true);
  });

  it("keeps more at the conservative profile than at the aggressive one", () => {
    const lines = routine(400);
    for (let k = 0; k < 12; k++) lines.splice(30 * k + 10, 0, `2024-05-01T10:00:00Z ERROR job ${k} failed: exit ${k}`);
    const text = lines.join("\n");
    const conservative = compress(text, { scale: 2 });
    const aggressive = compress(text, { scale: 0.5 });
    expect(conservative.length).toBeGreaterThan(aggressive.length);
  });

  // A quadratic pass would blow the test's own timeout; speed itself is measured in bench/.
  it("handles a 100 000-character line and a 10 MB log", () => {
    const huge = "x".repeat(50_000) + " ERROR " + "y".repeat(50_000);
    const big: string[] = [];
    let size = 0;
    for (let k = 0; size < 10_000_000; k++) {
      const l = `2024-05-01T10:00:00Z INFO request ${k} served by pod-${k % 17} in ${k % 97}ms path=/v1/items/${k}`;
      big.push(l);
      size += l.length + 1;
    }
    big.splice(5000, 0, huge);
    const text = big.join("\n");
    const result = logCompressor.compress(input(text));
    expect(result).not.toBeNull();
    expect(result!.output).toContain(huge);
    expect(result!.output.length).toBeLessThan(text.length / 50);
  }, 60_000);
});

describe("TAP directives", () => {
  it("names tests marked skip or todo in any case among many passing ones", () => {
    const passing = Array.from({ length: 300 }, (_, i) => `ok ${i + 1} - handles request ${i}`);
    passing.splice(100, 0, "ok 101 - talks to the database # SKIP no db here");
    passing.splice(200, 0, "ok 202 - retries uploads # todo flaky upstream");
    const text = ["TAP version 13", ...passing, "1..302", "# tests 302", "# pass 302"].join("\n") + "\n";
    const out = logCompressor.compress(input(text))!.output;
    expect(out).toContain("ok 101 - talks to the database # SKIP no db here");
    expect(out).toContain("ok 202 - retries uploads # todo flaky upstream");
  });
});

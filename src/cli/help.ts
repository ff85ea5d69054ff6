/**
 * The help texts of `pithy` and of each of its commands. Kept apart from the
 * commands so `pithy help CMD`, `pithy CMD --help` and the TTY fallback all
 * print the same words.
 */
import { MODES, PROFILE_SCALE } from "../config.js";
import { PROXY_HELP } from "./proxy-command.js";

const STORE = `  --store-dir DIR    where originals are kept (default $XDG_CACHE_HOME/pithy or ~/.cache/pithy)
  --namespace NAME   store namespace: recall finds only keys made in the same one
                     (default: one per working directory, a hash of its real path)`;

const PIPELINE = `  --mode MODE        ${MODES.join(" | ")} (default lossy)
  --profile NAME     ${Object.keys(PROFILE_SCALE).join(" | ")} (default default)`;

const TAIL = `  -h, --help         this help
  -v, --version      print the version`;

/** Help per command; `main` is the overview. */
export const HELP: Readonly<Record<string, string>> = {
  main: `pithy — compress a tool output for an LLM agent, reversibly

Usage:
  pithy [FILE|-] [options]   compress FILE (or stdin) to stdout; one line of savings on stderr
  pithy recall KEY           print the original behind a key (or a call id)
  pithy stats                print the store's counters, summed over every run, as JSON
  pithy eval DIR             evaluate a corpus with a manifest.json
  pithy mcp [--http]         serve pithy_compress, pithy_recall and pithy_stats over MCP (stdio or HTTP)
  pithy proxy                OpenAI/Anthropic-compatible HTTP proxy (see 'pithy proxy --help')
  pithy help [COMMAND]       this help, or a command's

Options:
  --tool NAME        name of the tool that produced the content (Bash, Read, rg …)
  --filename NAME    file the content was read from (its extension is a hint)
  --query TEXT       what the agent is looking for: matching lines are kept first
${PIPELINE}
  --code             compress code too (skeleton: signatures kept, bodies recallable)
  --json             print the whole result as JSON instead of the output
  --quiet            no savings line on stderr
${STORE}
${TAIL}

Input is read as bytes. Input that is not UTF-8 text (a NUL byte in its first
8000 bytes, or invalid UTF-8) or is longer than PITHY_MAX_CHARS characters is
passed through byte for byte (skipped: binary, too_large); with --json its
result then has no "output" field, the output being the input.

Environment: PITHY_MODE, PITHY_PROFILE, PITHY_MIN_TOKENS (default 250),
PITHY_MAX_CHARS (default 8388608), PITHY_EXCLUDE_TOOLS (comma-separated globs),
PITHY_READS (auto | verbatim), PITHY_NAMESPACE. Flags win over variables.

Exit codes: 0 ok · 1 internal or output error · 2 bad usage or option · 3 unreadable input · 4 key not found
`,
  recall: `Usage: pithy recall KEY [--lines A-B | --grep TEXT [--context N] | --path P] [--store-dir DIR] [--namespace NAME]

Prints the exact original stored under KEY (32 hex digits, as in a [[pithy:KEY …]]
marker) or under a tool call id; a whole marker pasted as KEY prints the lines or
the JSON path it names. Exit 4 with a message on stderr when it is unknown in this
namespace; exit 2 for a selector that does not fit the original.
  --lines A-B        only these lines of the original (1-based; "120-180,300-310")
  --grep TEXT        only the lines holding TEXT (case-insensitive; a|b for either), numbered
  --context N        lines around each --grep match (0-20)
  --path P           only the value at JSON path P ($.items[20:30])
${STORE}
${TAIL}
`,
  stats: `Usage: pithy stats [--store-dir DIR]

Prints, as JSON, what the store directory holds now ("store": entries, bytes, caps)
and what every CLI and MCP run on it did ("counters": calls, compressions, skips by
reason, tokens in and out, store puts, hits and misses, recalls), summed from
counters.json in the directory, which each run updates.
${STORE.split("\n")[0]}
${TAIL}
`,
  eval: `Usage: pithy eval DIR [--out DIR/|PREFIX] [--exact] [--runs N] [--mode MODE] [--profile NAME]

Runs every case of DIR/manifest.json (cases with id, class, file, tool_hint,
must_keep) through pithy and writes a report: tokens in/out and must_keep
retention per class and per case, recall exactness, ms per case, and a chart.
  --out DIR/         write DIR/report.md, report.json and report.svg (default ./pithy-eval/)
  --out PREFIX       write PREFIX.md, PREFIX.json and PREFIX.svg instead
  --exact            count tokens with js-tiktoken's o200k_base when it is installed
  --runs N           timed runs per case (default 3)
${PIPELINE}
${TAIL}

A progress bar goes to stderr on a terminal; where the report went is always said there.
`,
  mcp: `Usage: pithy mcp [--http [--host HOST] [--port N]] [--store-dir DIR] [--namespace NAME] [--mode MODE] [--profile NAME]

Serves the tools pithy_compress, pithy_recall and pithy_stats over stdio (Model
Context Protocol). Originals go to the filesystem store, so recall survives restarts.
Needs the MCP SDK next to pithy: npm i @modelcontextprotocol/sdk
  --http             serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio
  --host HOST        address to listen on (default 127.0.0.1, loopback only)
  --port N           port to listen on (default 8765; 0 picks a free one, printed on stderr)
${PIPELINE}
${STORE}
${TAIL}
`,
  proxy: PROXY_HELP,
  help: `Usage: pithy help [COMMAND]

Prints the overview, or the help of COMMAND (recall, stats, eval, mcp, proxy).
`,
};

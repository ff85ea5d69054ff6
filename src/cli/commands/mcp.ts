/**
 * `pithy mcp`: the MCP server over stdio, with the project's namespace.
 *
 * The MCP SDK is an optional peer of the package (a browser or library user
 * should not install it), so the server module, which imports it, is loaded
 * here alone, and its absence gets an answer that says how to install it.
 */
import type { StoreStats } from "../../ccr/store.js";
import { UsageError } from "../args.js";
import { type Command, type CommandContext, EXIT } from "../command.js";
import { namespacedOptions } from "../pipeline-options.js";
import { countRun, recordRun } from "../run-counters.js";

/** The SDK the server needs, as npm names it. */
const MCP_SDK = "@modelcontextprotocol/sdk";

/** What to say when the SDK cannot be loaded. */
export const MCP_SDK_MISSING =
  `pithy mcp needs the MCP SDK, an optional peer dependency of pithy-ai that is not installed.\n` +
  `Install it next to pithy-ai:  npm i ${MCP_SDK}\n` +
  `or run both with npx:         npx -y -p pithy-ai -p ${MCP_SDK} pithy mcp\n`;

/** `pithy mcp`. */
export const mcpCommand: Command = {
  flags: ["store-dir", "namespace", "mode", "profile", "http", "host", "port"],
  async run(context: CommandContext): Promise<number> {
    const { io, flags, args } = context;
    if (args.length > 0) throw new UsageError(`expected no arguments, got ${args.length}`);
    const options = namespacedOptions(context);
    const storeDir = flags["store-dir"] as string | undefined;
    let server: typeof import("../../integrations/mcp.js");
    try {
      server = await import("../../integrations/mcp.js");
    } catch (error) {
      if (!isMissingSdk(error)) throw error;
      io.stderr(MCP_SDK_MISSING);
      return EXIT.internal;
    }
    const transport = {
      http: flags.http === true,
      host: flags.host as string | undefined,
      port: flags.port as string | undefined,
    };
    let handle: Awaited<ReturnType<typeof server.runMcpServer>>;
    try {
      handle = await server.runMcpServer({
        ...options,
        ...transport,
        storeDir,
        warn: (line) => io.stderr(line + "\n"),
      });
    } catch (error) {
      // The server module loads; the SDK it needs may still be missing.
      if (!(error instanceof server.McpSdkMissingError)) throw error;
      io.stderr(MCP_SDK_MISSING);
      return EXIT.internal;
    }
    await handle.closed;
    const store = handle.pithy.store;
    const stats =
      store === null ? undefined : ((await store.stats()) as StoreStats & { dir?: string; fallback?: string });
    if (stats?.dir !== undefined && stats.fallback === undefined) {
      await recordRun(stats.dir, countRun(handle.pithy.stats(), stats));
    }
    return EXIT.ok;
  },
};

/** Whether `error` says the SDK could not be found (Node: ERR_MODULE_NOT_FOUND; Deno words it its own way). */
function isMissingSdk(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return message.includes(MCP_SDK);
}

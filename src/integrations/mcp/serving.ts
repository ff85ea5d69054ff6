/**
 * Everything of the MCP server that imports the SDK, gathered behind one
 * module so ../mcp.ts can load it with a single dynamic `import()` when a
 * server starts (and name the missing SDK when that fails).
 */
export { listenStreamableHttp } from "./http-listener.js";
export { LineStdioServerTransport } from "./stdio-transport.js";
export { createToolServer } from "./tool-server.js";

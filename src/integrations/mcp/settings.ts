/**
 * The MCP server's own settings (transport, address, size caps), their
 * defaults, and their checks: a bad value throws `PithyConfigError` naming the
 * option before anything is opened or read. No SDK import, so the checks and
 * defaults can be used without loading it.
 */
import { PithyConfigError } from "../../errors.js";
import { DEFAULT_MAX_REPLY_BYTES } from "./reply-size.js";

/**
 * Largest message read, in bytes (32 MiB): a stdio line or an HTTP body. Well
 * above what the gate compresses (8 Mi characters, JSON-escaped, is 8–16 MiB
 * in practice) and well below what would strain memory; the SDK's own 10 MiB
 * stdio default would refuse content the pipeline still takes.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

/** Largest `maxMessageBytes` accepted (64 MiB). */
export const MAX_MESSAGE_BYTES_LIMIT = 64 * 1024 * 1024;

/** Address `--http` binds by default: loopback, so nothing off this machine can reach it. */
export const DEFAULT_HTTP_HOST = "127.0.0.1";

/**
 * Port `--http` listens on by default. An uncommon one, so it does not
 * collide with the dev servers of 3000, 5173 or 8080; 0 picks a free port.
 */
export const DEFAULT_HTTP_PORT = 8765;

/** The settings options of the MCP server (see `McpServerOptions`). */
export interface McpSettingsOptions {
  http?: boolean;
  host?: string;
  port?: number | string;
  maxMessageBytes?: number;
  maxReplyBytes?: number;
}

/** Settings with every default applied and every value checked. */
export interface McpSettings {
  /** Null for stdio. */
  http: { host: string; port: number } | null;
  maxMessageBytes: number;
  maxReplyBytes: number;
}

/** Checks the options and fills in the defaults; throws {@link PithyConfigError} on a bad value. */
export function resolveMcpSettings(options: McpSettingsOptions): McpSettings {
  const { http = false, host, port } = options;
  if (typeof http !== "boolean") throw new PithyConfigError("http", "true or false", http);
  if (!http && (host !== undefined || port !== undefined)) {
    throw new PithyConfigError(
      host !== undefined ? "host" : "port",
      "given only with http: true (--http)",
      host ?? port,
    );
  }
  const maxMessageBytes = checkBytes(options.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES, "maxMessageBytes");
  const maxReplyBytes = checkBytes(options.maxReplyBytes, DEFAULT_MAX_REPLY_BYTES, "maxReplyBytes");
  return {
    http: http ? { host: checkHost(host ?? DEFAULT_HTTP_HOST), port: checkPort(port ?? DEFAULT_HTTP_PORT) } : null,
    maxMessageBytes,
    maxReplyBytes,
  };
}

/** A port as a number, or as the decimal digits a command line gives. */
function checkPort(port: number | string): number {
  const value = typeof port === "string" && /^\d{1,5}$/.test(port) ? Number(port) : port;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 65535) {
    throw new PithyConfigError("port", "an integer from 0 to 65535 (0: any free port)", port);
  }
  return value;
}

function checkHost(host: string): string {
  // A name, an IPv4 address or an IPv6 one (bracketed or not); no scheme, port, path or spaces.
  const bare = typeof host === "string" ? host.replace(/^\[(.*)\]$/, "$1") : "";
  const isValid = bare.includes(":") ? isIpv6(bare) : /^[A-Za-z0-9.-]{1,253}$/.test(bare);
  if (!isValid) {
    throw new PithyConfigError("host", "a host name or IP address to listen on, such as 127.0.0.1 or ::1", host);
  }
  return bare;
}

function isIpv6(address: string): boolean {
  if (address.length > 45 || !/^[0-9a-fA-F:.]+$/.test(address)) return false;
  try {
    return new URL(`http://[${address}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

function checkBytes(value: number | undefined, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  const min = 1024;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > MAX_MESSAGE_BYTES_LIMIT) {
    throw new PithyConfigError(option, `an integer number of bytes from ${min} to ${MAX_MESSAGE_BYTES_LIMIT}`, value);
  }
  return value;
}

/**
 * Call-id aliases: a tool call's id names the key of the original its output
 * was compressed from, so a recall may name the call instead of the key. The
 * alias is an ordinary store entry whose content is the key.
 */
import { computeKey } from "./key.js";

const CALL_ALIAS_PREFIX = "pithy-call-id:";

/** The store key under which the alias of `callId` is kept. */
export function callAliasKey(callId: string): string {
  return computeKey(CALL_ALIAS_PREFIX + callId);
}

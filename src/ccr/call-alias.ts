/**
 * Call-id aliases: a tool call's id names the key of the original its output
 * was compressed from, so a recall may name the call instead of the key. The
 * alias is a store entry whose content is the key, kept under
 * `pithy-alias:<hex>`: a key space no content key can reach (content keys
 * are hex alone), so no marker can recall an alias, and no alias a text.
 */
import { ALIAS_NAMESPACE, NAMESPACE_SEPARATOR, computeKey } from "./key.js";

/** The store key under which the alias of `callId` is kept. */
export function callAliasKey(callId: string): string {
  return ALIAS_NAMESPACE + NAMESPACE_SEPARATOR + computeKey(callId);
}

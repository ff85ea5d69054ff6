/** The two shapes of a {@link CompressResult}: the input passed through, or a compressed output. */
import { utf8Length } from "../ccr/wtf8.js";
import type { CompressResult, ContentType, SkipReason } from "../types.js";

/** The input unchanged, with why (`note`, when given, goes to `detail.note`). */
export function passthrough(
  content: string,
  reason: SkipReason,
  type: ContentType,
  tokens: number,
  note?: string,
): CompressResult {
  const bytes = utf8Length(content);
  return {
    output: content,
    action: "skipped",
    reason,
    type,
    strategy: "none",
    bytesIn: bytes,
    bytesOut: bytes,
    tokensIn: tokens,
    tokensOut: tokens,
    detail: note === undefined ? {} : { note },
  };
}

/** A compressed output and its figures. */
export function compressed(
  content: string,
  output: string,
  figures: {
    type: ContentType;
    strategy: string;
    key: string | undefined;
    tokensIn: number;
    tokensOut: number;
    /** The input's UTF-8 length, when the caller knows it (hashing it counted it; else counted here). */
    bytesIn?: number;
    /** The output's UTF-8 length, when the caller counted it in parts (else counted here). */
    bytesOut?: number;
    detail: Record<string, number | string>;
  },
): CompressResult {
  return {
    output,
    action: "compressed",
    type: figures.type,
    strategy: figures.strategy,
    key: figures.key,
    bytesIn: figures.bytesIn ?? utf8Length(content),
    bytesOut: figures.bytesOut ?? utf8Length(output),
    tokensIn: figures.tokensIn,
    tokensOut: figures.tokensOut,
    detail: figures.detail,
  };
}

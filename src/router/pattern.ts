/**
 * Builds long alternations from named, commented parts, so that no detector
 * hides its rules in a 700-character regex literal.
 */

/**
 * `(?:a|b|…)` over the parts' sources. Each part must stand alone as an
 * alternative (no top-level anchor that the others rely on).
 * @example new RegExp(`^${anyOf(/RUN/, /PASS/)}`) // /^(?:RUN|PASS)/
 */
export function anyOf(...parts: readonly RegExp[]): string {
  return `(?:${parts.map((p) => p.source).join("|")})`;
}

/**
 * Perl's own messages: what `warn`, `die`, `use warnings`/`-w` and Carp write
 * to stderr. They carry no level word; what marks them is their end, the
 * place perl appends: `… at services.pl line 9, <$fh> line 279.` (the input
 * line being read, when a handle is open), `… at t/02-lookup.t line 5.` Carp's
 * `confess`/`carp` add one line per caller under the message, indented by a
 * tab: `\tmain::port_of(undef) called at protocols.pl line 34`.
 *
 * Such a message is a diagnostic of the run, whether a warning or the error
 * that ended it: the log keeps its first copies and its last, as it does an
 * error's, since the input line each copy names (`<$fh> line 279`) says which
 * record of the input set it off. Test::More's `#   at t/x.t line 5.` is a
 * comment of a failed test, not a message of perl's: a line opening with `#`
 * is never one.
 */

/** Perl's place at the end of a message: ` at FILE line N.`, or with the handle's input line. */
const PERL_PLACE_RE = / at [^\s]+ line \d+(?:, <[^\s>]*> (?:line|chunk) \d+)?\.$/;

/** A Carp caller line: a tab (or spaces), a sub and its arguments, ` called at FILE line N`. */
const CARP_CALLER_RE = / called at [^\s]+ line \d+$/;

/** Longest line looked at: a message with a data dump in it is no place line. */
const MAX_MESSAGE = 2000;

/** Whether visible line `text` is a message perl wrote (`… at FILE line N.`), warning or error. */
export function isPerlMessage(text: string): boolean {
  const n = text.length;
  if (n < 12 || n > MAX_MESSAGE || text.charCodeAt(n - 1) !== 46 /* . */) return false;
  const c = text.charCodeAt(0);
  // A message opens its line; `#` is a TAP comment (Test::More quoting the place of a failure).
  if (c === 32 || c === 9 || c === 35) return false;
  return PERL_PLACE_RE.test(text);
}

/** Whether visible line `text` is one of Carp's caller lines (`\tmain::f(1) called at x.pl line 3`). */
export function isCarpCaller(text: string): boolean {
  const n = text.length;
  if (n < 20 || n > MAX_MESSAGE) return false;
  const c = text.charCodeAt(0);
  if (c !== 9 && c !== 32) return false;
  const last = text.charCodeAt(n - 1);
  if (last < 48 || last > 57) return false;
  return CARP_CALLER_RE.test(text);
}

/**
 * Whether a line is a timestamped log record: a clock time (`20:29:58`) near
 * its start, as service, access, package-manager and dev-server logs write
 * them (`2026-12-01 20:28:49 upgrade …`, `[01/Dec/2026 20:20:07] "GET …`,
 * `11224:M 01 Dec 2026 20:29:58.313 - …`), or the kernel ring buffer's
 * `[    0.153643]` seconds since boot.
 *
 * Such a line is an event of the system that wrote it; a numbered source
 * excerpt (`181 |  code`), a test name or a compiler diagnostic is not, which
 * is why the rules for events of one instance read only stamped records.
 * A bounded indexOf scan, no regex.
 */

/** How far into a line its stamp may start (a pid, a host, a level may come first). */
const STAMP_WITHIN = 48;

/** Whether `text` opens with a timestamp (within its first {@link STAMP_WITHIN} characters). */
export function isStampedRecord(text: string): boolean {
  if (isUptimeStamp(text)) return true;
  const limit = Math.min(text.length - 5, STAMP_WITHIN);
  let at = text.indexOf(":");
  while (at !== -1 && at <= limit) {
    // hh:mm:ss — two digits either side of this colon, and a colon and two digits after.
    if (
      isDigit(text.charCodeAt(at - 2)) &&
      isDigit(text.charCodeAt(at - 1)) &&
      isDigit(text.charCodeAt(at + 1)) &&
      isDigit(text.charCodeAt(at + 2)) &&
      text.charCodeAt(at + 3) === 58 &&
      isDigit(text.charCodeAt(at + 4)) &&
      isDigit(text.charCodeAt(at + 5))
    ) {
      return true;
    }
    at = text.indexOf(":", at + 1);
  }
  return false;
}

/** dmesg's `[    0.153643]`: a bracket, spaces, seconds, a dot, microseconds, a bracket. */
function isUptimeStamp(text: string): boolean {
  if (text.charCodeAt(0) !== 91) return false;
  let i = 1;
  while (text.charCodeAt(i) === 32) i++;
  const whole = i;
  while (isDigit(text.charCodeAt(i))) i++;
  if (i === whole || text.charCodeAt(i) !== 46) return false;
  const frac = ++i;
  while (isDigit(text.charCodeAt(i))) i++;
  return i > frac && text.charCodeAt(i) === 93;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

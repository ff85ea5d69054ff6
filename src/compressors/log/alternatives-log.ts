/**
 * Debian's update-alternatives log (`/var/log/alternatives.log`, or the file
 * `--log` names): `update-alternatives DATE TIME: ` then either the command
 * it ran (`run with --quiet --install LINK NAME PATH PRIORITY --slave …`) or
 * what that did to a link group (`link group NAME updated to point to PATH`,
 * `status of link group LINK set to manual`, `link group NAME fully removed`).
 * Every record is about one link group, and the records of one template are
 * about different groups: "which group points where, and which command set
 * it" is what the log is read for, so each distinct event stays with one real
 * instance: a command per action and link group (the `--slave` links it
 * carries are its detail), an outcome per distinct text. A repeat (the same
 * package installing the same group again) goes.
 */

/** A record: the program's name, its date and time, then the message. */
const RECORD_RE = /^update-alternatives \d{4}-\d\d-\d\d \d\d:\d\d:\d\d: /;
/** The actions that name a link group: `--install` names it second (after its link), the rest first. */
const ACTIONS = new Set(["--install", "--remove", "--set", "--auto", "--remove-all", "--config"]);

/** The lines of `visible` that are update-alternatives' distinct events (none in any other log). */
export function alternativesEvents(visible: readonly string[]): number[] {
  const seen = new Set<string>();
  const lines: number[] = [];
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    if (text.charCodeAt(0) !== 117 /* u */ || text.length > 4000) continue;
    const m = RECORD_RE.exec(text);
    if (m === null) continue;
    const key = eventKey(text.slice(m[0].length));
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(i);
  }
  return lines;
}

/** A record's event: a command's action and link group, else the message itself. */
function eventKey(message: string): string {
  if (!message.startsWith("run with ")) return message;
  const words = message.slice(9).split(" ");
  for (let k = 0; k < words.length; k++) {
    const action = words[k];
    if (!ACTIONS.has(action)) continue;
    return `run ${action} ${words[action === "--install" ? k + 2 : k + 1] ?? ""}`;
  }
  return message;
}

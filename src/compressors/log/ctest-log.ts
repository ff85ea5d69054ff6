/**
 * ctest's own log of a run (`Testing/Temporary/LastTest.log`): one block per
 * test, `3/46 Testing: name`, `3/46 Test: name`, its `Command:`, its output
 * between `Output:` and `<end of output>`, then `Test Passed.` or `Test
 * Failed.`. A passing test's block is routine (its timestamped `"name" start
 * time:` lines too) but for its last line, `"name" time elapsed: 00:00:01`,
 * which names it with its time, one line a test, over the block's dash rule;
 * a failed one's says which test failed, how it was run and what it printed,
 * so its name, command, output (up to a cap) and verdict stay.
 */

/** The block's name line: `3/46 Test: name`. */
const TEST_NAME_RE = /^\d{1,6}\/\d{1,6} Test: \S/;
/** The line that opens a block: `3/46 Testing: name`. */
const TESTING_RE = /^\d{1,6}\/\d{1,6} Testing: \S/;
/** The verdict: `Test Passed.`, `Test Failed.`, or another word for a test that did not pass. */
const VERDICT_RE = /^Test (\w{1,20})\.$/;

/** What {@link ctestBlocks} found: the lines that tell the failed tests, and the passing tests' blocks. */
export interface CtestBlocks {
  failed: number[];
  /** `[from, to)` line ranges of the passing tests' blocks. */
  passed: [number, number][];
}

/** The blocks of ctest's LastTest.log in `visible` (none when it is no such log). */
export function ctestBlocks(visible: readonly string[], outputCap: number): CtestBlocks {
  const lines: number[] = [];
  const passed: [number, number][] = [];
  let opened = -1;
  let name = -1;
  let command = -1;
  let output: number[] = [];
  let inOutput = false;
  for (let i = 0; i < visible.length; i++) {
    const text = visible[i];
    // The block's opening lines start with a digit: a look before the regexes.
    const opensBlock = text.charCodeAt(0) >= 48 && text.charCodeAt(0) <= 57;
    if (opensBlock && TESTING_RE.test(text)) {
      opened = i;
      continue;
    }
    if (opensBlock && TEST_NAME_RE.test(text)) {
      if (opened !== i - 1) opened = i;
      name = i;
      command = -1;
      output = [];
      inOutput = false;
      continue;
    }
    if (name < 0) continue;
    if (text.startsWith("Command: ")) command = i;
    else if (text === "Output:") {
      inOutput = true;
      // The dash rule under `Output:` opens the output.
      if (i + 1 < visible.length && visible[i + 1].startsWith("---")) i++;
    } else if (text === "<end of output>") inOutput = false;
    else if (inOutput) {
      if (output.length < outputCap) output.push(i);
    } else {
      const verdict = VERDICT_RE.exec(text);
      if (verdict === null) continue;
      if (verdict[1] !== "Passed") {
        lines.push(name);
        if (command >= 0) lines.push(command);
        lines.push(...output, i);
      } else {
        passed.push([opened, i + 1]);
        const end = blockEnd(visible, i + 1);
        for (let k = i + 1; k < end; k++) if (!visible[k].includes('" time elapsed: ')) passed.push([k, k + 1]);
      }
      name = -1;
      opened = -1;
    }
  }
  return { failed: lines, passed };
}

/** Where a block whose verdict is on line `i - 1` ends: past its `"name" end time:`/`time elapsed:` lines and dash rule. */
function blockEnd(visible: readonly string[], i: number): number {
  let k = i;
  while (k < visible.length && k < i + 4 && visible[k].startsWith('"') && visible[k].includes('" ')) k++;
  if (k < visible.length && visible[k].startsWith("---")) k++;
  return k;
}

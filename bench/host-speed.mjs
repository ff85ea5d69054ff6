// A fixed piece of CPU work timed between measurements, so a table can show
// how fast the machine itself was while each row ran. On a shared VM the same
// code can run ~1.6× slower for minutes at a time; a row whose probe reads
// 1.5 was measured on a machine running at two thirds of its best speed.

const DATA = new Uint32Array(1 << 14).map((_, i) => (i * 2654435761) >>> 0);

/** FNV-style mixing over DATA, `rounds` times: integer work with no allocation and no GC. */
function work(rounds) {
  let h = 2166136261;
  for (let r = 0; r < rounds; r++) for (let i = 0; i < DATA.length; i++) h = Math.imul(h ^ DATA[i], 16777619) ^ r;
  return h;
}

// Keeps the work's result alive, so the loop cannot be optimised away.
let sink = 0;
// Warm the loop up so the first probe does not time the baseline compiler.
for (let i = 0; i < 50; i++) work(4);

/** Milliseconds the fixed work takes now: the fastest of five tries, so one preemption does not count. */
export function probeHostMs() {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    sink ^= work(8);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** The probes' running result: read here so the work cannot be optimised away. */
export function hostSpeedChecksum() {
  return sink;
}

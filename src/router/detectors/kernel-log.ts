/**
 * The detector of kernel ring buffers and system journals: `dmesg`
 * (`[    0.000000] …`, which opens like a JSON array), `dmesg -T`
 * (`[Tue Dec  1 20:13:39 2026] …`) and classic syslog / `journalctl`
 * lines (`Dec  1 20:13:39 host unit[pid]: …`). It runs before the JSON
 * detector, which would otherwise claim a dmesg.
 */
import type { Detector } from "./detector.js";

/** A dmesg timestamp, a `dmesg -T` date, or a syslog date, host and tag. */
const KERNEL_LINE_RE =
  /^(?:\[ *\d+\.\d{3,9}\] |\[[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4}\] |[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S+ [^\s:]+: )/;

/** Kernel and journal logs, routed as a log. */
export const kernelLogDetector: Detector = {
  type: "log",
  threshold: 0.6,
  score(sample) {
    if (sample.nonBlank < 3) return 0;
    let hits = 0;
    for (let i = 0; i < sample.count; i++) if (KERNEL_LINE_RE.test(sample.line(i))) hits++;
    const share = hits / sample.nonBlank;
    return share >= 0.6 ? Math.max(0.9, share) : 0;
  },
};

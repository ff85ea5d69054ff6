import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logCompressor } from "../../../src/compressors/log.js";
import { isCarpCaller, isPerlMessage } from "../../../src/compressors/log/perl-messages.js";
import { detect } from "../../../src/router/detect.js";
import { compressorInput } from "../../support/compressor-input.js";

// Two real perl runs: `use warnings` with carp and confess over /etc/protocols and /etc/services
// (a die ends it), and `perl -w` over /etc/services whose warnings interleave with its stdout.
const runs = {
  carp: readFileSync(new URL("fixtures/perl-use-warnings-carp-protocols.txt", import.meta.url), "utf8"),
  services: readFileSync(new URL("fixtures/perl-w-services-uninitialized.txt", import.meta.url), "utf8"),
};

function compress(text: string): string {
  const result = logCompressor.compress(compressorInput(text, { type: "log" }));
  return result === null ? text : result.output;
}

describe("perl's messages", () => {
  it("are told by the place perl appends, with or without the input line", () => {
    expect(isPerlMessage("Use of uninitialized value $port in addition (+) at x.pl line 24, <$s> line 8.")).toBe(true);
    expect(isPerlMessage("cannot open /etc/x: No such file or directory at protocols.pl line 29.")).toBe(true);
    expect(isPerlMessage("Died at lib/Foo.pm line 3, <STDIN> chunk 2.")).toBe(true);
    // Test::More quotes the place of a failed test in a TAP comment; prose names no line.
    expect(isPerlMessage("#   at t/02-lookup.t line 5.")).toBe(false);
    expect(isPerlMessage("We met at the station at noon.")).toBe(false);
    expect(isPerlMessage("look at line 5.")).toBe(false);
    expect(isCarpCaller('\tmain::check_services("/etc/services", 300) called at protocols.pl line 44')).toBe(true);
    expect(isCarpCaller("main::f() called at x.pl line 4")).toBe(false);
  });

  it("route a perl run as a log", () => {
    for (const [name, text] of Object.entries(runs)) expect(detect(text).type, name).toBe("log");
  });

  it("keep each distinct message's first copies and last, the die and its callers", () => {
    const carp = compress(runs.carp);
    for (const line of [
      'Argument "Internet" isn\'t numeric in addition (+) at protocols.pl line 15, <$fh> line 1.',
      "Use of uninitialized value $alias in substr at protocols.pl line 14, <$fh> line 2.",
      "no protocol in '' at protocols.pl line 23, <$s> line 8.",
      "\tmain::port_of(undef) called at protocols.pl line 34",
      "cannot open /etc/services.d/local: No such file or directory at protocols.pl line 29.",
      '\tmain::check_services("/etc/services.d/local", 300) called at protocols.pl line 44',
      '\tmain::load_all("/etc/services", "/etc/services.d/local") called at protocols.pl line 50',
    ]) {
      expect(carp).toContain(line);
    }
    const services = compress(runs.services);
    expect(services.length).toBeLessThan(runs.services.length / 2);
    for (const line of [
      "Use of uninitialized value $portproto in split at services.pl line 9, <$fh> line 8.",
      "Use of uninitialized value $portproto in split at services.pl line 9, <$fh> line 279.",
      "Use of uninitialized value $alias in numeric gt (>) at services.pl line 12, <$fh> line 10.",
      "Use of uninitialized value $portproto in split at services.pl line 9, <$fh> line 360.",
    ]) {
      expect(services).toContain(line);
    }
  });
});

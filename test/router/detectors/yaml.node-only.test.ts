import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPithy } from "../../../src/pipeline.js";
import { detect } from "../../../src/router/detect.js";

const here = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

// Real YAML files as they sit on this machine (gcloud's schemas and command
// specs, a GitHub Actions workflow), read with no file name to hint at them.
const YAML_FILES = [
  "gcloud-schema-urllist.yaml",
  "pyenv-workflow-modified-scripts-build.yml",
  // Opens with a list of mappings and runs a quoted value over ten lines.
  "gcloud-command-firestore-indexes-list.yaml",
  // Capitalised top-level keys over lower-case nested ones: not RFC 822 stanzas.
  "gcloud-metastore-resources.yaml",
];

describe("YAML read without a file name", () => {
  for (const name of YAML_FILES) {
    it(`routes ${name} as code and passes it through verbatim`, async () => {
      const text = here(`fixtures/${name}`);
      expect(detect(text).type).toBe("code");
      const pithy = await createPithy();
      const result = await pithy.compress(text, { tool: "Read" });
      expect(result.output).toBe(text);
    });
  }
});

describe("what stays with its own route", () => {
  // RFC 822 stanzas score as YAML too (`Field: value`, continuations): the stanza detector runs first.
  for (const name of ["dpkg-s-base-tools", "apt-cache-policy-lib-n-s", "stat-etc-ssl-certs"]) {
    it(`routes the stanza list ${name} as tabular`, () => {
      expect(detect(here(`../../compressors/stanzas/fixtures/${name}.txt`)).type).toBe("tabular");
    });
  }

  for (const name of ["sed-4.9-NEWS.txt", "ipaddr.js-1.9.1-README.md", "awscli-1.45.11-config-vars.rst"]) {
    it(`does not route the document ${name} as code`, () => {
      expect(detect(here(`../../compressors/markdown/fixtures/${name}`)).type).not.toBe("code");
    });
  }
});

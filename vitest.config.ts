import { defineConfig } from "vitest/config";
import { playwright } from "@vitest/browser-playwright";
import { fileURLToPath } from "node:url";

const chromium = process.env.PITHY_CHROMIUM ?? "/usr/bin/chromium";
const sharedDir = fileURLToPath(new URL("../shared", import.meta.url));
// A fixed fast-check seed for CI (see test/support/fast-check-seed.ts).
const fcSeed = process.env.PITHY_FC_SEED ? Number(process.env.PITHY_FC_SEED) : process.env.CI ? 20261130 : null;

export default defineConfig({
  server: { fs: { allow: [".", sharedDir] } },
  // Pre-bundled for the browser project up front, so Vite does not reload the page mid-run.
  optimizeDeps: { include: ["ai", "ai/test", "langchain", "fast-check"] },
  test: {
    setupFiles: ["test/support/fast-check-seed.ts"],
    provide: { fcSeed },
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["test/**/*.test.ts"],
          exclude: ["test/**/*.browser-only.test.ts"],
          provide: { runtime: "node" },
        },
      },
      {
        // The same suite, run by `deno run -A node_modules/vitest/vitest.mjs`:
        // vitest's workers then run inside Deno (see build/run-deno-tests.mjs).
        extends: true,
        test: {
          name: "deno",
          environment: "node",
          include: ["test/**/*.test.ts"],
          exclude: ["test/**/*.browser-only.test.ts"],
          provide: { runtime: "deno" },
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test/**/*.test.ts"],
          exclude: ["test/**/*.node-only.test.ts"],
          provide: { runtime: "browser" },
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: chromium,
                args: [
                  "--no-sandbox",
                  "--disable-gpu",
                  "--disable-background-networking",
                  "--disable-component-update",
                  "--disable-sync",
                  "--no-first-run",
                ],
              },
            }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});

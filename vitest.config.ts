import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.ts",
            "app/**/*.test.tsx",
            "server/**/*.test.ts",
            "tests/lint/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/integration-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: "forks",
          env: { NODE_ENV: "test", LOG_LEVEL: "warn" },
        },
      },
    ],
  },
});

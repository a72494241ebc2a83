import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// CI runs three lanes side by side on 2 cores (.ci/run): a unit test that renders a PDF or lints a file in 1-2 s
// alone can take ten times that there, so CI allows 30 s before calling it hung (decision 029, amendment
// 2026-11-28). A developer's run keeps Vitest's 5 s.
const UNIT_TIMEOUT_MS = process.env.CI ? 30_000 : 5_000;

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
          testTimeout: UNIT_TIMEOUT_MS,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/integration-global-setup.ts"],
          testTimeout: process.env.CI ? 120_000 : 60_000,
          hookTimeout: 180_000,
          pool: "forks",
          // Each fork runs its files one after the other in one module graph: the app is imported once per fork,
          // not once per file (52 files x 3.6 CPU-s). A file's state is its own all the same: its database,
          // DATA_DIR and environment are set in its beforeAll (tests/support/test-db.ts), the caches are per
          // database or per API, and nothing in these files mocks modules (decision 029).
          isolate: false,
          // Each file has its own database and DATA_DIR (tests/support/test-db.ts), so files run side by side.
          // They wait on PostgreSQL much of the time: more forks than Vitest's default (cores - 1, one fork on
          // 2 cores) pay; on 2 cores 3 forks took the suite from 134 s to 70 s (docs/decisions/029-ci-time.md).
          maxWorkers: Math.max(3, availableParallelism()),
          // Vitest runs projects with different maxWorkers in separate groups: the unit tests first.
          sequence: { groupOrder: 1 },
          env: { NODE_ENV: "test", LOG_LEVEL: "warn" },
        },
      },
    ],
  },
});

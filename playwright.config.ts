import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3999);
const dataDir = process.env.E2E_DATA_DIR ?? "test-data/e2e-manual";
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  // CI runs these beside two other lanes on 2 cores (.ci/run), where a journey takes two to three times its
  // time alone: CI allows twice the time before calling a step hung (decision 029, amendment 2026-11-28).
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  // Two workers on CI as well as locally: the suite is built for two (EVENT_STREAMS_PER_NETWORK below), and on
  // 2 cores the second worker fills the minutes the durability and start-up specs spend waiting
  // (docs/decisions/029-ci-time.md).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    // A trace records every step's DOM and a screencast: 40% more CPU for the tests that pass (measured on
    // two specs, 137 against 97 CPU-seconds). CI records one for a failed test's retry; a developer's run keeps
    // the failed test's own (decision 029).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "warn",
      ADMIN_HIDDEN_LOGOUT_MS: "2000",
      // Fixtures sign in as admin:create's Owner without a second factor; staff-roles.spec.ts sets the
      // policy for the roles it tests on /admin/staff (decision 043).
      ADMIN_SECOND_FACTOR_ROLES: "none",
      // The journeys place many orders from one browser on one address; the limits have their own
      // suites (tests/integration/abuse-checkout.test.ts, tests/e2e/checkout-limits.spec.ts).
      CHECKOUT_RATE_PER_HOUR: "100000",
      MAX_OPEN_ORDERS_PER_CUSTOMER: "1000",
      MAX_HELD_UNITS_PER_CUSTOMER: "100000",
      // Two workers' browsers share 127.0.0.1: each tab's live-update stream would count against one network.
      EVENT_STREAMS_PER_NETWORK: "1000",
    },
  },
});

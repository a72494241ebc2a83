import type { ChildProcess } from "node:child_process";
import type pg from "pg";

export { embeddedPostgresAddress } from "../../server/embedded-postgres-address.mjs";
export { freePort } from "../../server/free-port.mjs";

/** The abuse limits lifted, for tests and benches that place many orders from one address. */
export const NO_ABUSE_LIMITS: Record<string, string>;

/** The repository root. */
export const root: string;

/** A new empty data folder under the system's temporary folder (readable by the 'postgres' user). */
export function freshDataDir(prefix?: string): string;

/** The connection string of a DATA_DIR's embedded database (the shop must be running on it). */
export function embeddedDatabaseUrl(dataDir: string): string;

/** A connected client on the embedded database of a DATA_DIR (the shop must be running on it). */
export function embeddedClient(dataDir: string): Promise<pg.Client>;

type Stdio = "pipe" | "inherit" | "ignore";

export type StartShopOptions = {
  /** Wait until /healthz answers 200 (default true). */
  waitHealthy?: boolean;
  /** How long to wait for /healthz (default 300 s: the first start may build). */
  timeoutMs?: number;
  /** The shop's stdout and stderr: captured for output() ("pipe", the default), shown, or dropped. */
  stdout?: Stdio;
  stderr?: Stdio;
  /** Name prefix of the fresh data folder made when env has no DATA_DIR. */
  dataDirPrefix?: string;
  /** The project folder to start from (default: this repository), e.g. a copy installed elsewhere. */
  root?: string;
};

export type ShopProcess = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** What the shop printed so far (when stdout/stderr are captured). */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM (SIGKILL after timeoutMs, default 20 s); removes a fresh data folder unless keepData. */
  stop: (options?: { keepData?: boolean; timeoutMs?: number }) => Promise<void>;
  /** The embedded database's connection string (not for a shop started with DATABASE_URL). */
  databaseUrl: () => string;
  /** A connected client on the embedded database (not for a shop started with DATABASE_URL). */
  db: () => Promise<pg.Client>;
};

/**
 * Start the built shop (`node scripts/start.mjs`) on a free port. `env` overrides the environment; without
 * DATA_DIR a fresh data folder is made (and removed by stop()).
 */
export function startShop(env?: Record<string, string>, options?: StartShopOptions): Promise<ShopProcess>;

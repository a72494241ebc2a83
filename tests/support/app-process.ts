import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address() as net.AddressInfo;
      srv.close(() => resolve(addr.port));
    });
  });
}

export type AppProcess = { url: string; child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Start the built shop (`node scripts/start.mjs`) with the given environment. */
export async function startApp(env: Record<string, string>, options: { waitHealthy?: boolean } = {}): Promise<AppProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  if (options.waitHealthy !== false) {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the shop exited during start:\n${out}`);
      try {
        const r = await fetch(`${url}/healthz`);
        if (r.ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error(`the shop did not start in time:\n${out}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { url, child, output: () => out, exited };
}

/** A client on the embedded database of a DATA_DIR (its port from postmaster.pid). */
export async function embeddedClient(dataDir: string): Promise<pg.Client> {
  const pid = fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n");
  const password = fs.readFileSync(path.join(dataDir, ".postgres-password"), "utf8").trim();
  const client = new pg.Client({ host: "127.0.0.1", port: Number(pid[3]), user: "postgres", password, database: "postgres" });
  await client.connect();
  return client;
}

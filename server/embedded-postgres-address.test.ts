import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { embeddedPostgresAddress } from "./embedded-postgres-address.mjs";
import { freePort } from "./free-port.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A DATA_DIR laid out as the shop leaves it: postgres/postmaster.pid (as PostgreSQL 17 writes it) and the password. */
function dataDir(pidFile: string | undefined, password = "p@ss/word+=x") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "neon-address-"));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, "postgres"));
  if (pidFile !== undefined) fs.writeFileSync(path.join(dir, "postgres", "postmaster.pid"), pidFile);
  fs.writeFileSync(path.join(dir, ".postgres-password"), `${password}\n`);
  return dir;
}

describe("embeddedPostgresAddress", () => {
  it("reads the server's process id and port from postmaster.pid and encodes the password into the URL", () => {
    const dir = dataDir(
      `48213\n${"/data/postgres"}\n1795355140\n41873\n\n127.0.0.1\n  1234567     98304\nready   \n`,
    );
    expect(embeddedPostgresAddress(dir)).toEqual({
      pid: 48213,
      port: 41873,
      password: "p@ss/word+=x",
      url: "postgres://postgres:p%40ss%2Fword%2B%3Dx@127.0.0.1:41873/postgres",
    });
  });

  it("fails with the file's name when it names no port, and when the database never ran", () => {
    expect(() => embeddedPostgresAddress(dataDir("48213\n/data/postgres\n"))).toThrow(
      /postmaster\.pid does not name a process and a port/,
    );
    expect(() => embeddedPostgresAddress(dataDir("48213\n/data/postgres\n1795355140\n\n"))).toThrow(
      /does not name/,
    );
    expect(() => embeddedPostgresAddress(dataDir(undefined))).toThrow(/ENOENT/);
  });
});

describe("freePort", () => {
  it("gives a port that can be listened on at once", async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const srv = net.createServer();
    await new Promise<void>((resolve, reject) => {
      srv.once("error", reject);
      srv.listen(port, "127.0.0.1", resolve);
    });
    await new Promise((r) => srv.close(r));
  });
});

import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The project folder (the one holding package.json), found from this file's location. */
export function projectRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, "package.json")) && fs.existsSync(path.join(dir, "drizzle"))) {
      root = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      root = process.cwd();
      return root;
    }
    dir = parent;
  }
}

export function projectPath(...parts: string[]): string {
  return path.join(projectRoot(), ...parts);
}

/**
 * Writes a file at most once (an outbox entry): through a temporary file beside it and link(), which
 * refuses an existing name, so a reader never sees half a file and a file already there is kept as it is.
 */
export async function writeFileOnce(file: string, content: string | Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  await fsp.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${Date.now()}-${crypto.randomBytes(4).toString("hex")}.tmp`);
  await fsp.writeFile(tmp, content);
  try {
    await fsp.link(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    await fsp.rm(tmp, { force: true });
  }
}

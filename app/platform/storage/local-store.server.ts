import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import {
  assertValidKey,
  assertValidPrefix,
  contentTypeFor,
  ObjectStoreError,
  type ObjectInfo,
  type ObjectStore,
  type StoredObject,
} from "./store-contract.server";

const MISSING = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);
const TEMPORARY = /^\.tmp-/;

function code(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "code" in err ? String(err.code) : undefined;
}

/**
 * Objects as files under one folder (DATA_DIR/uploads): key `a/b.webp` is the file `{root}/a/b.webp`. A file
 * is written under a `.tmp-*` name at the top of the folder and renamed into place, so a reader never sees
 * half a file; a crash leaves only `.tmp-*` entries, which removeStaleTemporaries clears.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = "local" as const;
  readonly description: string;

  constructor(
    readonly root: string,
    readonly publicBase = "/uploads",
  ) {
    this.root = path.resolve(root);
    this.description = `folder ${this.root}`;
  }

  private file(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.root, ...key.split("/"));
    // isValidObjectKey already rules out "..", absolute paths and dot names; this is the belt to those braces.
    if (!file.startsWith(this.root + path.sep)) throw new ObjectStoreError("Invalid object key");
    return file;
  }

  /** The content type is not kept: a file's type follows from its extension (contentTypeFor). */
  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<void> {
    const file = this.file(key);
    const tmp = path.join(this.root, `.tmp-${crypto.randomBytes(16).toString("hex")}`);
    try {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(tmp, bytes);
      await fsp.rename(tmp, file);
    } catch (err) {
      await fsp.rm(tmp, { force: true }).catch(() => undefined);
      throw new ObjectStoreError(
        `Could not write ${key} in ${this.description}: ${code(err) ?? String(err)}`,
      );
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, "r");
    } catch (err) {
      if (MISSING.has(code(err) ?? "")) return null;
      throw new ObjectStoreError(`Could not read ${key} in ${this.description}: ${code(err) ?? String(err)}`);
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: handle.createReadStream(),
        contentType: contentTypeFor(key),
        size: st.size,
        lastModified: st.mtime,
        etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`,
      };
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw new ObjectStoreError(`Could not read ${key} in ${this.description}: ${code(err) ?? String(err)}`);
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    try {
      await fsp.rm(file, { force: true });
    } catch (err) {
      throw new ObjectStoreError(
        `Could not delete ${key} in ${this.description}: ${code(err) ?? String(err)}`,
      );
    }
    // Empty folders left by the last object of a key prefix go too (an image's folder after its last width).
    let dir = path.dirname(file);
    while (dir.startsWith(this.root + path.sep)) {
      try {
        await fsp.rmdir(dir);
      } catch {
        break; // not empty (or already gone): stop climbing
      }
      dir = path.dirname(dir);
    }
  }

  async *list(prefix = ""): AsyncIterable<ObjectInfo> {
    assertValidPrefix(prefix);
    // Walk only the deepest folder the prefix names: "abc/" walks {root}/abc, "ab" walks the root.
    const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    const start = folder ? path.join(this.root, ...folder.split("/")) : this.root;
    const pending = [start];
    while (pending.length) {
      const dir = pending.pop()!;
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (MISSING.has(code(err) ?? "")) continue;
        throw new ObjectStoreError(`Could not list ${this.description}: ${code(err) ?? String(err)}`);
      }
      for (const entry of entries) {
        if (entry.name.startsWith(".")) continue; // temporaries and anything hidden are not objects
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          pending.push(full);
          continue;
        }
        if (!entry.isFile()) continue;
        const key = path.relative(this.root, full).split(path.sep).join("/");
        if (!key.startsWith(prefix)) continue;
        const st = await fsp.stat(full).catch(() => null);
        if (st) yield { key, size: st.size, lastModified: st.mtime };
      }
    }
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  async ping(): Promise<void> {
    try {
      await fsp.mkdir(this.root, { recursive: true });
      await fsp.access(this.root, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
    } catch (err) {
      throw new ObjectStoreError(
        `The uploads ${this.description} is not usable: ${code(err) ?? String(err)}`,
      );
    }
  }

  async removeStaleTemporaries(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await fsp.readdir(this.root);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      if (!TEMPORARY.test(name)) continue;
      const full = path.join(this.root, name);
      const st = await fsp.lstat(full).catch(() => null);
      if (!st || st.mtimeMs >= before.getTime()) continue;
      await fsp.rm(full, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }
}

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { projectPath } from "./paths.server";

/*
 * Where a worker thread's entry file is (decision 048), for a module named `<name>-worker.server.ts`:
 * - from the production build, `build/server/<name>-worker.js`: vite.config.ts (`serverWorkers`) builds every
 *   such module as an entry of its own beside the server's, sharing the server's chunks;
 * - from the TypeScript sources (Vitest, `npm run dev`), `server/ts-worker.mjs`, which loads the module through
 *   tsx (a devDependency, so only where the sources run).
 */

const fromSources = /\.tsx?$/.test(fileURLToPath(import.meta.url));

export type WorkerEntry = { filename: string; workerData?: { module: string } };

/** The entry of the worker module at `sourceModule` (relative to the project, e.g. "app/features/x/y-worker.server.ts"). */
export function workerEntry(sourceModule: string): WorkerEntry {
  if (!/-worker\.server\.ts$/.test(sourceModule))
    throw new Error(`${sourceModule}: a worker module's name ends in -worker.server.ts`);
  if (fromSources)
    return {
      filename: projectPath("server", "ts-worker.mjs"),
      workerData: { module: projectPath(sourceModule) },
    };
  const filename = projectPath(
    "build",
    "server",
    path.basename(sourceModule).replace(/\.server\.ts$/, ".js"),
  );
  if (!fs.existsSync(filename)) throw new Error(`the build has no ${filename}: build again (npm run build)`);
  return { filename };
}

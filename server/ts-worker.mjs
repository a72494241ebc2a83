// A worker thread's entry when the app runs from its TypeScript sources (Vitest, `npm run dev`): it loads the
// module named by the pool's workerData through tsx and hands it to tinypool, which calls the export the pool
// names. The production build has no TypeScript: there each worker is a file of its own under build/server/
// (app/platform/worker-entry.server.ts, decision 048).
import Tinypool from "tinypool";
import { tsImport } from "tsx/esm/api";

export default await tsImport(Tinypool.workerData.module, import.meta.url);

// `npm run dev`: the shop with Vite's hot reload. The server modules are loaded through Vite too, so
// the app's modules exist once, as in production.
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import type { run as runShop } from "./main";

process.env.NODE_ENV = "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { run } = (await vite.ssrLoadModule("./server/main.ts")) as { run: typeof runShop };
await run({
  dev: {
    middlewares: vite.middlewares,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  },
});

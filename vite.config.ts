import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build's entry is our Express app, so the app's server modules exist once.
    rollupOptions: isSsrBuild ? { input: "./server/main.ts" } : undefined,
    target: isSsrBuild ? "node20" : "es2022",
    minify: process.env.NO_MINIFY ? false : undefined,
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter()],
}));

import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The platform's tables and each feature's (issue 43): one schema, one home per table.
  schema: ["./app/platform/db/tables.server.ts", "./app/features/*/tables.server.ts"],
  out: "./drizzle",
});

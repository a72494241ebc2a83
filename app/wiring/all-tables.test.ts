import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * all-tables.server.ts is what the backup's table list and the personal-data map are checked against: a
 * feature whose tables are missing there is missing from both checks (the production board's and the money
 * reconciliation's tables were, until this test).
 */
describe("every table in one module", () => {
  it("re-exports every feature's tables.server.ts", () => {
    const features = path.resolve(__dirname, "../features");
    const source = fs.readFileSync(path.join(__dirname, "all-tables.server.ts"), "utf8");
    const missing = fs
      .readdirSync(features)
      .filter((f) => fs.existsSync(path.join(features, f, "tables.server.ts")))
      .filter((f) => !source.includes(`export * from "~/features/${f}/tables.server";`));
    expect(missing).toEqual([]);
  });
});

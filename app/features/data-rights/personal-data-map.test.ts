import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/wiring/all-tables.server";
import { BACKUP_TABLES } from "~/platform/backup.server";
import { PERSONAL_COLUMN, PERSONAL_DATA } from "./personal-data-map";

const tables = Object.values(schema)
  .filter((v) => v instanceof PgTable)
  .map((t) => getTableConfig(t as PgTable));

describe("every personal-data column is handled by My data or exempt with a reason", () => {
  it("classifies each column whose name looks personal", () => {
    const missing: string[] = [];
    for (const t of tables)
      for (const c of t.columns)
        if (PERSONAL_COLUMN.test(c.name) && !PERSONAL_DATA[t.name]?.columns[c.name])
          missing.push(`${t.name}.${c.name}`);
    expect(missing, "classify these in app/features/data-rights/personal-data-map.ts").toEqual([]);
  });

  it("names only columns that exist, and every exemption says why", () => {
    for (const [table, map] of Object.entries(PERSONAL_DATA)) {
      const t = tables.find((x) => x.name === table);
      expect(t, table).toBeDefined();
      for (const [col, handling] of Object.entries(map.columns)) {
        expect(
          t!.columns.map((c) => c.name),
          `${table}.${col}`,
        ).toContain(col);
        if (handling.startsWith("exempt") || handling.startsWith("kept"))
          expect(handling.split(": ")[1]?.length ?? 0).toBeGreaterThan(5);
      }
    }
  });

  it("backs up every table that holds personal data", () => {
    for (const table of Object.keys(PERSONAL_DATA))
      expect(BACKUP_TABLES as readonly string[]).toContain(table);
  });
});

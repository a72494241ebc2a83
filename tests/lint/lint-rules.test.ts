import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";

/*
 * The architecture rules must keep running: each fixture in tests/lint-fixtures breaks one on purpose and
 * must fail lint with that rule (a rule that silently stopped running, as no-cycle once did on .ts files,
 * fails this test). Fixtures are linted as if they lived where the rule applies.
 */
const root = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) => path.join(root, "tests/lint-fixtures", name);
const eslint = new ESLint({ cwd: root, ignore: false });

async function rulesFired(file: string, lintAs?: string): Promise<string[]> {
  const code = fs.readFileSync(fixture(file), "utf8");
  const [result] = await eslint.lintText(code, {
    filePath: lintAs ? path.join(root, lintAs) : fixture(file),
  });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe("lint rules that keep the architecture", () => {
  it("finds an import cycle between .ts files", async () => {
    expect((await rulesFired("cycle-a.ts")).join("\n")).toMatch(/import-x\/no-cycle/);
  });

  it("refuses a route importing the database or the query builder", async () => {
    const fired = (await rulesFired("route-imports-db.tsx", "app/routes/shop/fixture.tsx")).join("\n");
    expect(fired).toMatch(/drizzle-orm.*|Routes reach the database/);
    expect(fired.match(/Routes reach the database/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it("keeps app/domain pure: no node:, no server code", async () => {
    const fired = (await rulesFired("domain-imports-node.ts", "app/domain/fixture.ts")).join("\n");
    expect(fired).toMatch(
      /no-restricted-imports: .*app\/domain imports only its own files \(zod through .\/zod\), libphonenumber-js and ipaddr.js/,
    );
    expect(fired).toMatch(/import-x\/no-restricted-paths/);
  });

  it("takes zod only through ~/shared/zod (which turns its CSP-breaking eval probe off)", async () => {
    for (const where of [
      "app/components/fixture.tsx",
      "app/routes/shop/fixture.tsx",
      "app/domain/fixture.ts",
    ]) {
      expect((await rulesFired("imports-zod.ts", where)).join("\n"), where).toMatch(
        /no-restricted-imports: 'zod' import is restricted/,
      );
    }
  });

  it("wants kebab-case file names", async () => {
    expect((await rulesFired("NotKebabCase.ts", "app/components/NotKebabCase.ts")).join("\n")).toMatch(
      /check-file\/filename-naming-convention/,
    );
  });

  it("wants prettier's formatting", async () => {
    const file = fixture("unformatted.ts");
    const options = await prettier.resolveConfig(file);
    expect(await prettier.check(fs.readFileSync(file, "utf8"), { ...options, filepath: file })).toBe(false);
  });

  it("lets the real tree's good files through the same rules", async () => {
    for (const file of [
      "app/features/checkout/routes/checkout.tsx",
      "app/features/checkout/checkout.ts",
      "app/features/checkout/place-order.server.ts",
    ]) {
      const [result] = await eslint.lintFiles([path.join(root, file)]);
      expect(
        result!.messages.filter((m) => m.severity === 2),
        file,
      ).toEqual([]);
    }
  });
});

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

// ESLint with type-aware resolution takes seconds per file; on a busy 2-core CI the default 5 s per test is not enough.
describe("lint rules that keep the architecture", { timeout: 120_000 }, () => {
  it("finds an import cycle between .ts files", async () => {
    expect((await rulesFired("cycle-a.ts")).join("\n")).toMatch(/import-x\/no-cycle/);
  });

  it("refuses a route importing the database or the query builder", async () => {
    const fired = (
      await rulesFired("route-imports-db.tsx", "app/features/storefront/routes/fixture.tsx")
    ).join("\n");
    expect(fired).toMatch(/drizzle-orm.*|Routes reach the database/);
    expect(fired.match(/Routes reach the database/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it("keeps pure rules pure: no node:, no server code (app/shared and a feature's top-level rules)", async () => {
    for (const where of ["app/shared/fixture.ts", "app/features/catalog/fixture.ts"]) {
      const fired = (await rulesFired("pure-imports-node.ts", where)).join("\n");
      expect(fired, where).toMatch(
        /no-restricted-imports: .*Pure rules \(app\/shared, app\/features\/\*\/\*\.ts\) import only other pure rules/,
      );
    }
  });

  it("lets a component take a server module's types, never its code or a server package", async () => {
    const fired = await rulesFired("component-imports-server.tsx", "app/features/catalog/ui/fixture.tsx");
    expect(fired.filter((m) => /Browser code must not import server modules/.test(m))).toHaveLength(1);
    expect(fired.join("\n")).toMatch(
      /'sharp' import is restricted.*Browser code must not import server packages/,
    );
  });

  it("keeps components, browser modules and routes out of server modules", async () => {
    const fired = await rulesFired("server-imports-ui.ts", "app/features/catalog/fixture.server.ts");
    expect(fired.filter((m) => /import-x\/no-restricted-paths: .*never components/.test(m))).toHaveLength(2);
  });

  it("lets features import each other only along the declared one-way graph", async () => {
    const fired = (await rulesFired("feature-imports-upward.ts", "app/features/settings/fixture.ts")).join(
      "\n",
    );
    expect(fired).toMatch(
      /import-x\/no-restricted-paths: .*app\/features\/settings may import only sign-options, admin-shell \(FEATURE_GRAPH/,
    );
    // The same import from a feature above the checkout is fine.
    expect(
      (await rulesFired("feature-imports-upward.ts", "app/features/orders/fixture.ts")).join("\n"),
    ).not.toMatch(/no-restricted-paths/);
  });

  it("keeps the bottom layers free of features: app/platform, app/shared and app/ui import no feature and not app/wiring", async () => {
    for (const where of ["app/platform/fixture.server.ts", "app/shared/fixture.ts", "app/ui/fixture.tsx"]) {
      const fired = await rulesFired("bottom-imports-feature.ts", where);
      expect(
        fired.filter((m) =>
          /no-restricted-paths: .*the bottom layers: they import no feature and not app\/wiring/.test(m),
        ),
        where,
      ).toHaveLength(2);
    }
    // The same imports are fine from the wiring itself.
    expect(
      (await rulesFired("bottom-imports-feature.ts", "app/wiring/fixture.server.ts")).join("\n"),
    ).not.toMatch(/no-restricted-paths/);
  });

  it("lets a feature read any feature's tables, not its other modules, and never the wiring", async () => {
    const fired = await rulesFired("reads-other-tables.ts", "app/features/settings/fixture.server.ts");
    const restricted = fired.filter((m) => m.startsWith("import-x/no-restricted-paths"));
    expect(restricted).toHaveLength(2);
    expect(restricted.join("\n")).toMatch(
      /app\/features\/settings may import only sign-options, admin-shell/,
    );
    expect(restricted.join("\n")).toMatch(/Features never import app\/wiring/);
    expect(restricted.join("\n")).not.toMatch(/tables\.server/);
  });

  it("wants the ~/ alias across folders", async () => {
    expect((await rulesFired("relative-parent.ts", "app/features/catalog/ui/fixture.ts")).join("\n")).toMatch(
      /Use the ~\/ alias/,
    );
  });

  it("checks the size rule: 250 lines for a component or route, 400 for other modules", async () => {
    const body = (n: number) =>
      Array.from({ length: n }, (_, i) => `export const line${i} = ${i};`).join("\n") + "\n";
    const lint = async (code: string, where: string) =>
      (await eslint.lintText(code, { filePath: path.join(root, where) }))[0]!.messages.map((m) => m.ruleId);
    expect(await lint(body(251), "app/features/catalog/ui/fixture.tsx")).toContain("max-lines");
    expect(await lint(body(250), "app/features/catalog/ui/fixture.tsx")).not.toContain("max-lines");
    expect(await lint(body(251), "app/features/catalog/routes/api-fixture.ts")).toContain("max-lines");
    expect(await lint(body(401), "app/features/catalog/fixture.server.ts")).toContain("max-lines");
    expect(await lint(body(400), "app/features/catalog/fixture.server.ts")).not.toContain("max-lines");
  });

  it("takes zod only through ~/shared/zod (which turns its CSP-breaking eval probe off)", async () => {
    for (const where of [
      "app/features/catalog/ui/fixture.tsx",
      "app/features/storefront/routes/fixture.tsx",
      "app/features/catalog/fixture.ts",
      "app/platform/fixture.server.ts",
    ]) {
      expect((await rulesFired("imports-zod.ts", where)).join("\n"), where).toMatch(
        /no-restricted-imports: 'zod' import is restricted/,
      );
    }
  });

  it("shows toasts one way: sonner only in the toaster, everything else through ~/ui/toast", async () => {
    for (const where of [
      "app/features/catalog/ui/fixture.tsx",
      "app/features/orders/routes/fixture.tsx",
      "app/ui/fixture.tsx",
    ]) {
      expect((await rulesFired("imports-sonner.tsx", where)).join("\n"), where).toMatch(
        /no-restricted-imports: 'sonner' import is restricted/,
      );
    }
    expect((await rulesFired("imports-sonner.tsx", "app/ui/sonner.tsx")).join("\n")).not.toMatch(
      /no-restricted-imports/,
    );
  });

  it("wants kebab-case file names", async () => {
    expect((await rulesFired("NotKebabCase.ts", "app/ui/NotKebabCase.ts")).join("\n")).toMatch(
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

import js from "@eslint/js";
import checkFile from "eslint-plugin-check-file";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const nodeResolver = importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] });
/** Resolves the "~/" alias (app/) so the import-direction rules see those imports too. */
const aliasResolver = {
  interfaceVersion: 3,
  name: "tilde-alias",
  resolve(modulePath, sourceFile) {
    const target = modulePath.startsWith("~/")
      ? `${import.meta.dirname}/app/${modulePath.slice(2)}`
      : modulePath;
    return nodeResolver.resolve(target, sourceFile);
  },
};

export default tseslint.config(
  {
    // tests/lint-fixtures break the rules on purpose; tests/lint/lint-rules.test.ts lints them and expects failures.
    ignores: [
      "build/**",
      "node_modules/**",
      ".react-router/**",
      "data/**",
      "test-data/**",
      "drizzle/**",
      "playwright-report/**",
      "test-results/**",
      "bench/results/**",
      "tests/lint-fixtures/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX, "react-hooks": reactHooks, "check-file": checkFile },
    settings: {
      "import-x/resolver-next": [aliasResolver],
      // Without these, import-x parses no .ts/.tsx file while following imports, and no-cycle sees nothing.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // File names are kebab-case (the part before .server/.test/.config/.d counts).
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx,js,mjs}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      // House rule 2: import directions.
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: "./app/domain",
              from: ["./app/server", "./app/components", "./app/lib", "./app/routes", "./server"],
              message: "app/domain is pure: it imports only zod and other domain modules.",
            },
            {
              target: ["./app/components", "./app/lib"],
              from: ["./app/server", "./app/routes", "./server"],
              message: "Browser code must not import server modules.",
            },
            {
              target: "./app/server",
              from: ["./app/components", "./app/routes", "./app/lib"],
              message: "Server modules import domain, never components or routes.",
            },
            {
              target: "./app/routes",
              from: ["./app/server/db"],
              message: "Routes reach the database through an app/server module, never directly.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/routes/**", "app/domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../server/*", "../../server/*"], message: "Use the ~/ alias." },
            {
              regex: "^zod(/.*)?$",
              message:
                "Import z from ~/shared/zod: it turns off zod's eval probe, which our CSP would report from every page.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../server/*", "../../server/*"], message: "Use the ~/ alias." },
            {
              regex: "^zod(/.*)?$",
              message:
                "Import z from ~/shared/zod: it turns off zod's eval probe, which our CSP would report from every page.",
            },
            {
              regex: "^(drizzle-orm|pg|postgres)(/.*)?$",
              message: "Routes reach the database through an app/server module, never directly.",
            },
            {
              regex: "^~/server/db(/.*)?$",
              message: "Routes reach the database through an app/server module, never directly.",
            },
          ],
        },
      ],
    },
  },
  {
    // House rule: app/domain is pure. It imports its own files, zod, libphonenumber-js (a pure library, decision
    // 017) and ipaddr.js (pure address parsing, decision 027), nothing else (no node:, no server, no React).
    files: ["app/domain/**/*.ts"],
    ignores: ["app/domain/**/*.test.ts", "app/shared/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!libphonenumber-js$|ipaddr\\.js$|\\./|\\.\\./|~/domain/).*",
              message:
                "app/domain imports only its own files (zod through ./zod), libphonenumber-js and ipaddr.js.",
            },
          ],
        },
      ],
    },
  },
);

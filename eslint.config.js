import js from "@eslint/js";
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
    const target = modulePath.startsWith("~/") ? `${import.meta.dirname}/app/${modulePath.slice(2)}` : modulePath;
    return nodeResolver.resolve(target, sourceFile);
  },
};

export default tseslint.config(
  {
    ignores: ["build/**", "node_modules/**", ".react-router/**", "data/**", "test-data/**", "drizzle/**", "playwright-report/**", "test-results/**", "bench/results/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [aliasResolver],
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
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
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../server/*", "../../server/*"], message: "Use the ~/ alias." }] },
      ],
    },
  },
);

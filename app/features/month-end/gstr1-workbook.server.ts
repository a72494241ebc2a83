import { strToU8, zipSync } from "fflate";
import type { Gstr1 } from "./gstr1";
import { gstr1WorkbookFiles } from "./gstr1-workbook";

/** The GSTR-1 workbook's CSV sheets zipped (decision 066), each file dated `at`. */
export function gstr1WorkbookZip(
  g: Gstr1,
  names: ReadonlyMap<string, string> = new Map(),
  at: Date = new Date(),
): Uint8Array<ArrayBuffer> {
  const files = Object.fromEntries(
    [...gstr1WorkbookFiles(g, names)].map(([name, csv]) => [name, strToU8(csv)] as const),
  );
  return new Uint8Array(zipSync(files, { level: 6, mtime: at }));
}

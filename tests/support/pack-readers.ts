import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { SignDrawing } from "~/features/sign-geometry/sign-geometry";
import { drawingToDxf } from "~/features/workshop/production-dxf.server";
import { drawingToSvg } from "~/features/workshop/production-svg";

/*
 * The production pack's files opened by independent readers (issue 44): Debian's ezdxf reads and audits the
 * DXF, librsvg renders the SVG. Both are system packages, not npm ones:
 *   sudo apt-get install -y python3-ezdxf librsvg2-bin
 * Without them the tests that use these are skipped on a laptop (with that line printed) and fail in CI (CI
 * or PACK_READERS_REQUIRED set; .ci/run installs them and sets PACK_READERS_REQUIRED).
 */

const PYTHON = "/usr/bin/python3";
export const INSTALL = "sudo apt-get install -y python3-ezdxf librsvg2-bin";
export const readersRequired = Boolean(process.env.CI) || Boolean(process.env.PACK_READERS_REQUIRED);

function has(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const hasEzdxf = has(PYTHON, ["-c", "import ezdxf, ezdxf.bbox"]);
const hasRsvg = has("rsvg-convert", ["--version"]);
export const missingReaders = [
  !hasEzdxf && "python3-ezdxf",
  !hasRsvg && "rsvg-convert (librsvg2-bin)",
].filter(Boolean);
if (missingReaders.length && !readersRequired)
  console.warn(`Skipping the pack's reader tests: ${missingReaders.join(", ")} missing. Install: ${INSTALL}`);

/** Where the files are written for the readers (one folder per test file, removed with `removeReaderFiles`). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pack-readers-"));
export const removeReaderFiles = () => fs.rmSync(dir, { recursive: true, force: true });
/** Whether the reader tests run here: both readers present, or required (then a missing one fails). */
export const runReaderTests = missingReaders.length === 0 || readersRequired;

type EzdxfReport = {
  errors: string[];
  units: number;
  layers: string[];
  min: number[];
  max: number[];
  byLayer: Record<string, number>;
};
const READ_DXF = `
import sys, json, collections, ezdxf
from ezdxf import bbox
doc = ezdxf.readfile(sys.argv[1])
auditor = doc.audit()
msp = doc.modelspace()
ext = bbox.extents(msp)
print(json.dumps({
  "errors": [str(e.message) for e in auditor.errors],
  "units": doc.units,
  "layers": [l.dxf.name for l in doc.layers],
  "min": list(ext.extmin), "max": list(ext.extmax),
  "byLayer": collections.Counter(e.dxf.layer for e in msp),
}))
`;

/** What ezdxf reads in a DXF file. */
export function readDxf(dxf: string, name = "sign.dxf"): EzdxfReport {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, dxf);
  return JSON.parse(execFileSync(PYTHON, ["-c", READ_DXF, file], { encoding: "utf8" })) as EzdxfReport;
}

/** The size in pixels of the PNG rsvg-convert renders from an SVG at `dpi` (it throws when rsvg-convert fails). */
export function renderSvg(svg: string, dpi: number, name = "sign.svg"): { width: number; height: number } {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, svg);
  const png = execFileSync("rsvg-convert", [
    "--dpi-x",
    String(dpi),
    "--dpi-y",
    String(dpi),
    "-f",
    "png",
    file,
  ]);
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The checks every pack's files pass, for any drawing. */
export function expectReadersAccept(d: SignDrawing, name: string) {
  const report = readDxf(drawingToDxf(d), `${name}.dxf`);
  expect(report.errors).toEqual([]);
  expect(report.units).toBe(4);
  expect(report.layers).toEqual(expect.arrayContaining(["LETTERS", "LED", "BACKING", "HOLES", "CABLE"]));
  expect(report.min[0]).toBeCloseTo(0, 2);
  expect(report.min[1]).toBeCloseTo(0, 2);
  expect(report.max[0]).toBeCloseTo(d.widthMm, 2);
  expect(report.max[1]).toBeCloseTo(d.heightMm, 2);
  // 2 pixels a millimetre: 50.8 dpi.
  const png = renderSvg(drawingToSvg(d), 50.8, `${name}.svg`);
  expect(Math.abs(png.width - d.widthMm * 2)).toBeLessThanOrEqual(1);
  expect(Math.abs(png.height - d.heightMm * 2)).toBeLessThanOrEqual(1);
  return report;
}

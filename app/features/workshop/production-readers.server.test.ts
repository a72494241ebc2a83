import { afterAll, describe, expect, it } from "vitest";
import { drawingToSvg } from "./production-svg";
import { fixtureDrawing } from "./production-fixtures";
import {
  expectReadersAccept,
  INSTALL,
  missingReaders,
  removeReaderFiles,
  renderSvg,
  runReaderTests,
} from "../../../tests/support/pack-readers";

/* The pack's files of a hand-made drawing in independent readers (tests/support/pack-readers.ts says how to install them). */

afterAll(removeReaderFiles);

describe.skipIf(!runReaderTests)("the pack's files in independent readers", () => {
  it("has its readers (CI installs them)", () => {
    expect(missingReaders, `Install: ${INSTALL}`).toEqual([]);
  });

  it("ezdxf reads the hand-made drawing's DXF without audit errors, in mm, with its layers and extents", () => {
    const report = expectReadersAccept(fixtureDrawing(), "fixture");
    expect(report.byLayer).toEqual({ BACKING: 1, LETTERS: 3, LED: 2, HOLES: 2, CABLE: 3 });
  });

  it("rsvg-convert renders the SVG at the size its millimetres give", () => {
    expect(renderSvg(drawingToSvg(fixtureDrawing()), 25.4)).toEqual({ width: 200, height: 100 });
    expect(renderSvg(drawingToSvg(fixtureDrawing()), 254)).toEqual({ width: 2000, height: 1000 });
  });
});

import sharp from "sharp";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { pdfActualTexts, pdfText } from "../../../tests/support/pdf-text";
import { fixtureDrawing, fixtureMeasurement } from "./production-fixtures";
import { renderJobSheetPdf, type JobSheet } from "./production-job-sheet.server";
import { renderPrintPdf } from "./production-print-pdf.server";

/** Each page's size in millimetres (rounded). */
async function pageSizesMm(bytes: Buffer): Promise<[number, number][]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const sizes: [number, number][] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const [x0, y0, x1, y1] = (await pdf.getPage(i)).view as [number, number, number, number];
    sizes.push([Math.round(((x1 - x0) * 25.4) / 72), Math.round(((y1 - y0) * 25.4) / 72)]);
  }
  await pdf.destroy();
  return sizes;
}

describe("renderPrintPdf", () => {
  it("prints a 200 x 100 mm sign on one landscape A4 page, labelled, with the 100 mm bar's words", async () => {
    const pdf = await renderPrintPdf(fixtureDrawing(), "NL-TEST");
    // 200 mm is wider than a portrait page's 190 mm window: one landscape page instead of two portrait ones.
    expect(await pageSizesMm(pdf)).toEqual([[297, 210]]);
    const text = await pdfText(pdf);
    expect(text).toContain("NL-TEST · row 1 of 1, column 1 of 1 · page 1 of 1");
    expect(text).toContain("1:1 — check the 100 mm bar");
  });

  it("tiles a 600 x 300 mm sign on six landscape A4 pages, each saying its row and column", async () => {
    const big = { ...fixtureDrawing(), widthMm: 600, heightMm: 300 };
    const pdf = await renderPrintPdf(big, "NL-BIG");
    expect(await pageSizesMm(pdf)).toEqual(Array(6).fill([297, 210]));
    const text = await pdfText(pdf);
    expect(text).toContain("row 1 of 2, column 1 of 3 · page 1 of 6");
    expect(text).toContain("row 2 of 2, column 3 of 3 · page 6 of 6");
  });

  it("refuses a drawing with no size", async () => {
    await expect(renderPrintPdf({ ...fixtureDrawing(), widthMm: -1 }, "x")).rejects.toThrow("no size");
  });
});

describe("renderJobSheetPdf", () => {
  const sheet = (over: Partial<JobSheet> = {}): JobSheet => ({
    orderNumber: "NL-C1A2B3C4",
    due: "Thu 4 Dec 2026",
    placedOn: "28 Nov 2026",
    quantity: 2,
    lines: ["नमस्ते Hi", "Second line"],
    font: "Orbitron",
    color: "Pink",
    size: "Medium (60cm)",
    dimmer: true,
    backing: "Cut to shape",
    measurement: fixtureMeasurement(),
    warnings: ["Line 2: letters of 2.4 cm are close to the smallest the tube bends."],
    picture: null,
    ...over,
  });

  it("holds the order, the due date, what to make, the figures, the warnings and the checks", async () => {
    const pdf = await renderJobSheetPdf(sheet());
    expect(await pageSizesMm(pdf)).toEqual([[210, 297]]);
    const text = (await pdfText(pdf)).replace(/\n/g, " ");
    for (const s of [
      "Job sheet · NL-C1A2B3C4",
      "Due Thu 4 Dec 2026",
      "Second line",
      "Orbitron",
      "Medium (60cm)",
      "Cut to shape",
      "20 × 10 cm",
      "0.13 m Hot Pink",
      "12 W",
      "0.020 m²",
      "letters of 2.4 cm",
      "Dimmer takes it from full to low and back",
      "Every letter lights along its whole length (2 runs)",
    ])
      expect(text).toContain(s);
    // Hindi is shaped in Noto Sans Devanagari and carries the text as typed.
    expect(pdfActualTexts(pdf)).toContain("नमस्ते ");
  });

  it("prints the proof picture when there is one, and no dimmer check without a dimmer", async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#ff00aa" } })
      .png()
      .toBuffer();
    const pdf = await renderJobSheetPdf(
      sheet({ dimmer: false, picture: { bytes: png, caption: "Proof v2, approved" } }),
    );
    const text = await pdfText(pdf);
    expect(text).toContain("Proof v2, approved");
    expect(text).not.toContain("Dimmer takes it");
    expect(Buffer.from(pdf).toString("latin1")).toContain("/Subtype /Image");
  });
});

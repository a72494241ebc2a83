/*
 * How the 1:1 print is cut into A4 pages (issue 44, decision 060): each page prints a window of the drawing at
 * true size; neighbouring windows overlap by OVERLAP_MM, and alignment marks sit on the middle line of each
 * overlap, so the bender trims one sheet on that line and lays it on the marks of the next. Portrait or
 * landscape, whichever needs fewer sheets (portrait when equal).
 */

export const A4_MM = { width: 210, height: 297 } as const;
/** The blank border (mm) no printer prints into: sides and the label's and scale bar's bands. */
export const PAGE_MARGIN_MM = { side: 10, top: 16, bottom: 18 } as const;
export const OVERLAP_MM = 10;
/** Points in a millimetre (PDF's unit is 1/72 inch). */
export const PT_PER_MM = 72 / 25.4;

export type Tile = {
  row: number;
  column: number;
  /** The window's top-left corner in the drawing (mm). */
  x: number;
  y: number;
};
export type TilePlan = {
  landscape: boolean;
  /** The page's size and the printed window's size (mm). */
  pageWidth: number;
  pageHeight: number;
  windowWidth: number;
  windowHeight: number;
  rows: number;
  columns: number;
  /** Where the overlaps' middle lines are, in the drawing (mm): the trim lines and the marks' lines. */
  trimX: number[];
  trimY: number[];
  tiles: Tile[];
};

/** How many windows of `window` mm, stepping by window - overlap, cover `length` mm. */
const count = (length: number, window: number) =>
  Math.max(1, Math.ceil((length - window) / (window - OVERLAP_MM)) + 1);

function plan(widthMm: number, heightMm: number, landscape: boolean): TilePlan {
  const pageWidth = landscape ? A4_MM.height : A4_MM.width;
  const pageHeight = landscape ? A4_MM.width : A4_MM.height;
  const windowWidth = pageWidth - 2 * PAGE_MARGIN_MM.side;
  const windowHeight = pageHeight - PAGE_MARGIN_MM.top - PAGE_MARGIN_MM.bottom;
  const columns = count(widthMm, windowWidth);
  const rows = count(heightMm, windowHeight);
  const stepX = windowWidth - OVERLAP_MM;
  const stepY = windowHeight - OVERLAP_MM;
  const tiles: Tile[] = [];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++)
      tiles.push({ row: row + 1, column: column + 1, x: column * stepX, y: row * stepY });
  const trim = (n: number, step: number) =>
    Array.from({ length: n - 1 }, (_, i) => (i + 1) * step + OVERLAP_MM / 2);
  return {
    landscape,
    pageWidth,
    pageHeight,
    windowWidth,
    windowHeight,
    rows,
    columns,
    trimX: trim(columns, stepX),
    trimY: trim(rows, stepY),
    tiles,
  };
}

/** The pages that print a drawing of this size at 1:1. */
export function tilePlan(widthMm: number, heightMm: number): TilePlan {
  const portrait = plan(widthMm, heightMm, false);
  const landscape = plan(widthMm, heightMm, true);
  return landscape.tiles.length < portrait.tiles.length ? landscape : portrait;
}

/**
 * The alignment marks (mm, in the drawing): on every overlap's middle line, where it crosses the other
 * direction's middle lines, and every MARK_SPACING_MM along it, so each overlap carries at least two.
 */
export const MARK_SPACING_MM = 60;
export function alignmentMarks(p: TilePlan, widthMm: number, heightMm: number): [number, number][] {
  const along = (length: number, across: number[]) => {
    const at = new Set<number>(across);
    for (let v = MARK_SPACING_MM / 2; v < length; v += MARK_SPACING_MM) at.add(Math.round(v * 10) / 10);
    return [...at].sort((a, b) => a - b);
  };
  const marks: [number, number][] = [];
  for (const x of p.trimX) for (const y of along(heightMm, p.trimY)) marks.push([x, y]);
  for (const y of p.trimY)
    for (const x of along(widthMm, p.trimX)) if (!p.trimX.includes(x)) marks.push([x, y]);
  return marks;
}

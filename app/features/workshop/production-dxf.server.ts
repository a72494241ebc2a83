import { DxfWriter, LWPolylineFlags, Units, point3d, type LWPolylineVertex } from "@tarikjabiri/dxf";
import type { Point, Polyline, SignDrawing } from "~/features/sign-geometry/sign-geometry";
import { PACK_LAYERS, cableArrow, drawingProblem, type PackLayerId } from "./production-layers";

/*
 * The sign as a DXF at 1:1 in millimetres (issue 44, decision 060), written with @tarikjabiri/dxf: $INSUNITS 4
 * (millimetres) and $MEASUREMENT 1 (metric), the pack's five layers, closed LWPOLYLINEs for rings, open ones
 * for LED runs that do not close, CIRCLEs for the holes and three LINEs (an arrow) pointing at the cable exit. DXF's y runs
 * up, the drawing's down: every y is flipped (y' = height - y), so the drawing keeps its box from (0, 0) to
 * (width, height) and reads the right way up.
 */

const layerName = (id: PackLayerId) => PACK_LAYERS.find((l) => l.id === id)!.name;

/** The drawing as DXF text (AutoCAD 2007 format, as the library writes). Throws on a drawing with no size. */
export function drawingToDxf(d: SignDrawing): string {
  const problem = drawingProblem(d);
  if (problem) throw new Error(problem);
  const flip = ([x, y]: Point): [number, number] => [x, d.heightMm - y];
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Millimeters);
  dxf.setVariable("$MEASUREMENT", { 70: 1 });
  dxf.setVariable("$EXTMIN", { 10: 0, 20: 0, 30: 0 });
  dxf.setVariable("$EXTMAX", { 10: d.widthMm, 20: d.heightMm, 30: 0 });
  for (const l of PACK_LAYERS) dxf.addLayer(l.name, l.aci, "CONTINUOUS");

  const polyline = (points: Polyline, closed: boolean, layer: PackLayerId) => {
    if (points.length < 2) return;
    const vertices: LWPolylineVertex[] = points.map((p) => {
      const [x, y] = flip(p);
      return { point: { x, y } };
    });
    dxf.addLWPolyline(vertices, {
      layerName: layerName(layer),
      flags: closed ? LWPolylineFlags.Closed : LWPolylineFlags.None,
    });
  };
  for (const ring of d.backing) polyline(ring, true, "backing");
  for (const ring of d.letters) polyline(ring, true, "letters");
  for (const run of d.runs) polyline(run.points, run.closed, "led");
  for (const h of d.holes) {
    const [x, y] = flip(h);
    dxf.addCircle(point3d(x, y, 0), d.holeDiameterMm / 2, { layerName: layerName("holes") });
  }
  for (const [a, b] of cableArrow(d.cableExit)) {
    const [ax, ay] = flip(a);
    const [bx, by] = flip(b);
    dxf.addLine(point3d(ax, ay, 0), point3d(bx, by, 0), { layerName: layerName("cable") });
  }
  return dxf.stringify();
}

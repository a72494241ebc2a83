import type { Point, SignDrawing, SignMeasurement } from "~/features/sign-geometry/sign-geometry";

/*
 * Hand-made drawings for the pack's tests (issue 44): shapes whose files a person can check by hand. A
 * 200 x 100 mm backing, a 50 mm square letter, a ring letter (a 40 mm circle with a 20 mm counter), a straight
 * LED run and a closed one, two holes, the cable at the bottom edge's middle.
 */

/** A regular polygon approximating a circle, counter-clockwise in y-down coordinates when `reverse`. */
export function circleRing(cx: number, cy: number, r: number, sides = 48, reverse = false): Point[] {
  const pts: Point[] = [];
  for (let i = 0; i < sides; i++) {
    const a = ((reverse ? -1 : 1) * 2 * Math.PI * i) / sides;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return pts;
}

export const SQUARE: Point[] = [
  [20, 20],
  [70, 20],
  [70, 70],
  [20, 70],
];

export function fixtureDrawing(): SignDrawing {
  return {
    widthMm: 200,
    heightMm: 100,
    letters: [SQUARE, circleRing(130, 50, 20), circleRing(130, 50, 10, 48, true)],
    runs: [
      {
        points: [
          [45, 25],
          [45, 65],
        ],
        lengthMm: 40,
        closed: false,
      },
      { points: circleRing(130, 50, 15), lengthMm: 2 * Math.PI * 15, closed: true },
    ],
    backing: [
      [
        [0, 0],
        [200, 0],
        [200, 100],
        [0, 100],
      ],
    ],
    holes: [
      [12, 12],
      [188, 12],
    ],
    holeDiameterMm: 5,
    cableExit: [100, 100],
  };
}

/** Figures to go with the hand-made drawing (as the engine would answer them for it). */
export function fixtureMeasurement(): SignMeasurement {
  return {
    widthCm: 20,
    heightCm: 10,
    textWidthCm: 15,
    textHeightCm: 5,
    lines: [{ text: "नमस्ते Hi", letterHeightMm: 50, baselineMm: 70 }],
    ledMetres: [{ color: "pink", metres: 0.13 }],
    ledMetresTotal: 0.13,
    runs: 2,
    watts: 1.3,
    adaptorW: 12,
    backingAreaM2: 0.02,
    weightKg: 0.15,
    closestRunsMm: 30,
    strokeMm: 8,
  };
}

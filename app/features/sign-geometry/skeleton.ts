/*
 * The centre line of a glyph's strokes (issue 44): where the LED flex runs. The glyph is filled into a bitmap
 * (non-zero winding, as fonts are filled), thinned to a one-pixel skeleton (Zhang and Suen, 1984), and the
 * skeleton is traced into lines. Short spurs that thinning leaves at corners are cut, and each free end is
 * lengthened by half the stroke's width, because thinning stops half a stroke short of the end the flex reaches.
 * Pure: no fonts here, only rings of points in the glyph's units (y up).
 */

export type Pt = [number, number];
export type Skeleton = {
  /** The centre lines, in the glyph's units (y up). */
  paths: { points: Pt[]; closed: boolean; length: number; piece: number }[];
  /** Their total length (glyph units). */
  length: number;
  /** Separate connected pieces (each an LED run). */
  pieces: number;
  /** The strokes' mean width (glyph units): the filled area over the centre lines' length. */
  stroke: number;
};

/** Pixels per glyph unit that give thin strokes at least ~8 pixels: `pxPerUnit` is chosen by the caller. */
export function skeletonOf(rings: Pt[][], pxPerUnit: number): Skeleton {
  const empty: Skeleton = { paths: [], length: 0, pieces: 0, stroke: 0 };
  const pts = rings.flat();
  if (pts.length === 0) return empty;
  const minX = Math.min(...pts.map((p) => p[0]));
  const maxY = Math.max(...pts.map((p) => p[1]));
  const W = Math.ceil((Math.max(...pts.map((p) => p[0])) - minX) * pxPerUnit) + 4;
  const H = Math.ceil((maxY - Math.min(...pts.map((p) => p[1]))) * pxPerUnit) + 4;
  // Pixel (i, j)'s centre is at glyph (minX + (i - 1.5) / s, maxY - (j - 1.5) / s): a 2-pixel empty border.
  const toPx = (p: Pt): Pt => [(p[0] - minX) * pxPerUnit + 2, (maxY - p[1]) * pxPerUnit + 2];
  const bitmap = fill(
    rings.map((r) => r.map(toPx)),
    W,
    H,
  );
  let area = 0;
  for (const v of bitmap) area += v;
  if (area === 0) return empty;
  thin(bitmap, W, H);
  removeStairs(bitmap, W, H);
  const traced = trace(bitmap, W, H);
  const rawLength = traced.reduce((s, t) => s + t.length, 0);
  if (rawLength === 0) {
    // A dot smaller than a stroke: a point of light, its width long.
    const side = Math.sqrt(area);
    const c = fromPx([W / 2, H / 2]);
    return {
      paths: [{ points: [c, c], closed: false, length: side / pxPerUnit, piece: 0 }],
      length: side / pxPerUnit,
      pieces: 1,
      stroke: side / pxPerUnit,
    };
  }
  const strokePx = area / rawLength;
  const kept = pruneSpurs(traced, strokePx);
  const pieceOf = pieces(kept);
  const paths = kept.map((t, i) => {
    let points = t.closed ? t.points : extendEnds(t.points, t.freeStart, t.freeEnd, strokePx / 2);
    points = simplify(points, 0.8);
    const length = polylineLength(points, t.closed);
    return { points: points.map(fromPx), closed: t.closed, length: length / pxPerUnit, piece: pieceOf[i]! };
  });
  return {
    paths,
    length: paths.reduce((s, p) => s + p.length, 0),
    pieces: new Set(pieceOf).size,
    stroke: strokePx / pxPerUnit,
  };

  function fromPx(p: Pt): Pt {
    return [minX + (p[0] - 2) / pxPerUnit, maxY - (p[1] - 2) / pxPerUnit];
  }
}

/** Rings filled by the non-zero rule into a W x H bitmap (1 = inside), sampling each pixel's centre. */
export function fill(rings: Pt[][], W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H);
  const edges: [number, number, number, number][] = [];
  for (const r of rings)
    for (let i = 0; i < r.length; i++) {
      const a = r[i]!;
      const b = r[(i + 1) % r.length]!;
      if (a[1] !== b[1]) edges.push([a[0], a[1], b[0], b[1]]);
    }
  const xs: [number, number][] = [];
  for (let j = 0; j < H; j++) {
    const y = j + 0.5;
    xs.length = 0;
    for (const [x0, y0, x1, y1] of edges) {
      if ((y0 <= y && y1 > y) || (y1 <= y && y0 > y)) {
        xs.push([x0 + ((y - y0) / (y1 - y0)) * (x1 - x0), y1 > y0 ? 1 : -1]);
      }
    }
    xs.sort((a, b) => a[0] - b[0]);
    let winding = 0;
    for (let k = 0; k < xs.length - 1; k++) {
      winding += xs[k]![1];
      if (winding === 0) continue;
      const from = Math.max(0, Math.ceil(xs[k]![0] - 0.5));
      const to = Math.min(W - 1, Math.floor(xs[k + 1]![0] - 0.5));
      for (let i = from; i <= to; i++) out[j * W + i] = 1;
    }
  }
  return out;
}

/** Zhang-Suen thinning in place. */
function thin(b: Uint8Array, W: number, H: number): void {
  const del: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (let step = 0; step < 2; step++) {
      del.length = 0;
      for (let y = 1; y < H - 1; y++)
        for (let x = 1; x < W - 1; x++) {
          const p = y * W + x;
          if (!b[p]) continue;
          const p2 = b[p - W]!,
            p3 = b[p - W + 1]!,
            p4 = b[p + 1]!,
            p5 = b[p + W + 1]!,
            p6 = b[p + W]!,
            p7 = b[p + W - 1]!,
            p8 = b[p - 1]!,
            p9 = b[p - W - 1]!;
          const n = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
          if (n < 2 || n > 6) continue;
          const a =
            (!p2 && p3 ? 1 : 0) +
            (!p3 && p4 ? 1 : 0) +
            (!p4 && p5 ? 1 : 0) +
            (!p5 && p6 ? 1 : 0) +
            (!p6 && p7 ? 1 : 0) +
            (!p7 && p8 ? 1 : 0) +
            (!p8 && p9 ? 1 : 0) +
            (!p9 && p2 ? 1 : 0);
          if (a !== 1) continue;
          if (
            step === 0 ? p2 * p4 * p6 === 0 && p4 * p6 * p8 === 0 : p2 * p4 * p8 === 0 && p2 * p6 * p8 === 0
          )
            del.push(p);
        }
      if (del.length > 0) changed = true;
      for (const p of del) b[p] = 0;
    }
  }
}

const N8 = (W: number) => [-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1];

/**
 * Remove the inner pixel of each 4-connected corner (a staircase step), which would leave a little triangle of
 * junctions: a pixel with two perpendicular arms set whose neighbours stay one connected piece without it (one
 * 0-to-1 change around it) and that is not an end.
 */
function removeStairs(b: Uint8Array, W: number, H: number): void {
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++) {
      const p = y * W + x;
      if (!b[p]) continue;
      const ring = [
        b[p - W]!,
        b[p - W + 1]!,
        b[p + 1]!,
        b[p + W + 1]!,
        b[p + W]!,
        b[p + W - 1]!,
        b[p - 1]!,
        b[p - W - 1]!,
      ];
      const [n, , e, , s, , w] = ring;
      if (!((n && e) || (e && s) || (s && w) || (w && n))) continue;
      const count = ring.reduce((a, v) => a + v, 0);
      if (count >= 2 && count <= 6 && neighbourPieces(ring) === 1) b[p] = 0;
    }
}

/** The 3x3 neighbours in ring order (N, NE, E, SE, S, SW, W, NW) as offsets. */
const RING_XY: Pt[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
];

/** How many 8-connected pieces the set neighbours form (the pixel is removable when they stay one). */
function neighbourPieces(ring: number[]): number {
  const left = RING_XY.map((_, i) => i).filter((i) => ring[i]);
  let pieces = 0;
  while (left.length) {
    pieces++;
    const stack = [left.pop()!];
    while (stack.length) {
      const i = stack.pop()!;
      for (let k = left.length - 1; k >= 0; k--) {
        const j = left[k]!;
        if (
          Math.max(Math.abs(RING_XY[i]![0] - RING_XY[j]![0]), Math.abs(RING_XY[i]![1] - RING_XY[j]![1])) === 1
        ) {
          stack.push(j);
          left.splice(k, 1);
        }
      }
    }
  }
  return pieces;
}

type Traced = {
  points: Pt[];
  closed: boolean;
  length: number;
  ends: [number, number];
  freeStart: boolean;
  freeEnd: boolean;
};

/** The skeleton's lines between its ends and junctions, and its closed loops. */
function trace(b: Uint8Array, W: number, H: number): Traced[] {
  const offsets = N8(W);
  const degree = new Uint8Array(W * H);
  const on: number[] = [];
  for (let p = 0; p < W * H; p++) {
    if (!b[p]) continue;
    on.push(p);
    let d = 0;
    for (const o of offsets) d += b[p + o]!;
    degree[p] = d;
  }
  const seen = new Uint8Array(W * H);
  const usedStep = new Set<number>();
  const out: Traced[] = [];
  const pt = (p: number): Pt => [p % W, Math.floor(p / W)];
  const isNode = (p: number) => degree[p] !== 2;
  const walk = (start: number, first: number): Traced => {
    const path = [start, first];
    usedStep.add(start * 8 + offsets.indexOf(first - start));
    let prev = start;
    let cur = first;
    let guard = on.length + 2;
    while (!isNode(cur) && cur !== start && guard-- > 0) {
      seen[cur] = 1;
      const next = offsets
        .map((o) => cur + o)
        .find((q) => b[q] && q !== prev && !(path.length > 2 && q === path[path.length - 3]));
      if (next === undefined) break;
      prev = cur;
      cur = next;
      path.push(cur);
    }
    if (isNode(cur) && cur !== start) usedStep.add(cur * 8 + offsets.indexOf(prev - cur));
    const points = path.map(pt);
    const closed = cur === start;
    return {
      points: closed ? points.slice(0, -1) : points,
      closed,
      length: polylineLength(points, false),
      ends: [start, cur],
      freeStart: degree[start] === 1,
      freeEnd: degree[cur] === 1,
    };
  };
  for (const p of on) {
    if (!isNode(p)) continue;
    seen[p] = 1;
    if (degree[p] === 0) {
      // A dot thinned to one pixel: a point of light, lengthened like a free end on both sides.
      out.push({
        points: [pt(p), pt(p)],
        closed: false,
        length: 0,
        ends: [p, p],
        freeStart: true,
        freeEnd: true,
      });
      continue;
    }
    for (const o of offsets) {
      const q = p + o;
      if (!b[q] || usedStep.has(p * 8 + offsets.indexOf(o))) continue;
      if (!isNode(q) && seen[q]) continue;
      out.push(walk(p, q));
    }
  }
  for (const p of on) {
    if (seen[p] || isNode(p)) continue;
    seen[p] = 1;
    const q = offsets.map((o) => p + o).find((r) => b[r]);
    if (q === undefined) continue;
    const t = walk(p, q);
    t.closed = true;
    out.push(t);
  }
  return out;
}

/** Drop lines from a junction to a free end shorter than the stroke's width: thinning's corner spurs. */
function pruneSpurs(lines: Traced[], strokePx: number): Traced[] {
  const spur = (t: Traced) => !t.closed && t.length < strokePx && t.freeStart !== t.freeEnd;
  const kept = lines.filter((t) => !spur(t));
  return kept.length > 0 ? kept : lines;
}

/** Each line's connected piece (lines meeting at a junction are one piece), numbered from 0. */
function pieces(lines: Traced[]): number[] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  for (const t of lines) for (const e of t.ends) if (!parent.has(e)) parent.set(e, e);
  for (const t of lines) parent.set(find(t.ends[0]), find(t.ends[1]));
  const ids = new Map<number, number>();
  return lines.map((t) => {
    const root = find(t.ends[0]);
    if (!ids.has(root)) ids.set(root, ids.size);
    return ids.get(root)!;
  });
}

function extendEnds(points: Pt[], atStart: boolean, atEnd: boolean, by: number): Pt[] {
  const out = points.slice();
  const push = (from: Pt, toward: Pt): Pt => {
    const dx = from[0] - toward[0];
    const dy = from[1] - toward[1];
    const d = Math.hypot(dx, dy) || 1;
    return [from[0] + (dx / d) * by, from[1] + (dy / d) * by];
  };
  const back = Math.min(4, out.length - 1);
  if (back < 1) return out;
  if (atStart) out.unshift(push(out[0]!, out[back]!));
  if (atEnd) out.push(push(out.at(-1)!, out.at(-1 - back)!));
  return out;
}

/** Ramer-Douglas-Peucker: the points that keep the line within `tolerance`. */
export function simplify(points: Pt[], tolerance: number): Pt[] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [a, c] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [cx, cy] = points[c]!;
    const len = Math.hypot(cx - ax, cy - ay);
    let worst = -1;
    let at = -1;
    for (let i = a + 1; i < c; i++) {
      const [px, py] = points[i]!;
      const d =
        len === 0
          ? Math.hypot(px - ax, py - ay)
          : Math.abs((cx - ax) * (ay - py) - (ax - px) * (cy - ay)) / len;
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (worst > tolerance) {
      keep[at] = 1;
      stack.push([a, at], [at, c]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

export function polylineLength(points: readonly (readonly [number, number])[], closed: boolean): number {
  let s = 0;
  for (let i = 1; i < points.length; i++)
    s += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  if (closed && points.length > 2)
    s += Math.hypot(points[0]![0] - points.at(-1)![0], points[0]![1] - points.at(-1)![1]);
  return s;
}

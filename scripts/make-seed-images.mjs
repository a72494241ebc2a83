#!/usr/bin/env node
// Generates the demo catalogue photos in seed/images/ by rendering SVG scenes
// (wall + glowing LED neon sign) to JPEG with sharp/librsvg.
//
//   node scripts/make-seed-images.mjs
//
// Everything is deterministic; re-running overwrites the files.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const OUT_DIR = path.resolve("seed/images");
const MAX_BYTES = 118 * 1024;

// ---------------------------------------------------------------- helpers
const hexToRgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const rgbToHex = (a) =>
  "#" +
  a
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("");
const mix = (a, b, t) => {
  const A = hexToRgb(a);
  const B = hexToRgb(b);
  return rgbToHex(A.map((v, i) => v + (B[i] - v) * t));
};
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const r1 = (n) => Math.round(n * 10) / 10;

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

// ---------------------------------------------------------------- fonts
// `stem` is the approximate stem width as a fraction of the font size (used
// so mono-line text gets the same tube thickness as stroked shapes).
const FONTS = {
  light: {
    family: "DejaVu Sans",
    weight: 200,
    style: "normal",
    pango: "DejaVu Sans Ultra-Light",
    stem: 0.045,
  },
  lightItalic: {
    family: "DejaVu Sans",
    weight: 200,
    style: "normal",
    pango: "DejaVu Sans Ultra-Light",
    stem: 0.045,
    skew: -12,
  },
  book: { family: "DejaVu Sans", weight: 400, style: "normal", pango: "DejaVu Sans", stem: 0.09 },
  bold: { family: "DejaVu Sans", weight: 700, style: "normal", pango: "DejaVu Sans Bold" },
  boldItalic: { family: "DejaVu Sans", weight: 700, style: "oblique", pango: "DejaVu Sans Bold Oblique" },
  condBold: {
    family: "DejaVu Sans Condensed",
    weight: 700,
    style: "normal",
    pango: "DejaVu Sans Condensed Bold",
  },
  serifItalic: { family: "DejaVu Serif", weight: 400, style: "italic", pango: "DejaVu Serif Italic" },
  serifBoldItalic: {
    family: "DejaVu Serif",
    weight: 700,
    style: "italic",
    pango: "DejaVu Serif Bold Italic",
  },
};

const measureCache = new Map();
/** Width in px of `text` rendered at font-size 100 (pango, same engine librsvg uses). */
async function measure100(text, font) {
  const key = font + "|" + text;
  if (!measureCache.has(key)) {
    const { info } = await sharp({
      text: { text: esc(text), font: `${FONTS[font].pango} 100`, dpi: 72, rgba: true },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    measureCache.set(key, info.width);
  }
  return measureCache.get(key);
}

/**
 * A neon text item. `mode`: 'mono' = single tube following a thin font,
 * 'outline' = tube traced round the outline of a bold font.
 */
async function txt(
  text,
  font,
  { cx, y, width, maxSize = 400, mode = "mono", color, anchor = "middle", x } = {},
) {
  const w100 = await measure100(text, font);
  const size = Math.min(maxSize, (width / w100) * 100);
  const realWidth = (w100 * size) / 100;
  return {
    kind: "text",
    text,
    font,
    size: r1(size),
    x: r1(anchor === "start" ? x : cx),
    y: r1(y),
    mode,
    color,
    anchor,
    width: realWidth,
  };
}

const pathItem = (d, { x = 0, y = 0, s = 1, rot = 0, color } = {}) => ({
  kind: "path",
  d,
  x,
  y,
  s,
  rot,
  color,
});

// ---------------------------------------------------------------- shapes
function starPath(R, r = R * 0.45, points = 5) {
  let d = "";
  for (let i = 0; i < points * 2; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    const rad = i % 2 ? r : R;
    d += (i ? "L" : "M") + r1(Math.cos(a) * rad) + " " + r1(Math.sin(a) * rad) + " ";
  }
  return d + "Z";
}
const circlePath = (cx, cy, r) =>
  `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
const SHAPES = {
  moon: "M 40 -196 A 200 200 0 1 0 40 196 A 220 220 0 0 1 40 -196 Z",
  heart:
    "M 0 80 C -60 40 -110 0 -110 -40 C -110 -80 -80 -105 -50 -105 C -25 -105 -8 -90 0 -70 C 8 -90 25 -105 50 -105 C 80 -105 110 -80 110 -40 C 110 0 60 40 0 80 Z",
  sparkle: "M 0 -30 Q 0 0 30 0 Q 0 0 0 30 Q 0 0 -30 0 Q 0 0 0 -30 Z",
  cup: [
    "M -70 -40 L 70 -40 L 58 55 Q 54 80 32 80 L -32 80 Q -54 80 -58 55 Z",
    "M 66 -18 C 112 -22 112 42 60 38",
    "M -105 100 Q 0 122 105 100",
    "M -28 -62 C -46 -82 -10 -96 -28 -124",
    "M 14 -62 C -4 -82 32 -96 14 -124",
  ].join(" "),
  cocktail: [
    "M -115 -95 L 115 -95 L 0 30 Z",
    "M 0 30 L 0 135",
    "M -62 140 L 62 140",
    circlePath(-32, -52, 17),
    "M -78 -128 L 14 -14",
  ].join(" "),
  arrow: "M -42 125 L -42 -15 L -105 -15 L 0 -130 L 105 -15 L 42 -15 L 42 125 Z",
  controller: [
    "M -150 -60 C -60 -76 60 -76 150 -60 C 202 -58 230 0 242 60 C 254 122 230 162 195 162 C 158 162 140 112 100 92 L -100 92 C -140 112 -158 162 -195 162 C -230 162 -254 122 -242 60 C -230 0 -202 -58 -150 -60 Z",
    "M -155 -25 L -125 -25 L -125 5 L -95 5 L -95 35 L -125 35 L -125 65 L -155 65 L -155 35 L -185 35 L -185 5 L -155 5 Z",
    circlePath(140, -8, 15),
    circlePath(172, 24, 15),
    circlePath(140, 56, 15),
    circlePath(108, 24, 15),
    "M -38 -8 L -14 -8 M 14 -8 L 38 -8",
  ].join(" "),
  bolt: "M 22 -120 L -52 12 L 0 12 L -22 120 L 60 -20 L 8 -20 Z",
  swoosh: "M -260 0 C -120 -30 80 30 260 -12",
  sun: [
    "M -70 0 A 70 70 0 0 1 70 0",
    ...[0, 30, 60, 90, 120, 150, 180].map((deg) => {
      const a = (-deg * Math.PI) / 180;
      return `M ${r1(Math.cos(a) * 95)} ${r1(Math.sin(a) * 95)} L ${r1(Math.cos(a) * 135)} ${r1(Math.sin(a) * 135)}`;
    }),
  ].join(" "),
  dial: [circlePath(0, 0, 34), "M 0 -8 L 0 -30", "M -46 30 A 56 56 0 1 1 46 30"].join(" "),
};
const roundRectPath = (x, y, w, h, r) =>
  `M ${x + r} ${y} H ${x + w - r} A ${r} ${r} 0 0 1 ${x + w} ${y + r} V ${y + h - r} A ${r} ${r} 0 0 1 ${x + w - r} ${y + h} H ${x + r} A ${r} ${r} 0 0 1 ${x} ${y + h - r} V ${y + r} A ${r} ${r} 0 0 1 ${x + r} ${y} Z`;

// ---------------------------------------------------------------- neon rendering
/** Markup for all items of a sign drawn as tubes of width `w` in colour `col` (null => item colour). */
let erodeId = 0;
function tubeLayer(items, T, mul, colorFn) {
  return items
    .map((it) => {
      const col = colorFn(it);
      let w = T * mul;
      if (it.kind === "text") {
        const f = FONTS[it.font];
        // thin fonts at large sizes: keep the glyph stem well inside the tube
        if (it.mode === "mono") w = Math.max(T, f.stem * it.size * 1.8) * mul;
        const tf = f.skew ? ` transform="translate(${it.x} ${it.y}) skewX(${f.skew})"` : "";
        const pos = f.skew ? 'x="0" y="0"' : `x="${it.x}" y="${it.y}"`;
        const attrs = `${pos}${tf} font-family="${f.family}" font-size="${it.size}" font-weight="${f.weight}" font-style="${f.style}" text-anchor="${it.anchor}"`;
        if (it.mode === "mono") {
          const stem = f.stem * it.size;
          const sw = Math.max(0, w - stem);
          // glyph stem thicker than the wanted line (hot core): thin it with an erode filter
          let flt = "";
          let fattr = "";
          if (stem - w > 0.6) {
            const fid = `er${++erodeId}`;
            flt = `<filter id="${fid}" x="-10%" y="-30%" width="120%" height="160%"><feMorphology operator="erode" radius="${r1((stem - w) / 2)}"/></filter>`;
            fattr = ` filter="url(#${fid})"`;
          }
          return `${flt}<g${fattr}><text ${attrs} fill="${col}" stroke="${col}" stroke-width="${r1(sw)}" stroke-linejoin="round">${esc(it.text)}</text></g>`;
        }
        return `<text ${attrs} fill="none" stroke="${col}" stroke-width="${r1(w * 0.6)}" stroke-linejoin="round">${esc(it.text)}</text>`;
      }
      const tf = `translate(${it.x} ${it.y})${it.rot ? ` rotate(${it.rot})` : ""}${it.s !== 1 ? ` scale(${it.s})` : ""}`;
      return `<path d="${it.d}" transform="${tf}" fill="none" stroke="${col}" stroke-width="${r1(w / it.s)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    })
    .join("");
}

/** Full neon sign: acrylic backer, glow layers, tube and hot core. */
function neonSign(sign, { mode = "night", id }) {
  const { items, box, T = 9, color } = sign;
  const colOf = (it) => it.color || color;
  const coreOf = (it) => mix(colOf(it), "#ffffff", 0.8);
  const pad = 34;
  const bx = box.x - pad;
  const by = box.y - pad;
  const bw = box.w + pad * 2;
  const bh = box.h + pad * 2;
  const standoffs = [
    [bx + 16, by + 16],
    [bx + bw - 16, by + 16],
    [bx + 16, by + bh - 16],
    [bx + bw - 16, by + bh - 16],
  ]
    .map(
      ([x, y]) =>
        `<circle cx="${r1(x)}" cy="${r1(y)}" r="7" fill="url(#metal)" stroke="#000" stroke-opacity=".35"/>`,
    )
    .join("");
  // clear power cable hanging from the bottom of the backer
  const cx0 = bx + bw * 0.72;
  const cable = `<path d="M ${r1(cx0)} ${r1(by + bh)} C ${r1(cx0 + 6)} ${r1(by + bh + 160)} ${r1(cx0 + 40)} ${r1(by + bh + 260)} ${r1(cx0 + 30)} ${r1(by + bh + 1200)}" fill="none" stroke="${mode === "day" ? "#f4f4f4" : "#cfd6e0"}" stroke-opacity="${mode === "day" ? 0.55 : 0.13}" stroke-width="4"/>`;
  const backer =
    mode === "day"
      ? `<rect x="${bx + 10}" y="${by + 16}" width="${bw}" height="${bh}" rx="16" fill="#000" opacity=".16" filter="url(#soft${id})"/>` +
        `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="16" fill="#ffffff" fill-opacity=".14" stroke="#ffffff" stroke-opacity=".6" stroke-width="2"/>`
      : `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="16" fill="#ffffff" fill-opacity=".025" stroke="#ffffff" stroke-opacity=".12" stroke-width="2"/>` +
        `<path d="M ${bx + 16} ${by + 1.5} H ${bx + bw * 0.55}" stroke="#fff" stroke-opacity=".22" stroke-width="2"/>`;

  if (mode === "day") {
    return (
      cable +
      backer +
      standoffs +
      // tube shadows on the backer/wall
      `<g transform="translate(7 12)" opacity=".3" filter="url(#soft${id})">${tubeLayer(items, T, 1.1, () => "#000000")}</g>` +
      `<g opacity=".45" filter="url(#mid${id})">${tubeLayer(items, T, 1.8, colOf)}</g>` +
      `<g filter="url(#tube${id})">${tubeLayer(items, T, 1, (it) => mix(colOf(it), "#ffffff", 0.3))}</g>` +
      `<g opacity=".8" filter="url(#core${id})">${tubeLayer(items, T, 0.4, coreOf)}</g>`
    );
  }
  return (
    cable +
    backer +
    standoffs +
    `<g opacity=".38" filter="url(#wall${id})">${tubeLayer(items, T, 6, colOf)}</g>` +
    `<g opacity=".75" filter="url(#wide${id})">${tubeLayer(items, T, 2.6, colOf)}</g>` +
    `<g opacity=".95" filter="url(#mid${id})">${tubeLayer(items, T, 1.5, colOf)}</g>` +
    `<g filter="url(#tube${id})">${tubeLayer(items, T, 1, colOf)}</g>` +
    `<g filter="url(#core${id})">${tubeLayer(items, T, 0.45, coreOf)}</g>`
  );
}

function signFilters(id, k = 1) {
  const f = (name, sd, region = 60) =>
    `<filter id="${name}${id}" x="-${region}%" y="-${region}%" width="${100 + region * 2}%" height="${100 + region * 2}%"><feGaussianBlur stdDeviation="${r1(sd * k)}"/></filter>`;
  return (
    f("wall", 60, 120) +
    f("wide", 22, 80) +
    f("mid", 7) +
    f("tube", 0.8, 20) +
    f("core", 1.1, 20) +
    f("soft", 5, 30)
  );
}

// ---------------------------------------------------------------- walls
/**
 * Returns { defs, body } for a wall covering a big area around the design space.
 * kinds: brick, plaster, concrete, panel.
 */
function wall({ kind, base, seed = 1, day = false, area = [-2000, -2000, 6000, 6000] }) {
  const rand = rng(seed * 7919);
  const id = "w" + seed;
  const [ax, ay, aw, ah] = area;
  let defs = "";
  let body = "";
  if (kind === "brick") {
    const bw = 120;
    const bh = 46;
    const rows = 6;
    const cols = 4;
    const mortar = mix(base, day ? "#ffffff" : "#000000", day ? 0.3 : 0.35);
    let bricks = "";
    for (let r = 0; r < rows; r++) {
      const off = r % 2 ? -bw / 2 : 0;
      for (let c = 0; c <= cols; c++) {
        const t = rand();
        const col = mix(base, t > 0.5 ? "#000000" : "#ffffff", Math.abs(t - 0.5) * (day ? 0.1 : 0.2));
        const x = off + c * bw + 2.5;
        bricks += `<rect x="${x}" y="${r * bh + 2.5}" width="${bw - 5}" height="${bh - 5}" rx="3" fill="${col}"/>`;
        bricks += `<rect x="${x}" y="${r * bh + 2.5}" width="${bw - 5}" height="3" fill="#fff" opacity="${day ? 0.12 : 0.05}"/>`;
      }
    }
    defs += `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${bw * cols}" height="${bh * rows}"><rect width="${bw * cols}" height="${bh * rows}" fill="${mortar}"/>${bricks}</pattern>`;
    body += `<rect x="${ax}" y="${ay}" width="${aw}" height="${ah}" fill="url(#${id})"/>`;
  } else if (kind === "panel") {
    const pw = 70;
    let slats = "";
    for (let i = 0; i < 8; i++) {
      const col = mix(base, rand() > 0.5 ? "#000000" : "#ffffff", rand() * 0.12);
      slats += `<rect x="${i * pw + 3}" y="0" width="${pw - 6}" height="400" fill="${col}"/><rect x="${i * pw + 3}" y="0" width="2" height="400" fill="#fff" opacity=".05"/>`;
    }
    defs += `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${pw * 8}" height="400"><rect width="${pw * 8}" height="400" fill="${mix(base, "#000000", 0.6)}"/>${slats}</pattern>`;
    body += `<rect x="${ax}" y="${ay}" width="${aw}" height="${ah}" fill="url(#${id})"/>`;
  } else {
    body += `<rect x="${ax}" y="${ay}" width="${aw}" height="${ah}" fill="${base}"/>`;
  }
  if (kind === "plaster" || kind === "concrete") {
    const freq = kind === "concrete" ? 0.012 : 0.006;
    defs += `<filter id="${id}n" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="3" seed="${seed}"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 ${kind === "concrete" ? 0.9 : 0.6} 0"/></filter>`;
    body += `<rect x="0" y="0" width="1000" height="1000" transform="translate(${ax} ${ay}) scale(${aw / 1000} ${ah / 1000})" filter="url(#${id}n)" opacity="${day ? 0.18 : 0.5}"/>`;
    if (kind === "concrete") {
      // formwork panel seams and tie holes
      let marks = "";
      for (let x = -1800; x < 4000; x += 600)
        marks += `<rect x="${x}" y="${ay}" width="3" height="${ah}" fill="#000" opacity=".18"/>`;
      for (let y = -1800; y < 4000; y += 300) {
        marks += `<rect x="${ax}" y="${y}" width="${aw}" height="3" fill="#000" opacity=".14"/>`;
        for (let x = -1800; x < 4000; x += 300)
          marks += `<circle cx="${x + 150}" cy="${y + 150}" r="9" fill="#000" opacity=".22"/><circle cx="${x + 150}" cy="${y + 152}" r="9" fill="none" stroke="#fff" stroke-opacity=".06"/>`;
      }
      body += marks;
    }
  }
  return { defs, body };
}

// ---------------------------------------------------------------- furniture (canvas space)
function sofa(color, cx, s, floorY) {
  const x0 = cx - 330 * s;
  const w = 660 * s;
  const top = floorY - 250 * s;
  const dark = "#0a0a0d";
  const rim = (d) =>
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${3 * s}" opacity=".55" filter="url(#rim)"/>`;
  return (
    `<rect x="${x0 + 30 * s}" y="${top}" width="${w - 60 * s}" height="${200 * s}" rx="${36 * s}" fill="${dark}"/>` +
    rim(`M ${x0 + 60 * s} ${top + 2} H ${x0 + w - 60 * s}`) +
    `<rect x="${x0 + 120 * s}" y="${top + 40 * s}" width="${150 * s}" height="${110 * s}" rx="${30 * s}" fill="${mix(color, "#101014", 0.85)}" transform="rotate(-6 ${x0 + 195 * s} ${top + 95 * s})"/>` +
    `<rect x="${x0 + w - 290 * s}" y="${top + 44 * s}" width="${160 * s}" height="${110 * s}" rx="${30 * s}" fill="#15151a" transform="rotate(5 ${x0 + w - 210 * s} ${top + 99 * s})"/>` +
    `<rect x="${x0}" y="${top + 90 * s}" width="${w}" height="${130 * s}" rx="${30 * s}" fill="#0d0d11"/>` +
    rim(`M ${x0 + 30 * s} ${top + 91 * s} H ${x0 + w - 30 * s}`) +
    `<rect x="${x0 - 30 * s}" y="${top + 70 * s}" width="${90 * s}" height="${170 * s}" rx="${34 * s}" fill="${dark}"/>` +
    `<rect x="${x0 + w - 60 * s}" y="${top + 70 * s}" width="${90 * s}" height="${170 * s}" rx="${34 * s}" fill="${dark}"/>` +
    rim(`M ${x0 - 10 * s} ${top + 72 * s} H ${x0 + 40 * s}`) +
    rim(`M ${x0 + w - 40 * s} ${top + 72 * s} H ${x0 + w + 10 * s}`) +
    `<rect x="${x0 + 10 * s}" y="${floorY - 12 * s}" width="${14 * s}" height="${14 * s}" fill="#050507"/><rect x="${x0 + w - 24 * s}" y="${floorY - 12 * s}" width="${14 * s}" height="${14 * s}" fill="#050507"/>`
  );
}

function console_(color, cx, s, floorY) {
  const x0 = cx - 300 * s;
  const w = 600 * s;
  const top = floorY - 230 * s;
  const dark = "#0b0a0c";
  const rim = (d, o = 0.6) =>
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${3 * s}" opacity="${o}" filter="url(#rim)"/>`;
  let leaves = "";
  const px = x0 + 90 * s;
  for (let i = 0; i < 9; i++) {
    const a = -150 + i * 15;
    const len = (90 + ((i * 37) % 50)) * s;
    const rad = (a * Math.PI) / 180;
    const ex = px + Math.cos(rad) * len;
    const ey = top - 70 * s + Math.sin(rad) * len;
    leaves += `<ellipse cx="${r1((px + ex) / 2)}" cy="${r1((top - 70 * s + ey) / 2)}" rx="${r1(len / 2)}" ry="${r1(12 * s)}" transform="rotate(${a} ${r1((px + ex) / 2)} ${r1((top - 70 * s + ey) / 2)})" fill="#0c120e"/>`;
  }
  return (
    // table
    `<rect x="${x0}" y="${top}" width="${w}" height="${22 * s}" fill="${dark}"/>` +
    rim(`M ${x0} ${top + 1} H ${x0 + w}`, 0.7) +
    `<rect x="${x0 + 20 * s}" y="${top + 22 * s}" width="${w - 40 * s}" height="${70 * s}" fill="#0d0c0f"/>` +
    `<rect x="${x0 + 30 * s}" y="${top + 22 * s}" width="${16 * s}" height="${230 * s}" fill="${dark}"/>` +
    `<rect x="${x0 + w - 46 * s}" y="${top + 22 * s}" width="${16 * s}" height="${230 * s}" fill="${dark}"/>` +
    // plant
    leaves +
    `<path d="M ${px - 50 * s} ${top - 95 * s} L ${px + 50 * s} ${top - 95 * s} L ${px + 38 * s} ${top} L ${px - 38 * s} ${top} Z" fill="#141216"/>` +
    rim(`M ${px - 50 * s} ${top - 94 * s} H ${px + 50 * s}`, 0.5) +
    // books + candle
    `<rect x="${x0 + w - 230 * s}" y="${top - 34 * s}" width="${150 * s}" height="${34 * s}" fill="#111015"/>` +
    `<rect x="${x0 + w - 220 * s}" y="${top - 62 * s}" width="${130 * s}" height="${28 * s}" fill="#18161c"/>` +
    rim(`M ${x0 + w - 220 * s} ${top - 61 * s} H ${x0 + w - 90 * s}`, 0.45) +
    `<rect x="${x0 + w - 170 * s}" y="${top - 130 * s}" width="${40 * s}" height="${68 * s}" rx="${6 * s}" fill="#1a181d"/>`
  );
}

// ---------------------------------------------------------------- scene
/**
 * Renders a full scene. `signs` are in "world" coordinates; `world` is a
 * transform from world to canvas (applied to the wall too, so bricks scale).
 */
function scene({
  W,
  H,
  wallOpts,
  signs,
  mode = "night",
  world = "",
  furniture,
  floorY,
  overlays = "",
  darkLeft,
  darkTop,
}) {
  const day = mode === "day";
  const w = wall({ ...wallOpts, day });
  const main = signs[0];
  const glowCol = main.glow || main.color;
  let defs = w.defs;
  defs += `<radialGradient id="metal" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#f2f2f2"/><stop offset=".5" stop-color="#9a9ca3"/><stop offset="1" stop-color="#4a4b50"/></radialGradient>`;
  defs += `<radialGradient id="vig" cx="50%" cy="${darkTop ? 62 : 48}%" r="75%"><stop offset=".35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${day ? 0.35 : 0.85}"/></radialGradient>`;
  defs += `<filter id="rim" x="-10%" y="-200%" width="120%" height="500%"><feGaussianBlur stdDeviation="2.5"/></filter>`;
  defs += `<filter id="flb" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>`;
  defs += `<linearGradient id="dl" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".82"/><stop offset=".45" stop-color="#000" stop-opacity=".55"/><stop offset=".62" stop-color="#000" stop-opacity="0"/></linearGradient>`;
  defs += `<linearGradient id="dt" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity=".8"/><stop offset=".42" stop-color="#000" stop-opacity=".45"/><stop offset=".58" stop-color="#000" stop-opacity="0"/></linearGradient>`;
  signs.forEach((sg, i) => {
    defs += signFilters(i);
    const c = sg.glow || sg.color;
    defs += `<radialGradient id="amb${i}"><stop offset="0" stop-color="${c}" stop-opacity="${day ? 0.1 : 0.36}"/><stop offset=".45" stop-color="${c}" stop-opacity="${day ? 0.04 : 0.13}"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
  });

  let worldBody = w.body;
  // overall wall exposure
  worldBody += `<rect x="-2000" y="-2000" width="6000" height="6000" fill="#000" opacity="${day ? 0 : 0.42}"/>`;
  // ambient light thrown on the wall by each sign
  signs.forEach((sg, i) => {
    const b = sg.box;
    worldBody += `<ellipse cx="${b.x + b.w / 2}" cy="${b.y + b.h / 2}" rx="${b.w * 0.85 + 160}" ry="${b.h * 0.9 + 220}" fill="url(#amb${i})" style="mix-blend-mode:screen"/>`;
  });
  signs.forEach((sg, i) => {
    worldBody += neonSign(sg, { mode, id: i });
  });

  let body = `<g transform="${world}">${worldBody}</g>`;
  if (floorY != null) {
    const fl = mix(wallOpts.base, "#000000", day ? 0.3 : 0.55);
    body += `<defs><linearGradient id="floor" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${fl}"/><stop offset="1" stop-color="#020203"/></linearGradient></defs>`;
    body += `<rect x="0" y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>`;
    body += `<rect x="0" y="${floorY}" width="${W}" height="2" fill="#fff" opacity=".06"/>`;
    // reflection of the glow on the floor
    const fcx = furniture?.cx ?? W / 2;
    body += `<ellipse cx="${fcx}" cy="${floorY + 40}" rx="${(furniture?.s ?? 1) * 380}" ry="40" fill="${glowCol}" opacity="${day ? 0.05 : 0.22}" filter="url(#flb)"/>`;
    body += `<rect x="0" y="${floorY - 60}" width="${W}" height="60" fill="#000" opacity=".25" filter="url(#flb)"/>`;
    if (furniture) body += furniture.fn(glowCol, furniture.cx ?? W / 2, furniture.s ?? 1, floorY);
  }
  body += overlays;
  if (darkLeft) body += `<rect width="${W}" height="${H}" fill="url(#dl)"/>`;
  if (darkTop) body += `<rect width="${W}" height="${H}" fill="url(#dt)"/>`;
  body += `<rect width="${W}" height="${H}" fill="url(#vig)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs><rect width="${W}" height="${H}" fill="#000"/>${body}</svg>`;
}

// ---------------------------------------------------------------- product designs (world space 1000x1000)
const C = {
  pink: "#ff1493",
  warm: "#fff4d6",
  yellow: "#ffff00",
  purple: "#9945ff",
  orange: "#ff8000",
  blue: "#00bfff",
  green: "#00ff00",
  white: "#ffffff",
  red: "#ff0000",
};

/** Bounding box helper from a list of [x0,y0,x1,y1]. */
const bbox = (...rs) => {
  const x0 = Math.min(...rs.map((r) => r[0]));
  const y0 = Math.min(...rs.map((r) => r[1]));
  const x1 = Math.max(...rs.map((r) => r[2]));
  const y1 = Math.max(...rs.map((r) => r[3]));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
};
const tb = (t, asc = 0.76, desc = 0.22) => {
  const x0 = t.anchor === "start" ? t.x : t.x - t.width / 2;
  return [x0, t.y - t.size * asc, x0 + t.width, t.y + t.size * desc];
};

const DESIGNS = {
  async "good-vibes-only"() {
    const a = await txt("Good Vibes", "lightItalic", { cx: 510, y: 470, width: 700 });
    const b = await txt("only", "lightItalic", { cx: 560, y: 620, width: 260 });
    const sw = pathItem(SHAPES.swoosh, { x: 470, y: 665, s: 0.9 });
    return { color: C.pink, items: [a, b, sw], box: bbox(tb(a), tb(b), [230, 640, 710, 690]) };
  },
  async "moon-and-stars"() {
    const moon = pathItem(SHAPES.moon, { x: 430, y: 510, s: 1.3, rot: -18, color: C.warm });
    const s1 = pathItem(starPath(60), { x: 680, y: 330, color: C.yellow });
    const s2 = pathItem(starPath(42), { x: 740, y: 560, rot: 12, color: C.yellow });
    const s3 = pathItem(starPath(30), { x: 600, y: 720, rot: -10, color: C.yellow });
    return {
      color: C.warm,
      glow: "#ffe9a8",
      T: 10,
      items: [moon, s1, s2, s3],
      box: { x: 190, y: 240, w: 610, h: 540 },
    };
  },
  async "dream-big"() {
    const a = await txt("Dream", "serifItalic", { cx: 480, y: 480, width: 560, mode: "outline" });
    const b = await txt("BIG", "bold", { cx: 560, y: 670, width: 330, mode: "outline" });
    const st = pathItem(starPath(34), { x: 790, y: 330, rot: 10 });
    const sp = pathItem(SHAPES.sparkle, { x: 300, y: 640, s: 1.3 });
    return {
      color: C.purple,
      items: [a, b, st, sp],
      box: bbox(tb(a), tb(b), [740, 290, 830, 370], [260, 600, 340, 680]),
    };
  },
  async "but-first-coffee"() {
    const cup = pathItem(SHAPES.cup, { x: 500, y: 300, s: 1.15 });
    const a = await txt("But first,", "lightItalic", { cx: 470, y: 560, width: 430 });
    const b = await txt("coffee", "lightItalic", { cx: 520, y: 740, width: 560 });
    return { color: C.orange, items: [cup, a, b], box: bbox([370, 150, 640, 440], tb(a), tb(b)) };
  },
  async "cocktail-hour"() {
    const g = pathItem(SHAPES.cocktail, { x: 500, y: 320, s: 1.2 });
    const a = await txt("Cocktail", "serifItalic", { cx: 500, y: 620, width: 560, mode: "outline" });
    const b = await txt("Hour", "serifItalic", { cx: 520, y: 770, width: 300, mode: "outline" });
    return { color: C.blue, items: [g, a, b], box: bbox([360, 160, 640, 490], tb(a), tb(b)) };
  },
  async "happy-hour"() {
    const a = await txt("Happy", "light", { cx: 500, y: 480, width: 560 });
    const b = await txt("Hour", "light", { cx: 500, y: 680, width: 420 });
    const s1 = pathItem(SHAPES.sparkle, { x: 210, y: 600, s: 1.3 });
    const s2 = pathItem(SHAPES.sparkle, { x: 800, y: 330, s: 1 });
    return { color: C.green, items: [a, b, s1, s2], box: bbox(tb(a), tb(b), [170, 300, 830, 640]) };
  },
  async "game-on"() {
    const a = await txt("GAME", "bold", { cx: 500, y: 480, width: 540, mode: "outline" });
    const b = await txt("ON", "bold", { cx: 500, y: 660, width: 300, mode: "outline" });
    const frame = pathItem(roundRectPath(-330, -230, 660, 460, 40), { x: 500, y: 500 });
    return { color: C.green, T: 8, items: [frame, a, b], box: { x: 170, y: 270, w: 660, h: 460 } };
  },
  async "level-up"() {
    const arrow = pathItem(SHAPES.arrow, { x: 500, y: 300, s: 1.1 });
    const a = await txt("LEVEL", "condBold", { cx: 500, y: 620, width: 560, mode: "outline" });
    const b = await txt("UP", "condBold", { cx: 500, y: 790, width: 220, mode: "outline" });
    return { color: C.blue, T: 8, items: [arrow, a, b], box: bbox([380, 150, 620, 440], tb(a), tb(b)) };
  },
  async controller() {
    const c = pathItem(SHAPES.controller, { x: 500, y: 470, s: 1.45 });
    return { color: C.purple, T: 10, items: [c], box: { x: 140, y: 350, w: 720, h: 350 } };
  },
  async "better-together"() {
    const a = await txt("Better", "serifItalic", { cx: 450, y: 470, width: 460, mode: "outline" });
    const b = await txt("Together", "serifItalic", { cx: 530, y: 640, width: 600, mode: "outline" });
    const sw = pathItem(SHAPES.swoosh, { x: 500, y: 700, s: 0.75 });
    return {
      color: C.white,
      glow: "#f3ecff",
      T: 8,
      items: [a, b, sw],
      box: bbox(tb(a), tb(b), [300, 680, 700, 720]),
    };
  },
  async "mr-and-mrs"() {
    const h = pathItem(SHAPES.heart, { x: 500, y: 340, s: 0.9 });
    const a = await txt("Mr & Mrs", "serifItalic", { cx: 500, y: 600, width: 680, mode: "outline" });
    return { color: C.pink, items: [h, a], box: bbox([400, 240, 600, 420], tb(a)) };
  },
  async "happily-ever-after"() {
    const a = await txt("Happily", "lightItalic", { cx: 480, y: 480, width: 520 });
    const b = await txt("Ever After", "lightItalic", { cx: 520, y: 650, width: 640 });
    const s1 = pathItem(SHAPES.sparkle, { x: 830, y: 350, s: 1.1 });
    return {
      color: C.yellow,
      glow: "#ffe600",
      items: [a, b, s1],
      box: bbox(tb(a), tb(b), [795, 310, 865, 390]),
    };
  },
  async "stay-wild"() {
    const a = await txt("Stay", "boldItalic", { cx: 470, y: 470, width: 360, mode: "outline" });
    const b = await txt("Wild", "boldItalic", { cx: 520, y: 680, width: 480, mode: "outline" });
    const z = pathItem("M -200 0 L -150 -28 L -100 0 L -50 -28 L 0 0 L 50 -28 L 100 0 L 150 -28 L 200 0", {
      x: 500,
      y: 760,
    });
    return { color: C.red, T: 8, items: [a, b, z], box: bbox(tb(a), tb(b), [290, 720, 710, 770]) };
  },
  async "create-your-own-sunshine"() {
    const sun = pathItem(SHAPES.sun, { x: 500, y: 370, s: 1 });
    const a = await txt("Create your own", "lightItalic", { cx: 500, y: 520, width: 620 });
    const b = await txt("sunshine", "lightItalic", { cx: 510, y: 700, width: 600 });
    return {
      color: C.yellow,
      glow: "#ffe600",
      items: [sun, a, b],
      box: bbox([365, 230, 635, 380], tb(a), tb(b)),
    };
  },
  async "hustle-hard"() {
    const a = await txt("HUSTLE", "condBold", { cx: 500, y: 480, width: 600, mode: "outline" });
    const b = await txt("HARD", "condBold", { cx: 500, y: 660, width: 400, mode: "outline" });
    const bolt = pathItem(SHAPES.bolt, { x: 790, y: 620, s: 0.7, rot: 10 });
    return { color: C.blue, T: 8, items: [a, b, bolt], box: bbox(tb(a), tb(b), [740, 530, 840, 710]) };
  },
  async "open-late"() {
    const a = await txt("OPEN", "bold", { cx: 500, y: 490, width: 480, mode: "outline" });
    const b = await txt("LATE", "bold", { cx: 500, y: 660, width: 400, mode: "outline" });
    const frame = pathItem(roundRectPath(-310, -210, 620, 420, 210), { x: 500, y: 510 });
    return { color: C.red, T: 8, items: [frame, a, b], box: { x: 190, y: 300, w: 620, h: 420 } };
  },
};

const PRODUCTS = [
  ["good-vibes-only", 3],
  ["moon-and-stars", 2],
  ["dream-big", 1],
  ["but-first-coffee", 2],
  ["cocktail-hour", 2],
  ["happy-hour", 1],
  ["game-on", 2],
  ["level-up", 2],
  ["controller", 1],
  ["better-together", 3],
  ["mr-and-mrs", 2],
  ["happily-ever-after", 1],
  ["stay-wild", 2],
  ["create-your-own-sunshine", 1],
  ["hustle-hard", 1],
  ["open-late", 1],
];

// dark walls for night shots, light walls for daytime shots
const NIGHT_WALLS = [
  { kind: "brick", base: "#3a2622" },
  { kind: "plaster", base: "#1c1a24" },
  { kind: "brick", base: "#28292e" },
  { kind: "concrete", base: "#2b2c2e" },
  { kind: "panel", base: "#2e2119" },
  { kind: "brick", base: "#1f2533" },
  { kind: "plaster", base: "#17222a" },
  { kind: "brick", base: "#332a26" },
];
const DAY_WALLS = [
  { kind: "plaster", base: "#cfc8bd" },
  { kind: "brick", base: "#d8d3cb" },
  { kind: "concrete", base: "#a9a7a2" },
  { kind: "plaster", base: "#c4ccd0" },
];

function centreOf(box) {
  return [box.x + box.w / 2, box.y + box.h / 2];
}

function productSvg(design, variant, idx) {
  const W = 1000;
  const H = 1000;
  const [cx, cy] = centreOf(design.box);
  const fit = Math.min(780 / (design.box.w + 68), 760 / (design.box.h + 68), 1.25);
  if (variant === 1) {
    return scene({
      W,
      H,
      wallOpts: { ...NIGHT_WALLS[idx % NIGHT_WALLS.length], seed: idx + 1 },
      signs: [design],
      world: `translate(500 500) scale(${r1(fit * 100) / 100}) translate(${-cx} ${-cy})`,
    });
  }
  if (variant === 2) {
    if (idx % 2 === 0) {
      // room shot: sign smaller on the wall above furniture
      const k = Math.min(600 / (design.box.w + 68), 330 / (design.box.h + 68));
      return scene({
        W,
        H,
        wallOpts: { ...NIGHT_WALLS[(idx + 3) % NIGHT_WALLS.length], seed: idx + 11 },
        signs: [design],
        world: `translate(500 300) scale(${r1(k * 100) / 100}) translate(${-cx} ${-cy})`,
        floorY: 880,
        furniture: { fn: idx % 4 === 0 ? sofa : console_, s: 0.85 },
      });
    }
    // angled close-up
    const k = fit * 1.3;
    return scene({
      W,
      H,
      wallOpts: { ...NIGHT_WALLS[(idx + 5) % NIGHT_WALLS.length], seed: idx + 21 },
      signs: [design],
      world: `translate(520 520) skewY(-7) scale(${r1(k * 100) / 100} ${r1(k * 92) / 100}) translate(${-(design.box.x + design.box.w * 0.44)} ${-cy})`,
    });
  }
  // variant 3: daytime, lighter wall, lights dimmer
  return scene({
    W,
    H,
    mode: "day",
    wallOpts: { ...DAY_WALLS[idx % DAY_WALLS.length], seed: idx + 31 },
    signs: [design],
    world: `translate(500 480) scale(${r1(fit * 88) / 100}) translate(${-cx} ${-cy})`,
  });
}

// ---------------------------------------------------------------- banners & hero
async function bannerSvg(kind) {
  const W = 1200;
  const H = 300;
  let signs;
  let wallOpts;
  if (kind === "festive") {
    const a = await txt("Festive Sale", "serifItalic", {
      x: 0,
      y: 0,
      width: 480,
      mode: "outline",
      anchor: "start",
    });
    const b = await txt("· Flat 20% Off", "light", {
      x: 0,
      y: 0,
      width: 4000,
      maxSize: a.size * 0.8,
      anchor: "start",
    });
    const total = a.width + 30 + b.width;
    a.x = r1(600 - total / 2);
    a.y = 178;
    b.x = r1(a.x + a.width + 30);
    b.y = 178;
    b.color = C.purple;
    const s1 = pathItem(SHAPES.sparkle, { x: a.x - 60, y: 120, s: 0.9, color: C.purple });
    const s2 = pathItem(SHAPES.sparkle, { x: b.x + b.width + 55, y: 200, s: 0.7, color: C.pink });
    signs = [
      {
        color: C.pink,
        glow: "#d040ff",
        T: 6,
        items: [a, b, s1, s2],
        box: { x: a.x - 90, y: 85, w: total + 180, h: 140 },
      },
    ];
    wallOpts = { kind: "brick", base: "#2d2230", seed: 101 };
  } else if (kind === "dimmer") {
    const a = await txt("Free Dimmer on XL Signs", "light", { cx: 670, y: 180, width: 780 });
    const d = pathItem(SHAPES.dial, { x: 170, y: 150, s: 0.95 });
    signs = [{ color: C.blue, T: 6, items: [a, d], box: { x: 90, y: 85, w: 1030, h: 130 } }];
    wallOpts = { kind: "concrete", base: "#20262c", seed: 102 };
  } else {
    const a = await txt("Custom Neon from", "lightItalic", { x: 0, y: 0, width: 560, anchor: "start" });
    const b = await txt("₹1,999", "bold", { x: 0, y: 0, width: 300, mode: "outline", anchor: "start" });
    const total = a.width + 40 + b.width;
    a.x = r1(600 - total / 2);
    a.y = 182;
    b.x = r1(a.x + a.width + 40);
    b.y = 186;
    b.color = C.yellow;
    signs = [
      {
        color: C.orange,
        glow: "#ffa020",
        T: 6,
        items: [a, b],
        box: { x: a.x - 40, y: 85, w: total + 80, h: 135 },
      },
    ];
    wallOpts = { kind: "brick", base: "#2e2520", seed: 103 };
  }
  return scene({ W, H, wallOpts, signs, world: "" });
}

async function heroSvg(kind) {
  const desktop = kind === "desktop";
  const W = desktop ? 1600 : 800;
  const H = desktop ? 700 : 1000;
  const cx = desktop ? 1130 : 400;
  const cy = desktop ? 290 : 630;
  const width = desktop ? 600 : 500;
  const sk = desktop ? 1 : 0.85;
  const a = await txt("Let's Glow", "lightItalic", { cx, y: cy + 40 * sk, width });
  const moon = pathItem(SHAPES.moon, {
    x: cx - width / 2 + 10,
    y: cy - 120 * sk,
    s: 0.3 * sk,
    rot: -20,
    color: C.warm,
  });
  const st1 = pathItem(starPath(22 * sk), { x: cx + width / 2 - 20, y: cy - 120 * sk, color: C.yellow });
  const st2 = pathItem(starPath(14 * sk), {
    x: cx + width / 2 + 25,
    y: cy - 75 * sk,
    rot: 15,
    color: C.yellow,
  });
  const heart = pathItem(SHAPES.heart, {
    x: cx + width / 2 - 10,
    y: cy + 115 * sk,
    s: 0.3 * sk,
    color: C.purple,
  });
  const sw = pathItem(SHAPES.swoosh, { x: cx - 30, y: cy + 112 * sk, s: (width - 80) / 520 });
  const items = [a, moon, st1, st2, heart, sw];
  const box = bbox(tb(a), [cx - width / 2 - 55 * sk, cy - 190 * sk, cx + width / 2 + 45 * sk, cy + 145 * sk]);
  return scene({
    W,
    H,
    wallOpts: { kind: "brick", base: "#2f2228", seed: desktop ? 201 : 202 },
    signs: [{ color: C.pink, T: desktop ? 10 : 9, items, box }],
    world: "",
    floorY: desktop ? 655 : 975,
    furniture: { fn: sofa, cx, s: desktop ? 0.62 : 0.62 },
    darkLeft: desktop,
    darkTop: !desktop,
  });
}

// ---------------------------------------------------------------- output
async function writeJpeg(svg, file) {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  let q = 82;
  let buf;
  for (;;) {
    buf = await sharp(png).flatten({ background: "#000" }).jpeg({ quality: q, mozjpeg: true }).toBuffer();
    if (buf.length <= MAX_BYTES || q <= 50) break;
    q -= 4;
  }
  await fs.writeFile(path.join(OUT_DIR, file), buf);
  console.log(`${file.padEnd(34)} ${(buf.length / 1024).toFixed(1).padStart(6)} KB  q${q}`);
}

async function main() {
  await fs.mkdir(OUT_DIR, { recursive: true });
  const only = process.argv[2];
  const jobs = [];
  for (const [idx, [slug, count]] of PRODUCTS.entries()) {
    const design = await DESIGNS[slug]();
    for (let v = 1; v <= count; v++) jobs.push([`${slug}-${v}.jpg`, () => productSvg(design, v, idx)]);
  }
  for (const k of ["festive", "dimmer", "custom"]) jobs.push([`banner-${k}.jpg`, () => bannerSvg(k)]);
  jobs.push(["hero-desktop.jpg", () => heroSvg("desktop")]);
  jobs.push(["hero-mobile.jpg", () => heroSvg("mobile")]);
  for (const [file, make] of jobs) {
    if (only && !file.includes(only)) continue;
    await writeJpeg(await make(), file);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

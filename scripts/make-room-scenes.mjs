// `node scripts/make-room-scenes.mjs`: draws the customiser's room scenes (issue 18) and writes them as
// WebP files to app/assets/scenes/. Every scene is drawn here from shapes (no photographs, nothing
// downloaded), 1600 × 1000 px, at a known scale: the picture's full width is SCENES[].widthCm of real
// wall, so the customiser can draw a sign of 50 cm at its true size against the bed, the counter or
// the stage. The furniture is drawn in centimetres (a double bed 150 cm wide, a café table 70 cm, a
// stage sofa 200 cm) with `cm()` so it agrees with that scale. Re-run after changing a scene and commit
// the WebP files; app/features/customizer/ui/room-scenes.ts must carry the same widthCm and sign positions.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "app", "assets", "scenes");
const W = 1600;
const H = 1000;

/** A small deterministic random generator, so a re-run writes the same pictures. */
function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function bedroom(widthCm) {
  const cm = (v) => (v * W) / widthCm;
  const floorY = 780;
  const bedW = cm(150);
  const bx = W / 2 - bedW / 2;
  const headTop = floorY - cm(95);
  const stand = cm(45);
  const standH = cm(55);
  const lamp = (x) => `
    <rect x="${x}" y="${floorY - standH}" width="${stand}" height="${standH}" rx="6" fill="#6b4a33"/>
    <rect x="${x + 8}" y="${floorY - standH + 18}" width="${stand - 16}" height="4" fill="#4d3524"/>
    <rect x="${x + stand / 2 - 5}" y="${floorY - standH - cm(28)}" width="10" height="${cm(28)}" fill="#cfc6b8"/>
    <path d="M${x + stand / 2 - cm(14)} ${floorY - standH - cm(28)} L${x + stand / 2 - cm(9)} ${floorY - standH - cm(50)} L${x + stand / 2 + cm(9)} ${floorY - standH - cm(50)} L${x + stand / 2 + cm(14)} ${floorY - standH - cm(28)} Z" fill="#efe3cc"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5d6f76"/><stop offset="1" stop-color="#7d8f92"/></linearGradient>
    <radialGradient id="light" cx="0.5" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a6446"/><stop offset="1" stop-color="#5e4130"/></linearGradient>
    <linearGradient id="quilt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9e2d6"/><stop offset="1" stop-color="#c9bfae"/></linearGradient>
  </defs>
  <rect width="${W}" height="${floorY}" fill="url(#wall)"/>
  <rect y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>
  ${Array.from({ length: 9 }, (_, i) => `<line x1="0" x2="${W}" y1="${floorY + 14 + i * i * 3.2}" y2="${floorY + 14 + i * i * 3.2}" stroke="#4a3323" stroke-width="2" opacity="0.5"/>`).join("")}
  <rect y="${floorY - 14}" width="${W}" height="14" fill="#e8e4dc"/>
  <rect x="${bx - 20}" y="${headTop}" width="${bedW + 40}" height="${floorY - headTop}" rx="22" fill="#3f4a5a"/>
  ${Array.from({ length: 6 }, (_, i) => `<line x1="${bx - 20 + ((bedW + 40) / 6) * (i + 0.5)}" x2="${bx - 20 + ((bedW + 40) / 6) * (i + 0.5)}" y1="${headTop + 18}" y2="${floorY - cm(55)}" stroke="#333d4b" stroke-width="6"/>`).join("")}
  <rect x="${bx}" y="${floorY - cm(55)}" width="${bedW}" height="${cm(55)}" rx="10" fill="url(#quilt)"/>
  <rect x="${bx + 25}" y="${floorY - cm(70)}" width="${bedW / 2 - 40}" height="${cm(22)}" rx="24" fill="#f4f0e8"/>
  <rect x="${W / 2 + 15}" y="${floorY - cm(70)}" width="${bedW / 2 - 40}" height="${cm(22)}" rx="24" fill="#f4f0e8"/>
  <rect x="${bx}" y="${floorY - cm(38)}" width="${bedW}" height="${cm(38)}" rx="8" fill="#b5654a"/>
  ${lamp(bx - 40 - stand - 20)}
  ${lamp(bx + bedW + 60)}
  <rect x="${W - cm(60)}" y="${floorY - cm(120)}" width="${cm(30)}" height="${cm(120)}" fill="#2f6b4f" opacity="0.0"/>
  <rect width="${W}" height="${H}" fill="url(#light)"/>
</svg>`;
}

function cafe(widthCm) {
  const cm = (v) => (v * W) / widthCm;
  const rand = seeded(11);
  const floorY = 820;
  const planks = Array.from({ length: 40 }, (_, i) => {
    const x = i * cm(11);
    const v = rand();
    return `<rect x="${x}" y="0" width="${cm(11) - 2}" height="${floorY}" fill="rgb(${120 + v * 30},${82 + v * 20},${52 + v * 14})"/>`;
  }).join("");
  const tableW = cm(70);
  const table = (cx) => `
    <rect x="${cx - tableW / 2}" y="${floorY - cm(75)}" width="${tableW}" height="10" rx="4" fill="#2b2b2b"/>
    <rect x="${cx - 5}" y="${floorY - cm(75)}" width="10" height="${cm(75)}" fill="#2b2b2b"/>
    <rect x="${cx - cm(20)}" y="${floorY - 8}" width="${cm(40)}" height="8" rx="4" fill="#2b2b2b"/>
    <rect x="${cx - cm(8)}" y="${floorY - cm(75) - cm(10)}" width="${cm(8)}" height="${cm(10)}" rx="4" fill="#f2efe9"/>`;
  const chair = (cx) => `
    <rect x="${cx - cm(22)}" y="${floorY - cm(45)}" width="${cm(44)}" height="9" rx="4" fill="#c4934f"/>
    <rect x="${cx - cm(20)}" y="${floorY - cm(90)}" width="8" height="${cm(90)}" fill="#8d6332"/>
    <rect x="${cx + cm(20) - 8}" y="${floorY - cm(45)}" width="8" height="${cm(45)}" fill="#8d6332"/>`;
  const pendant = (cx) => `
    <line x1="${cx}" y1="0" x2="${cx}" y2="${cm(60)}" stroke="#222" stroke-width="3"/>
    <path d="M${cx - cm(15)} ${cm(78)} Q${cx} ${cm(52)} ${cx + cm(15)} ${cm(78)} Z" fill="#1f1f1f"/>
    <ellipse cx="${cx}" cy="${cm(79)}" rx="${cm(7)}" ry="${cm(3)}" fill="#ffdca0"/>`;
  const plant = (cx) => `
    <rect x="${cx - cm(15)}" y="${floorY - cm(40)}" width="${cm(30)}" height="${cm(40)}" rx="6" fill="#d9d2c5"/>
    ${Array.from({ length: 9 }, (_, i) => `<ellipse cx="${cx + (i - 4) * cm(5)}" cy="${floorY - cm(55) - Math.abs(i - 4) * -cm(4) - cm(20)}" rx="${cm(6)}" ry="${cm(20)}" transform="rotate(${(i - 4) * 12} ${cx + (i - 4) * cm(5)} ${floorY - cm(40)})" fill="${i % 2 ? "#2f7a43" : "#3e9452"}"/>`).join("")}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <radialGradient id="light" cx="0.5" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffd9a0" stop-opacity="0.15"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>
  </defs>
  ${planks}
  <rect y="${floorY}" width="${W}" height="${H - floorY}" fill="#3a3430"/>
  ${Array.from({ length: 16 }, (_, i) => `<line x1="${i * 110}" x2="${i * 110 - 120}" y1="${floorY}" y2="${H}" stroke="#2c2724" stroke-width="3"/>`).join("")}
  <rect x="${cm(25)}" y="${cm(95)}" width="${cm(70)}" height="${cm(95)}" fill="#1d2420" stroke="#6e4e2e" stroke-width="10"/>
  ${Array.from({ length: 6 }, (_, i) => `<rect x="${cm(33)}" y="${cm(112) + i * cm(12)}" width="${cm(35 + ((i * 7) % 20))}" height="5" fill="#d8d8d0" opacity="0.7"/>`).join("")}
  ${pendant(W * 0.2)}${pendant(W * 0.8)}
  ${table(W * 0.3)}${chair(W * 0.3 - cm(55))}${table(W * 0.7)}${chair(W * 0.7 + cm(55))}
  ${plant(W - cm(30))}
  <rect width="${W}" height="${H}" fill="url(#light)"/>
</svg>`;
}

function wedding(widthCm) {
  const cm = (v) => (v * W) / widthCm;
  const stageY = 800;
  const folds = Array.from({ length: 24 }, (_, i) => {
    const x = (i * W) / 24;
    return `<rect x="${x}" y="0" width="${W / 24}" height="${stageY}" fill="url(#fold)"/>`;
  }).join("");
  const garland = (x) =>
    Array.from({ length: 22 }, (_, i) => {
      const y = 10 + i * cm(11);
      return `<circle cx="${x}" cy="${y}" r="${cm(5)}" fill="${i % 3 === 2 ? "#d92b2b" : "#f29f05"}"/>`;
    }).join("");
  const swag = Array.from({ length: 40 }, (_, i) => {
    const t = i / 39;
    const x = W * 0.15 + t * W * 0.7;
    const y = 30 + Math.sin(t * Math.PI) * cm(45);
    return `<circle cx="${x}" cy="${y}" r="${cm(4.5)}" fill="${i % 2 ? "#f7c600" : "#f28705"}"/>`;
  }).join("");
  const sofaW = cm(200);
  const sx = W / 2 - sofaW / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7a1430"/><stop offset="0.5" stop-color="#b22a4d"/><stop offset="1" stop-color="#7a1430"/></linearGradient>
    <linearGradient id="stage" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8d6b0"/><stop offset="1" stop-color="#b39a6a"/></linearGradient>
    <linearGradient id="sofa" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3e2b3"/><stop offset="1" stop-color="#c9a55a"/></linearGradient>
    <radialGradient id="light" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="#fff1c9" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>
  </defs>
  ${folds}
  ${garland(W * 0.06)}${garland(W * 0.94)}${garland(W * 0.14)}${garland(W * 0.86)}
  ${swag}
  <rect y="${stageY}" width="${W}" height="${H - stageY}" fill="url(#stage)"/>
  <rect y="${stageY}" width="${W}" height="10" fill="#8f7440"/>
  <path d="M${sx} ${stageY} L${sx} ${stageY - cm(85)} Q${sx + sofaW / 2} ${stageY - cm(130)} ${sx + sofaW} ${stageY - cm(85)} L${sx + sofaW} ${stageY} Z" fill="url(#sofa)" stroke="#a07d32" stroke-width="6"/>
  <rect x="${sx + cm(15)}" y="${stageY - cm(45)}" width="${sofaW - cm(30)}" height="${cm(30)}" rx="14" fill="#b4212f"/>
  <rect x="${sx - cm(12)}" y="${stageY - cm(60)}" width="${cm(22)}" height="${cm(60)}" rx="10" fill="url(#sofa)"/>
  <rect x="${sx + sofaW - cm(10)}" y="${stageY - cm(60)}" width="${cm(22)}" height="${cm(60)}" rx="10" fill="url(#sofa)"/>
  ${[0.28, 0.72].map((f) => `<rect x="${W * f - cm(20)}" y="${stageY - cm(110)}" width="${cm(40)}" height="${cm(110)}" fill="#d8c49a"/><circle cx="${W * f}" cy="${stageY - cm(125)}" r="${cm(28)}" fill="#f2f2f2"/><circle cx="${W * f - cm(12)}" cy="${stageY - cm(130)}" r="${cm(14)}" fill="#f5b1c4"/><circle cx="${W * f + cm(12)}" cy="${stageY - cm(120)}" r="${cm(13)}" fill="#f7d36b"/>`).join("")}
  <rect width="${W}" height="${H}" fill="url(#light)"/>
</svg>`;
}

/** Must agree with app/features/customizer/room-scenes.ts. */
const SCENES = [
  { id: "bedroom", widthCm: 320, svg: bedroom },
  { id: "cafe", widthCm: 400, svg: cafe },
  { id: "wedding", widthCm: 600, svg: wedding },
];

fs.mkdirSync(outDir, { recursive: true });
for (const s of SCENES) {
  const file = path.join(outDir, `${s.id}.webp`);
  await sharp(Buffer.from(s.svg(s.widthCm)))
    .resize(W, H)
    .webp({ quality: 72, effort: 6 })
    .toFile(file);
  console.log(
    `${path.relative(root, file)}: ${(fs.statSync(file).size / 1024).toFixed(0)} KB, ${s.widthCm} cm wide`,
  );
}

#!/usr/bin/env node
// Makes the storefront's static images and the home page video from seed/images/:
//   public/images/hero-{desktop,mobile}-{w}.webp, category-{slug}-{w}.webp, about-poster.webp,
//   public/og-image.jpg and public/videos/about.{mp4,webm} (needs ffmpeg for the video).
//
//   node scripts/make-storefront-assets.mjs
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const SEED = path.resolve("seed/images");
const OUT = path.resolve("public/images");
const VIDEO_OUT = path.resolve("public/videos");
await fs.mkdir(OUT, { recursive: true });
await fs.mkdir(VIDEO_OUT, { recursive: true });

async function webp(src, name, widths, quality = 72) {
  for (const w of widths) {
    const file = path.join(OUT, `${name}-${w}.webp`);
    await sharp(path.join(SEED, src)).resize({ width: w }).webp({ quality, effort: 6 }).toFile(file);
    const { size } = await fs.stat(file);
    console.log(`${path.relative(process.cwd(), file)}  ${(size / 1024).toFixed(1)} KB`);
  }
}

await webp("hero-desktop.jpg", "hero-desktop", [800, 1200, 1600]);
await webp("hero-mobile.jpg", "hero-mobile", [400, 600, 800]);
const CATEGORIES = {
  bedroom: "good-vibes-only-1.jpg",
  "bar-cafe": "but-first-coffee-1.jpg",
  "gaming-zone": "game-on-1.jpg",
  "wedding-event": "better-together-1.jpg",
  quotes: "stay-wild-1.jpg",
};
for (const [slug, src] of Object.entries(CATEGORIES)) await webp(src, `category-${slug}`, [320, 480], 70);

await sharp(path.join(SEED, "hero-desktop.jpg"))
  .resize({ width: 1200, height: 630, fit: "cover" })
  .jpeg({ quality: 78, mozjpeg: true })
  .toFile(path.resolve("public/og-image.jpg"));
console.log("public/og-image.jpg");

// The 'Who are we?' video: a slow pan and cross-fade over three workshop-style shots.
const ffmpeg = spawnSync("ffmpeg", ["-version"]).status === 0;
if (!ffmpeg) {
  console.warn("ffmpeg not found: video not made (apt-get install -y ffmpeg)");
  process.exit(0);
}
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "neon-video-"));
const shots = ["hero-desktop.jpg", "but-first-coffee-1.jpg", "better-together-1.jpg", "game-on-1.jpg"];
const W = 640;
const H = 360;
const SECONDS = 3;
const FPS = 24;
const inputs = [];
for (const [i, s] of shots.entries()) {
  const file = path.join(tmp, `s${i}.png`);
  await sharp(path.join(SEED, s))
    .resize({ width: W * 1.25, height: H * 1.25, fit: "cover" })
    .png()
    .toFile(file);
  inputs.push("-i", file);
}
const frames = (SECONDS + 1) * FPS;
const parts = shots.map(
  (_, i) =>
    `[${i}:v]zoompan=z='min(zoom+0.0012,1.15)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=${W}x${H}:fps=${FPS},setsar=1,format=yuv420p[v${i}]`,
);
let chain = "[v0]";
const fades = [];
for (let i = 1; i < shots.length; i++) {
  const out = i === shots.length - 1 ? "[out]" : `[x${i}]`;
  fades.push(`${chain}[v${i}]xfade=transition=fade:duration=1:offset=${i * SECONDS}${out}`);
  chain = out;
}
const filter = [...parts, ...fades].join(";");
const mp4 = path.join(VIDEO_OUT, "about.mp4");
const webmFile = path.join(VIDEO_OUT, "about.webm");
execFileSync(
  "ffmpeg",
  [
    "-y",
    "-loglevel",
    "error",
    ...inputs,
    "-filter_complex",
    filter,
    "-map",
    "[out]",
    "-an",
    "-pix_fmt",
    "yuv420p",
    "-c:v",
    "libx264",
    "-profile:v",
    "main",
    "-crf",
    "30",
    "-preset",
    "slow",
    "-movflags",
    "+faststart",
    mp4,
  ],
  { stdio: "inherit" },
);
execFileSync(
  "ffmpeg",
  [
    "-y",
    "-loglevel",
    "error",
    "-i",
    mp4,
    "-an",
    "-c:v",
    "libvpx-vp9",
    "-b:v",
    "0",
    "-crf",
    "42",
    "-row-mt",
    "1",
    webmFile,
  ],
  { stdio: "inherit" },
);
const posterPng = path.join(tmp, "poster.png");
execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-i", mp4, "-frames:v", "1", posterPng]);
await sharp(posterPng).webp({ quality: 70 }).toFile(path.join(OUT, "about-poster.webp"));
for (const f of [mp4, webmFile, path.join(OUT, "about-poster.webp")]) {
  console.log(`${path.relative(process.cwd(), f)}  ${((await fs.stat(f)).size / 1024).toFixed(1)} KB`);
}
await fs.rm(tmp, { recursive: true, force: true });

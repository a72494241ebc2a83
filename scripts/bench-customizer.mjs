// `npm run bench:customizer`: time from a keystroke in 'Your Text' to the finished redraw of the
// live preview, over 50 keystrokes, in the system Chromium. Prints the median and 95th percentile.
//
// Against a running shop:  BASE_URL=http://127.0.0.1:41000 npm run bench:customizer
// Without BASE_URL it starts the production build (`node scripts/start.mjs`) on a free port with a
// throw-away DATA_DIR and stops it afterwards. CPU_THROTTLE=4 slows the CPU like Lighthouse's mobile run.
import { chromium } from "@playwright/test";
import { startShop } from "./bench-support.mjs";

const KEYSTROKES = 50;
const throttle = Number(process.env.CPU_THROTTLE ?? 1);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

const shop = process.env.BASE_URL
  ? { url: process.env.BASE_URL, stop: async () => {} }
  : await startShop({ LOG_LEVEL: "warn" }, { dataDirPrefix: "bench-customizer" });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  if (throttle > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  }
  await page.goto(`${shop.url}/customize`);
  const text = page.getByRole("textbox", { name: "Your Text" });
  await text.fill("");
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    const w = window;
    w.__keys = [];
    w.__draws = [];
    document.addEventListener("keydown", (e) => w.__keys.push(e.timeStamp), true);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === "neon-preview:drawn") w.__draws.push(e.startTime);
    }).observe({ type: "mark" });
  });
  await text.click();
  const phrase = "Good Vibes Only at the Neon Cafe, open late 24x7 ok";
  for (const ch of phrase.slice(0, KEYSTROKES)) {
    await page.keyboard.type(ch);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  const { keys, draws } = await page.evaluate(() => ({ keys: window.__keys, draws: window.__draws }));
  const latencies = keys
    .map((k) => {
      const d = draws.find((t) => t >= k);
      return d === undefined ? undefined : d - k;
    })
    .filter((x) => x !== undefined)
    .sort((a, b) => a - b);
  if (latencies.length < KEYSTROKES)
    throw new Error(`only ${latencies.length} of ${KEYSTROKES} keystrokes were followed by a redraw`);
  const fmt = (x) => `${x.toFixed(2)} ms`;
  console.log(
    `customiser keystroke -> redraw over ${latencies.length} keystrokes (CPU throttle ${throttle}x): ` +
      `median ${fmt(quantile(latencies, 0.5))}, p95 ${fmt(quantile(latencies, 0.95))}, max ${fmt(latencies.at(-1))}`,
  );
} finally {
  await browser.close();
  await shop.stop();
}

import { expect, test, type Page } from "@playwright/test";

// Issue 27, item 4: Hindi text is only offered (and drawn in) fonts with Hindi letters; the Devanagari font
// file is fetched only once Hindi is typed; the download's file name keeps the Hindi readable.
const shots = process.env.SHOTS_DIR ?? "/tmp/shots-helper7";
const textBox = (page: Page) => page.getByRole("textbox", { name: "Your Text" });
const fontPicker = (page: Page) => page.getByRole("combobox", { name: "Font Style" });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("typing Hindi in a Latin font switches to a Hindi font, says so, and offers only Hindi fonts", async ({
      page,
    }) => {
      const fonts: string[] = [];
      page.on("request", (r) => {
        if (/\.woff2(\?|$)/.test(r.url())) fonts.push(new URL(r.url()).pathname);
      });
      await page.goto("/customize?text=Good+Vibes&font=dancing-script");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

      // Latin text: every font is offered, and opening the list fetches no Devanagari file.
      await fontPicker(page).click();
      await expect(page.getByRole("option")).toHaveCount(20);
      await page.keyboard.press("Escape");
      await page.waitForTimeout(300);
      expect(fonts.filter((f) => f.includes("devanagari"))).toEqual([]);

      await textBox(page).fill("नमस्ते दुनिया");
      const note = page.getByText("Switched to Baloo 2 (हिन्दी): Dancing Script has no Hindi letters.");
      await expect(note).toBeVisible();
      await expect(fontPicker(page)).toHaveText(/Baloo 2/);
      await expect(page.locator('[data-level="blocking"]')).toHaveCount(0);
      await expect(page.getByRole("img", { name: /Neon sign preview/ })).toHaveAttribute(
        "aria-label",
        /"नमस्ते दुनिया" in Baloo 2/,
      );
      await expect.poll(() => fonts.some((f) => f.includes("baloo-2-devanagari"))).toBe(true);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shots}/customize-hindi-${width}.png` });

      await fontPicker(page).click();
      await expect(page.getByRole("option")).toHaveText(["Rajdhani", "Baloo 2 (हिन्दी)", "Yatra One (हिन्दी)"]);
      await page.screenshot({ path: `${shots}/customize-hindi-fonts-${width}.png` });
      await page.getByRole("option", { name: /Yatra One/ }).click();
      // Choosing a font clears the note; the list now says why it is short.
      await expect(note).toHaveCount(0);
      await expect(page.getByText("Showing the fonts with Hindi letters.")).toBeVisible();

      // Back to Latin text: every font again.
      await textBox(page).fill("Hello");
      await fontPicker(page).click();
      await expect(page.getByRole("option")).toHaveCount(20);
      await page.keyboard.press("Escape");

      // The download keeps the Hindi readable.
      await textBox(page).fill("शुभ विवाह");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: /Download/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("neon-preview-शुभ_विवाह.png");
    });
  });
}

test("a shared link with Hindi text in a Latin font opens in a Hindi font, saying so", async ({ page }) => {
  await page.goto(`/customize?${new URLSearchParams({ text: "शुभ दीपावली", font: "monoton" })}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByText("Switched to Baloo 2 (हिन्दी): Monoton has no Hindi letters.")).toBeVisible();
  await expect(fontPicker(page)).toHaveText(/Baloo 2/);
});

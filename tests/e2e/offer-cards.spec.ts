import { expect, test } from "@playwright/test";

// Issue 19: an offer card shows its whole banner at the recommended 4:1 ratio (1200 x 300), with nothing
// laid over it, in the 360 x 180 card, at phone and desktop widths.

for (const width of [390, 1280]) {
  test(`offer cards show the whole 4:1 banner at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/products");
    const card = page.getByRole("region", { name: "Offers" }).getByRole("listitem").first();
    const img = card.locator("img");
    await expect(img).toBeVisible();
    const c = (await card.boundingBox())!;
    const i = (await img.boundingBox())!;
    // The picture's frame is 4:1 and lies wholly inside the card.
    expect(i.width / i.height).toBeCloseTo(4, 1);
    expect(i.x).toBeGreaterThanOrEqual(c.x);
    expect(i.x + i.width).toBeLessThanOrEqual(c.x + c.width + 0.5);
    expect(i.y + i.height).toBeLessThanOrEqual(c.y + c.height + 0.5);
    // The seeded banners are 4:1 too, so object-cover crops nothing.
    const natural = await img.evaluate((el: HTMLImageElement) => el.naturalWidth / el.naturalHeight);
    expect(natural).toBeCloseTo(4, 1);
    // The OFFER label and the words sit below the picture, not over it.
    const label = (await card.getByText("OFFER", { exact: true }).boundingBox())!;
    expect(label.y).toBeGreaterThanOrEqual(i.y + i.height - 0.5);
  });
}

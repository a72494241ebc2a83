import { count, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import {
  banners,
  bestsellingProducts,
  categories,
  productImages,
  products,
} from "~/features/catalog/tables.server";
import { discountCodes } from "~/features/discount-codes/tables.server";
import { offers } from "~/features/offers/tables.server";
import { logger } from "~/platform/logger.server";
import { storeDemoImage } from "~/platform/storage/demo-images.server";

type SeedProduct = {
  slug: string;
  name: string;
  category: string;
  description: string;
  /** The sign's colour in each photo (`{slug}-{n}.jpg`, one of PRODUCT_COLORS); the first is the product's default colour. */
  images: string[];
  /** [small, medium, large, extraLarge] selling prices; null = size not offered. */
  prices: [number | null, number, number | null, number | null];
  /** MRP is this much above the price (percent). */
  markup: number;
  stock: number;
  rating: number;
  reviews: number;
};

export const SEED_CATEGORIES = [
  { name: "Bedroom", description: "Soft, warm signs for a calm and cosy bedroom." },
  { name: "Bar/Cafe", description: "Eye-catching signs that bring people in and set the mood." },
  { name: "Gaming Zone", description: "Bold, bright signs for your battle station and streaming setup." },
  { name: "Wedding/Event", description: "Statement signs for mehendi, sangeet, weddings and parties." },
  { name: "Quotes", description: "Words to live by, in light." },
];

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    slug: "good-vibes-only",
    name: "Good Vibes Only Neon Sign",
    category: "Bedroom",
    images: ["Pink", "Pink", "Pink"],
    prices: [1499, 2499, 3999, 5499],
    markup: 40,
    stock: 25,
    rating: 4.8,
    reviews: 214,
    description:
      "A cheerful pink script that lifts any room. Hand-bent look with energy-saving 2nd Gen LED neon flex on 6 mm clear acrylic.",
  },
  {
    slug: "moon-and-stars",
    name: "Moon & Stars Neon Light",
    category: "Bedroom",
    images: ["White", "White"],
    prices: [1299, 2199, 3499, null],
    markup: 35,
    stock: 18,
    rating: 4.7,
    reviews: 132,
    description:
      "A warm white crescent moon with three yellow stars: a gentle night light for bedrooms and nurseries.",
  },
  {
    slug: "dream-big",
    name: "Dream Big Neon Sign",
    category: "Bedroom",
    images: ["Purple"],
    prices: [1399, 2299, 3699, 4999],
    markup: 30,
    stock: 12,
    rating: 4.6,
    reviews: 87,
    description: "Purple neon script for a study corner or bedroom wall. Comes with a dimmer-ready adapter.",
  },
  {
    slug: "but-first-coffee",
    name: "But First, Coffee Neon Sign",
    category: "Bar/Cafe",
    images: ["Orange", "Orange"],
    prices: [1799, 2899, 4299, 6299],
    markup: 35,
    stock: 9,
    rating: 4.9,
    reviews: 301,
    description: "Orange neon with a steaming cup: the favourite of cafes, coffee bars and kitchen walls.",
  },
  {
    slug: "cocktail-hour",
    name: "Cocktail Hour Neon Sign",
    category: "Bar/Cafe",
    images: ["Blue", "Blue"],
    prices: [null, 3199, 4599, 6699],
    markup: 30,
    stock: 7,
    rating: 4.7,
    reviews: 96,
    description: "Electric blue lettering with a cocktail glass for bars, lounges and home bar counters.",
  },
  {
    slug: "happy-hour",
    name: "Happy Hour Neon Sign",
    category: "Bar/Cafe",
    images: ["Green"],
    prices: [1599, 2599, 3899, null],
    markup: 30,
    stock: 0,
    rating: 4.5,
    reviews: 58,
    description: "Green neon that tells everyone the good times have started. Indoor use, wall-mounted.",
  },
  {
    slug: "game-on",
    name: "Game On Neon Sign",
    category: "Gaming Zone",
    images: ["Green", "Green"],
    prices: [1499, 2499, 3799, 5799],
    markup: 35,
    stock: 30,
    rating: 4.8,
    reviews: 176,
    description: "Bright green block letters made for gaming setups and streaming backdrops.",
  },
  {
    slug: "level-up",
    name: "Level Up Neon Sign",
    category: "Gaming Zone",
    images: ["Blue", "Blue"],
    prices: [1599, 2699, 3999, 5999],
    markup: 30,
    stock: 14,
    rating: 4.6,
    reviews: 71,
    description: "Electric blue with an arrow pointing the way up. Looks great above a monitor or desk.",
  },
  {
    slug: "controller",
    name: "Game Controller Neon Light",
    category: "Gaming Zone",
    images: ["Purple"],
    prices: [1299, 2199, 3299, null],
    markup: 35,
    stock: 20,
    rating: 4.7,
    reviews: 143,
    description: "A purple gamepad outline for gamers of every age. USB or adapter powered.",
  },
  {
    slug: "better-together",
    name: "Better Together Neon Sign",
    category: "Wedding/Event",
    images: ["White", "White", "White"],
    prices: [null, 3499, 5299, 7499],
    markup: 30,
    stock: 10,
    rating: 4.9,
    reviews: 265,
    description:
      "Elegant white script for weddings, engagements and anniversaries. A keepsake after the big day.",
  },
  {
    slug: "mr-and-mrs",
    name: "Mr & Mrs Neon Sign",
    category: "Wedding/Event",
    images: ["Pink", "Pink"],
    prices: [null, 3299, 4999, 6999],
    markup: 30,
    stock: 8,
    rating: 4.8,
    reviews: 119,
    description: "Pink neon with a heart for the couple's stage, photo booth or reception entrance.",
  },
  {
    slug: "happily-ever-after",
    name: "Happily Ever After Neon Sign",
    category: "Wedding/Event",
    images: ["Yellow"],
    prices: [null, 3399, 5199, 7299],
    markup: 30,
    stock: 5,
    rating: 4.7,
    reviews: 64,
    description: "Golden yellow fairy-tale script for wedding decor and bridal showers.",
  },
  {
    slug: "stay-wild",
    name: "Stay Wild Neon Sign",
    category: "Quotes",
    images: ["Red", "Red"],
    prices: [1399, 2299, 3599, 4999],
    markup: 35,
    stock: 16,
    rating: 4.6,
    reviews: 92,
    description: "Red neon for free spirits. A bold quote for living rooms, studios and bedrooms.",
  },
  {
    slug: "create-your-own-sunshine",
    name: "Create Your Own Sunshine Neon Sign",
    category: "Quotes",
    images: ["Yellow"],
    prices: [1599, 2599, 3999, 5699],
    markup: 30,
    stock: 11,
    rating: 4.8,
    reviews: 158,
    description: "Two lines of sunny yellow to brighten every morning.",
  },
  {
    slug: "hustle-hard",
    name: "Hustle Hard Neon Sign",
    category: "Quotes",
    images: ["Blue"],
    prices: [1499, 2499, 3799, 5499],
    markup: 30,
    stock: 22,
    rating: 4.5,
    reviews: 47,
    description: "Electric blue motivation for offices, home desks and gyms.",
  },
  {
    slug: "open-late",
    name: "Open Late Neon Sign",
    category: "Bar/Cafe",
    images: ["Red"],
    prices: [1699, 2799, 4199, null],
    markup: 30,
    stock: 13,
    rating: 4.4,
    reviews: 39,
    description: "Classic red shop-window sign for cafes, dhabas and late-night stores.",
  },
];

const BESTSELLERS = [
  "good-vibes-only",
  "but-first-coffee",
  "game-on",
  "better-together",
  "moon-and-stars",
  "mr-and-mrs",
];

/** The demo's promotions: what the demo banners promise is what checkout applies. */
export const SEED_CODES = [
  {
    code: "FESTIVE20",
    description: "Festive Sale: Flat 20% Off",
    kind: "percent" as const,
    value: 20,
    appliesTo: "all" as const,
    maxUsesPerShopper: 1,
  },
];
export const SEED_OFFERS = [
  {
    name: "Free Dimmer on XL Signs",
    kind: "free-dimmer" as const,
    value: 0,
    appliesTo: "all" as const,
    sizes: ["XL"],
  },
];

/** Demo banners; `promises` names a seeded code or offer ("Custom Neon from ₹1,999" is true by the prices). */
export const SEED_BANNERS = [
  {
    file: "banner-festive.jpg",
    title: "Festive Sale: Flat 20% Off",
    linkUrl: "/products",
    promises: { code: "FESTIVE20" },
  },
  {
    file: "banner-dimmer.jpg",
    title: "Free Dimmer on XL Signs",
    linkUrl: "/products",
    promises: { offer: "Free Dimmer on XL Signs" },
  },
  { file: "banner-custom.jpg", title: "Custom Neon from ₹1,999", linkUrl: "/customize", promises: null },
];

const mrp = (price: number | null, markup: number) =>
  price === null ? null : Math.round((price * (1 + markup / 100)) / 100) * 100 - 1;

const seedImage = (file: string) => storeDemoImage(file);

/**
 * Fill an empty shop with the demo catalogue. Safe to run again: whatever already exists
 * (categories and products by name, any bestseller, any banner) is left alone.
 */
export async function seedDemoCatalogue(database: Db): Promise<{ created: number }> {
  // One transaction: a start killed half-way through seeding leaves an empty shop, seeded again next time.
  return database.transaction(async (tx) => seedInto(tx as unknown as Db));
}

async function seedInto(database: Db): Promise<{ created: number }> {
  let created = 0;
  const categoryIds = new Map<string, string>();
  for (const c of SEED_CATEGORIES) {
    const [existing] = await database
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.name}) = lower(${c.name})`);
    if (existing) {
      categoryIds.set(c.name, existing.id);
      continue;
    }
    const [row] = await database.insert(categories).values(c).returning({ id: categories.id });
    categoryIds.set(c.name, row!.id);
    created++;
  }

  const productIds = new Map<string, string>();
  for (const [i, p] of SEED_PRODUCTS.entries()) {
    const [existing] = await database
      .select({ id: products.id })
      .from(products)
      .where(eq(products.name, p.name));
    if (existing) {
      productIds.set(p.slug, existing.id);
      continue;
    }
    const images = await Promise.all(p.images.map((_, n) => seedImage(`${p.slug}-${n + 1}.jpg`)));
    const [s, m, l, xl] = p.prices;
    {
      const tx = database;
      const [row] = await tx
        .insert(products)
        .values({
          name: p.name,
          description: p.description,
          categoryId: categoryIds.get(p.category)!,
          stockQuantity: p.stock,
          defaultColor: p.images[0],
          smallPrice: s,
          smallMrp: mrp(s, p.markup),
          mediumPrice: m,
          mediumMrp: mrp(m, p.markup)!,
          largePrice: l,
          largeMrp: mrp(l, p.markup),
          extraLargePrice: xl,
          extraLargeMrp: mrp(xl, p.markup),
          // Newest first on /products: keep the list in the order written above.
          createdAt: new Date(Date.UTC(2025, 7, 1) + (SEED_PRODUCTS.length - i) * 3_600_000),
        })
        .returning({ id: products.id });
      productIds.set(p.slug, row!.id);
      await tx.insert(productImages).values(
        images.map((img, n) => ({
          productId: row!.id,
          ...img,
          altText: n === 0 ? p.name : `${p.name}, view ${n + 1}`,
          color: p.images[n],
          displayOrder: n + 1,
        })),
      );
    }
    created++;
  }

  const [{ value: bestsellerCount }] = (await database
    .select({ value: count() })
    .from(bestsellingProducts)) as [{ value: number }];
  if (bestsellerCount === 0) {
    await database.insert(bestsellingProducts).values(
      BESTSELLERS.map((slug, i) => ({
        productId: productIds.get(slug)!,
        displayOrder: i + 1,
        // Never "Top Rated": a new shop's products have no reviews to be rated by (issue 42).
        badgeText: i === 0 ? "Most Loved" : "Bestseller",
      })),
    );
    created += BESTSELLERS.length;
  }

  const promotions = await seedPromotions(database);
  created += promotions.created;
  const [{ value: bannerCount }] = (await database.select({ value: count() }).from(banners)) as [
    { value: number },
  ];
  if (bannerCount === 0) {
    for (const [i, b] of SEED_BANNERS.entries()) {
      const img = await storeDemoImage(b.file, { maxWidth: 1200 });
      await database.insert(banners).values({
        title: b.title,
        linkUrl: b.linkUrl,
        ...img,
        displayOrder: i + 1,
        ...promotions.of(b.promises),
      });
      created++;
    }
  } else {
    // An older demo: its banners promised what nothing applied; link them to the seeded promotions.
    for (const b of SEED_BANNERS) {
      if (!b.promises) continue;
      await database
        .update(banners)
        .set(promotions.of(b.promises))
        .where(
          sql`${banners.title} = ${b.title} and ${banners.discountCodeId} is null and ${banners.offerId} is null`,
        );
    }
  }
  if (created > 0) logger.info({ created }, "demo catalogue seeded");
  return { created };
}

/** The demo's code and offer, created when missing; `of` gives a banner's promotion columns. */
async function seedPromotions(database: Db) {
  let created = 0;
  const codeIds = new Map<string, string>();
  for (const c of SEED_CODES) {
    const [existing] = await database
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(sql`upper(${discountCodes.code}) = ${c.code}`);
    const id =
      existing?.id ??
      (await database.insert(discountCodes).values(c).returning({ id: discountCodes.id }))[0]!.id;
    if (!existing) created++;
    codeIds.set(c.code, id);
  }
  const offerIds = new Map<string, string>();
  for (const o of SEED_OFFERS) {
    const [existing] = await database
      .select({ id: offers.id })
      .from(offers)
      .where(sql`lower(${offers.name}) = lower(${o.name})`);
    const id = existing?.id ?? (await database.insert(offers).values(o).returning({ id: offers.id }))[0]!.id;
    if (!existing) created++;
    offerIds.set(o.name, id);
  }
  return {
    created,
    of: (p: { code?: string; offer?: string } | null) => ({
      discountCodeId: p?.code ? (codeIds.get(p.code) ?? null) : null,
      offerId: p?.offer ? (offerIds.get(p.offer) ?? null) : null,
    }),
  };
}

/** Seed only a shop that has never had a catalogue (no categories and no products). */
export async function seedIfEmpty(database: Db): Promise<boolean> {
  const [{ value }] = (await database.select({ value: count() }).from(categories)) as [{ value: number }];
  if (value > 0) return false;
  await seedDemoCatalogue(database);
  return true;
}

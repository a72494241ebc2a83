import { checkbox } from "~/shared/admin-forms";
import { formatRupees } from "~/shared/money";
import { freeText, singleLine } from "~/shared/text";
import { z } from "~/shared/zod";
import { PRODUCT_COLORS, PRODUCT_SIZES, type ProductSizeId } from "~/features/sign-options/product-options";
import {
  FACT_TEXT_FIELDS,
  MAX_MADE_TO_ORDER_DAYS,
  parseSizeCm,
  PLACEMENTS,
  WHEN_SOLD_OUT,
  type FactTextField,
  type ProductFacts,
  type SizeCm,
} from "~/features/catalog/product-facts";

/*
 * The admin catalogue forms (spec sections 2, 4, 5 and 8): one schema per form, used by the dialog in the
 * browser and by the action on the server. Form values arrive as strings (FormData); the schemas turn them
 * into typed values.
 */

export const MAX_PRODUCT_IMAGES = 5;
export const MAX_PRODUCT_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_BANNER_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest rupee amount a price field accepts (a sign costing more than ₹1 crore is a typing mistake). */
export const MAX_RUPEES = 10_000_000;
export const MAX_STOCK = 1_000_000;
export const DEFAULT_BADGE_TEXT = "Bestseller";
/** Image types offered in the file pickers; the server checks the content, not the type. */
export const PRODUCT_IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";
export const BANNER_IMAGE_ACCEPT = "image/*";

export const MESSAGES = {
  categoryName: "Category name is required",
  selectCategory: "Please select a category",
  productName: "Product name is required",
  atLeastOneImage: "Please upload at least 1 image",
  maxImages: "Maximum 5 images allowed",
  productImageType: "Only PNG, JPG or JPEG images are allowed",
  productImageSize: "Each image must be 10MB or smaller",
  emptyFile: "The file is empty",
  bannerTitle: "Banner title is required",
  bannerImage: "Please select an image file",
  bannerImageSize: "File size should be less than 5MB",
  bannerLink: "Enter an http(s) address or a path of this shop starting with /",
  bannerPromotion: "Please choose a discount code or an offer from the list",
  selectProduct: "Please select a product.",
  defaultColor: "Please choose the colour the product is shown in",
} as const;

/** A trimmed description (several lines are fine); empty becomes undefined. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(freeText(label))
    .optional()
    .transform((v) => (v ? v : undefined));

/** A name or title: one line. */
const requiredText = (max: number, required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(singleLine(label));

const WHOLE = /^\d+$/;

/** A whole number typed into a form (digits only), between 0 and `max`; empty is undefined. */
const wholeNumberText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || WHOLE.test(v), `${label} must be a whole number, 0 or more`)
    .transform((v) => (v === "" ? undefined : Number(v)))
    .refine((v) => v === undefined || v <= max, `${label} must be at most ${max.toLocaleString("en-IN")}`);

/** A required whole number. */
const requiredWhole = (label: string, max: number, required: string) =>
  z
    .string({ error: required })
    .pipe(wholeNumberText(label, max))
    .refine((v) => v !== undefined, required)
    .transform((v) => v as number);

/** An optional whole number: null when left empty. */
const optionalWhole = (label: string, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .pipe(wholeNumberText(label, max))
    .transform((v) => (v === undefined ? null : v));

const uuid = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .pipe(z.uuid({ error: message }));

// ---------------------------------------------------------------------------------------------------
// Categories

export const categoryFormSchema = z.object({
  name: requiredText(80, MESSAGES.categoryName, "Category name"),
  description: optionalText(500, "Description"),
});
export type CategoryInput = z.output<typeof categoryFormSchema>;

// ---------------------------------------------------------------------------------------------------
// Products

export const SIZE_CM_MESSAGE = "Write the size as width x height in cm, e.g. 30 x 20";

/** A size typed as "30 x 20" (cm); empty: the shop's default. */
const sizeCm = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): SizeCm | undefined => {
    if (!v) return undefined;
    const size = parseSizeCm(v);
    if (!size) {
      ctx.addIssue({ code: "custom", message: SIZE_CM_MESSAGE });
      return z.NEVER;
    }
    return size;
  });

/** The product form's fields for its facts: `fact_<name>` texts and `sizeCm_<size>` sizes (empty: the shop's default). */
const factFields = {
  ...(Object.fromEntries(
    FACT_TEXT_FIELDS.map((f) => [`fact_${f.name}`, optionalText(f.max, f.label)]),
  ) as Record<`fact_${FactTextField}`, ReturnType<typeof optionalText>>),
  ...(Object.fromEntries(PRODUCT_SIZES.map((s) => [`sizeCm_${s.id}`, sizeCm])) as Record<
    `sizeCm_${ProductSizeId}`,
    typeof sizeCm
  >),
  fact_placement: z
    .enum(["", ...PLACEMENTS.map((p) => p.id)] as ["", "indoor", "outdoor"])
    .optional()
    .transform((v) => (v ? v : undefined)),
};

const PRICE_FIELDS = [
  { size: "Small", price: "smallPrice", mrp: "smallMrp", required: false },
  { size: "Medium", price: "mediumPrice", mrp: "mediumMrp", required: true },
  { size: "Large", price: "largePrice", mrp: "largeMrp", required: false },
  { size: "Extra Large", price: "extraLargePrice", mrp: "extraLargeMrp", required: false },
] as const;

export const productFormSchema = z
  .object({
    ...factFields,
    /** With no stock left: sold out, or made to order (left out: unchanged). */
    whenSoldOut: z
      .enum(WHEN_SOLD_OUT, { error: "Please choose what happens when it is sold out" })
      .optional(),
    madeToOrderDays: z
      .string()
      .optional()
      .transform((v) => v ?? "")
      .pipe(wholeNumberText("Extra days to make", MAX_MADE_TO_ORDER_DAYS))
      .refine((v) => v === undefined || v >= 1, "Extra days to make must be at least 1"),
    categoryId: uuid(MESSAGES.selectCategory),
    name: requiredText(120, MESSAGES.productName, "Product name"),
    description: optionalText(2000, "Description"),
    smallPrice: optionalWhole("Small price", MAX_RUPEES),
    smallMrp: optionalWhole("Small MRP", MAX_RUPEES),
    mediumPrice: requiredWhole("Medium price", MAX_RUPEES, "Medium price is required"),
    mediumMrp: requiredWhole("Medium MRP", MAX_RUPEES, "Medium MRP is required"),
    largePrice: optionalWhole("Large price", MAX_RUPEES),
    largeMrp: optionalWhole("Large MRP", MAX_RUPEES),
    extraLargePrice: optionalWhole("Extra large price", MAX_RUPEES),
    extraLargeMrp: optionalWhole("Extra large MRP", MAX_RUPEES),
    stockQuantity: requiredWhole("Stock quantity", MAX_STOCK, "Stock quantity is required"),
    // The colour the product page starts with: the colour of the sign in its photos (left out: unchanged).
    defaultColor: z.enum(PRODUCT_COLORS, { error: MESSAGES.defaultColor }).optional(),
    isActive: checkbox,
  })
  .superRefine((v, ctx) => {
    // Legal Metrology: the MRP is the most a buyer may be charged, so it is never below the price (issue 42).
    for (const f of PRICE_FIELDS) {
      const price = v[f.price];
      const mrp = v[f.mrp];
      if (typeof price === "number" && typeof mrp === "number" && mrp < price)
        ctx.addIssue({ code: "custom", path: [f.mrp], message: mrpBelowPrice(f.size, mrp, price) });
    }
  });
export type ProductInput = z.output<typeof productFormSchema>;

/** The message for an MRP below its price: it names the size, both amounts and why. */
export function mrpBelowPrice(size: string, mrp: number, price: number): string {
  return `${size} MRP (${formatRupees(mrp)}) is below its price (${formatRupees(price)}): the MRP is the most a buyer may be charged, so make it at least the price.`;
}

/** The product's own facts from the form: only what was typed (the rest takes the shop's defaults). */
export function factsFromInput(input: ProductInput): ProductFacts {
  const facts: ProductFacts = {};
  for (const f of FACT_TEXT_FIELDS) {
    const v = input[`fact_${f.name}`];
    if (v) facts[f.name] = v;
  }
  if (input.fact_placement) facts.placement = input.fact_placement;
  const sizes: Partial<Record<ProductSizeId, SizeCm>> = {};
  for (const s of PRODUCT_SIZES) {
    const v = input[`sizeCm_${s.id}`];
    if (v) sizes[s.id] = v;
  }
  if (Object.keys(sizes).length > 0) facts.sizesCm = sizes;
  return facts;
}

/** The form field names of the product form, in display order. */
export const PRODUCT_PRICE_FIELDS = PRICE_FIELDS;

/**
 * Where each image of a saved product comes from, in display order (the first is the primary image):
 * an image the product already has (by id) or the n-th newly uploaded file.
 */
export type ImageSlot = ({ existing: string } | { upload: number }) & {
  /** The sign's colour in the photo; null: not said; absent: unchanged (a form sent without JavaScript). */
  color?: (typeof PRODUCT_COLORS)[number] | null;
};

const slotColor = z.enum(PRODUCT_COLORS).nullable().optional();
const slotSchema = z.union([
  z.object({ existing: z.uuid(), color: slotColor }).strict(),
  z
    .object({
      upload: z
        .number()
        .int()
        .min(0)
        .max(MAX_PRODUCT_IMAGES * 4),
      color: slotColor,
    })
    .strict(),
]);

/**
 * The image plan of the product form (field `imageSlots`, JSON). When the browser sent none (no
 * JavaScript), the product keeps its images in their order and the uploads follow.
 */
export function parseImageSlots(
  raw: string | null | undefined,
  existingIds: readonly string[],
  uploadCount: number,
): { ok: true; slots: ImageSlot[] } | { ok: false; error: string } {
  let slots: ImageSlot[];
  if (raw === null || raw === undefined || raw.trim() === "") {
    slots = [
      ...existingIds.map((id) => ({ existing: id })),
      ...Array.from({ length: uploadCount }, (_, i) => ({ upload: i })),
    ];
  } else {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { ok: false, error: "The image list could not be read. Please try again." };
    }
    const parsed = z
      .array(slotSchema)
      .max(MAX_PRODUCT_IMAGES * 4)
      .safeParse(json);
    if (!parsed.success) return { ok: false, error: "The image list could not be read. Please try again." };
    slots = parsed.data;
  }
  const seenExisting = new Set<string>();
  const seenUploads = new Set<number>();
  for (const s of slots) {
    if ("existing" in s) {
      if (!existingIds.includes(s.existing) || seenExisting.has(s.existing)) {
        return {
          ok: false,
          error: "An image in the list does not belong to this product. Please reload the page.",
        };
      }
      seenExisting.add(s.existing);
    } else {
      if (s.upload >= uploadCount || seenUploads.has(s.upload)) {
        return { ok: false, error: "An uploaded image is missing. Please choose the files again." };
      }
      seenUploads.add(s.upload);
    }
  }
  const countError = imageCountError(slots.length);
  if (countError) return { ok: false, error: countError };
  return { ok: true, slots };
}

/** A product has 1 to 5 images. */
export function imageCountError(count: number): string | undefined {
  if (count < 1) return MESSAGES.atLeastOneImage;
  if (count > MAX_PRODUCT_IMAGES) return MESSAGES.maxImages;
  return undefined;
}

type FileLike = { size: number; type?: string; name?: string };

const PRODUCT_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/jpg", "image/webp"]);

/**
 * The quick checks of a product image before it is sent (type as the browser reports it, size); the
 * server checks the content again whatever the type says.
 */
export function productImageFileError(file: FileLike): string | undefined {
  if (file.size === 0) return MESSAGES.emptyFile;
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) return MESSAGES.productImageSize;
  if (file.type && !PRODUCT_IMAGE_TYPES.has(file.type.toLowerCase())) return MESSAGES.productImageType;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Bestselling products

export const bestsellerFormSchema = z.object({
  productId: uuid(MESSAGES.selectProduct),
  badgeText: z
    .string()
    .trim()
    .max(30, "Badge text must be at most 30 characters")
    .superRefine(singleLine("Badge text"))
    .optional()
    .transform((v) => (v ? v : DEFAULT_BADGE_TEXT)),
});
export type BestsellerInput = z.output<typeof bestsellerFormSchema>;

// ---------------------------------------------------------------------------------------------------
// Banners

/** A banner link: an http(s) address, or a path of this shop ("/products"), or nothing. */
export function isAllowedBannerLink(value: string): boolean {
  if (value.startsWith("/")) {
    // Not "//host" (another site) and no backslashes (browsers treat "/\host" like "//host").
    return !value.startsWith("//") && !value.includes("\\") && !/[\s<>"]/.test(value) && value.length <= 500;
  }
  try {
    const url = new URL(value);
    return (
      (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname) && value.length <= 500
    );
  } catch {
    return false;
  }
}

/**
 * What a banner promises: nothing (""), a discount code ("code:<id>") or an automatic offer
 * ("offer:<id>"), so checkout applies exactly what the banner says.
 */
export const promotionField = z
  .string()
  .optional()
  .transform((v, ctx): { discountCodeId: string | null; offerId: string | null } => {
    const s = (v ?? "").trim();
    if (s === "") return { discountCodeId: null, offerId: null };
    const m = /^(code|offer):(.+)$/.exec(s);
    if (!m || !z.uuid().safeParse(m[2]).success) {
      ctx.addIssue({ code: "custom", message: MESSAGES.bannerPromotion });
      return z.NEVER;
    }
    return m[1] === "code"
      ? { discountCodeId: m[2]!, offerId: null }
      : { discountCodeId: null, offerId: m[2]! };
  });

export const bannerFormSchema = z.object({
  title: requiredText(120, MESSAGES.bannerTitle, "Banner title"),
  promotion: promotionField,
  linkUrl: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isAllowedBannerLink(v), MESSAGES.bannerLink),
});
export type BannerInput = z.output<typeof bannerFormSchema>;

/** The spec's banner file checks: an image type, at most 5 MB. */
export function bannerFileError(file: FileLike | null | undefined): string | undefined {
  if (!file || file.size === 0 || !file.type?.toLowerCase().startsWith("image/")) return MESSAGES.bannerImage;
  if (file.size > MAX_BANNER_IMAGE_BYTES) return MESSAGES.bannerImageSize;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Lists

export const promotionSchema = z.object({ id: z.uuid(), promotion: promotionField });

/** Largest form bodies the actions read: 5 images of 10 MB, or one 5 MB banner, plus the other fields. */
export const MAX_PRODUCT_FORM_BYTES = MAX_PRODUCT_IMAGES * MAX_PRODUCT_IMAGE_BYTES + 1024 * 1024;
export const MAX_BANNER_FORM_BYTES = MAX_BANNER_IMAGE_BYTES + 256 * 1024;

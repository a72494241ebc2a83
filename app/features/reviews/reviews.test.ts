import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/shared/form-errors";
import {
  autoPublishes,
  canModerate,
  canWithdraw,
  hasLink,
  MESSAGES,
  ratingSummary,
  REVIEW_BODY_MAX,
  reviewerName,
  reviewListQuery,
  reviewRefusal,
  wantsReviewRequest,
} from "./reviews";
import { moderationSchema, reviewFormSchema } from "./review-forms";

const line = { status: "delivered", paymentStatus: "paid", returned: false, alreadyReviewed: false };

describe("who may review", () => {
  it("is the buyer of a delivered, kept, unrefunded line without a review", () => {
    expect(reviewRefusal(line)).toBeNull();
    expect(reviewRefusal({ ...line, paymentStatus: "pending" })).toBeNull(); // COD marked delivered
    expect(reviewRefusal({ ...line, alreadyReviewed: true })).toBe(MESSAGES.alreadyReviewed);
    for (const status of ["pending", "confirmed", "in_production", "dispatched"])
      expect(reviewRefusal({ ...line, status })).toBe(MESSAGES.notDelivered);
    for (const status of ["cancelled", "rto"])
      expect(reviewRefusal({ ...line, status })).toBe(MESSAGES.notReviewable);
    expect(reviewRefusal({ ...line, paymentStatus: "refunded" })).toBe(MESSAGES.notReviewable);
    expect(reviewRefusal({ ...line, returned: true })).toBe(MESSAGES.notReviewable);
  });

  it("asks for a review only of a delivered order that was not refunded or returned", () => {
    expect(wantsReviewRequest({ status: "delivered", paymentStatus: "paid", returned: false })).toBe(true);
    expect(wantsReviewRequest({ status: "delivered", paymentStatus: "refunded", returned: false })).toBe(
      false,
    );
    expect(wantsReviewRequest({ status: "delivered", paymentStatus: "paid", returned: true })).toBe(false);
    expect(wantsReviewRequest({ status: "rto", paymentStatus: "paid", returned: false })).toBe(false);
    expect(wantsReviewRequest({ status: "cancelled", paymentStatus: "paid", returned: false })).toBe(false);
    // A test-gateway order is nobody's purchase (issue 42).
    expect(
      wantsReviewRequest({ status: "delivered", paymentStatus: "paid", returned: false, isTest: true }),
    ).toBe(false);
  });
});

describe("the review form", () => {
  const valid = { rating: "4", title: " Lovely sign ", body: "Bright, well packed and easy to hang." };

  it("takes a rating of 1 to 5 stars, a one-line title and a text within limits", () => {
    expect(reviewFormSchema.parse(valid)).toEqual({
      rating: 4,
      title: "Lovely sign",
      body: valid.body,
      showcase: false,
    });
    expect(reviewFormSchema.parse({ ...valid, rating: "1", showcase: "on" })).toMatchObject({
      rating: 1,
      showcase: true,
    });
    for (const rating of ["0", "6", "4.5", "", "five"]) {
      const r = reviewFormSchema.safeParse({ ...valid, rating });
      expect(fieldErrorsOf(r.error!).rating).toBe(MESSAGES.rating);
    }
    const errors = fieldErrorsOf(
      reviewFormSchema.safeParse({ rating: "3", title: "A\nB", body: "short" }).error!,
    );
    expect(errors).toEqual({ title: "Title must be on one line.", body: MESSAGES.bodyShort });
    const long = reviewFormSchema.safeParse({ ...valid, body: "x".repeat(REVIEW_BODY_MAX + 1) });
    expect(fieldErrorsOf(long.error!).body).toMatch(/at most 2000/);
    const hidden = reviewFormSchema.safeParse({ ...valid, body: "Great sign\u202E, works well" });
    expect(fieldErrorsOf(hidden.error!).body).toMatch(/invisible/);
  });

  it("rejects only with a reason from the published criteria", () => {
    const id = "0b3f7c1e-8a4d-4c2b-9e6f-1a2b3c4d5e6f";
    expect(moderationSchema.safeParse({ decision: "publish", reviewId: id }).success).toBe(true);
    expect(moderationSchema.safeParse({ decision: "reject", reviewId: id, reason: "spam" }).success).toBe(
      true,
    );
    // "negative" is not a criterion: a low rating is never a reason.
    expect(moderationSchema.safeParse({ decision: "reject", reviewId: id, reason: "negative" }).success).toBe(
      false,
    );
    expect(moderationSchema.safeParse({ decision: "reject", reviewId: id }).success).toBe(false);
  });
});

describe("the figures", () => {
  it("are the mean (one decimal), count and distribution of the published ratings", () => {
    expect(ratingSummary([])).toEqual({ average: 0, count: 0, distribution: [0, 0, 0, 0, 0] });
    expect(ratingSummary([5, 4, 4, 1])).toEqual({ average: 3.5, count: 4, distribution: [1, 2, 0, 0, 1] });
    expect(ratingSummary([5, 5, 4])).toMatchObject({ average: 4.7 });
    expect(() => ratingSummary([0])).toThrow(RangeError);
  });

  it("match a reference computation for any list of ratings", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 200 }), (ratings) => {
        const s = ratingSummary(ratings);
        expect(s.count).toBe(ratings.length);
        expect(s.distribution.reduce((a, b) => a + b, 0)).toBe(ratings.length);
        for (let stars = 1; stars <= 5; stars++)
          expect(s.distribution[5 - stars]).toBe(ratings.filter((r) => r === stars).length);
        const mean = ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : 0;
        expect(Math.abs(s.average - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
        if (ratings.length) expect(s.average).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe("moderation and withdrawal moves", () => {
  it("never revive a withdrawn review; publish and reject move between the other states", () => {
    expect(canModerate("pending", "publish")).toBe(true);
    expect(canModerate("pending", "reject")).toBe(true);
    expect(canModerate("published", "reject")).toBe(true);
    expect(canModerate("rejected", "publish")).toBe(true);
    expect(canModerate("published", "publish")).toBe(false);
    expect(canModerate("withdrawn", "publish")).toBe(false);
    expect(canWithdraw("published")).toBe(true);
    expect(canWithdraw("withdrawn")).toBe(false);
  });

  it("auto-publishes only when chosen, without photos and without links", () => {
    const text = { title: "Great", body: "Lovely light, arrived safe." };
    expect(autoPublishes(true, { ...text, photoCount: 0 })).toBe(true);
    expect(autoPublishes(false, { ...text, photoCount: 0 })).toBe(false);
    expect(autoPublishes(true, { ...text, photoCount: 1 })).toBe(false);
    expect(autoPublishes(true, { ...text, body: "see www.other-shop.com", photoCount: 0 })).toBe(false);
    expect(hasLink("buy at cheapneon.in today")).toBe(true);
    expect(hasLink("https://x.y/z")).toBe(true);
    expect(hasLink("It is 5.5 inches tall. Great.")).toBe(false);
    // Any top-level domain, an e-mail address, a spaced or full-width dot: all wait for a moderator.
    for (const text of [
      "cheaper at neon-deals.online",
      "mail me: a.b@c.ru",
      "visit neonshop . store now",
      "neonshop．ｃｏｍ",
      "HTTP://EVIL.TEST",
    ])
      expect(hasLink(text), text).toBe(true);
    for (const text of ["Bright and even. Loved it!", "Size 60 cm, 2.5 kg, 12 V.", "5/5 would buy again"])
      expect(hasLink(text), text).toBe(false);
  });
});

describe("display", () => {
  it("shows the author's first name and last initial only", () => {
    expect(reviewerName("Priya Sharma")).toBe("Priya S.");
    expect(reviewerName("  arjun  ")).toBe("arjun");
    expect(reviewerName("Anil Kumar verma")).toBe("Anil V.");
    expect(reviewerName("")).toBe("Verified buyer");
  });

  it("reads the review list's sort, star filter and page from the URL, dropping bad values", () => {
    expect(reviewListQuery(new URLSearchParams(""))).toEqual({ sort: "photos", stars: null, page: 1 });
    expect(reviewListQuery(new URLSearchParams("sort=lowest&stars=1&page=3"))).toEqual({
      sort: "lowest",
      stars: 1,
      page: 3,
    });
    expect(reviewListQuery(new URLSearchParams("sort=drop&stars=9&page=-1"))).toEqual({
      sort: "photos",
      stars: null,
      page: 1,
    });
  });
});

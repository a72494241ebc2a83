import { describe, expect, it } from "vitest";
import {
  countCharacters,
  DEFAULT_DESIGN,
  designFromQuery,
  designProblem,
  designToQuery,
  displayText,
  estimateHeightCm,
  joinConjuncts,
  limitLines,
  previewFileName,
  priceDesign,
  type Design,
} from "./customizer";
import { designSchema } from "./design-schema";

const design = (over: Partial<typeof DEFAULT_DESIGN> = {}) => ({ ...DEFAULT_DESIGN, ...over });

describe("customiser price", () => {
  it("has the base price of every size", () => {
    expect(priceDesign(design({ text: "HI", size: "S" })).total).toBe(1999);
    expect(priceDesign(design({ text: "HI", size: "M" })).total).toBe(2999);
    expect(priceDesign(design({ text: "HI", size: "L" })).total).toBe(4499);
    expect(priceDesign(design({ text: "HI", size: "XL" })).total).toBe(6999);
  });
  it("charges ₹50 for each character beyond 10", () => {
    expect(priceDesign(design({ text: "a".repeat(10) })).characterPrice).toBe(0);
    expect(priceDesign(design({ text: "a".repeat(11) })).characterPrice).toBe(50);
    expect(priceDesign(design({ text: "a".repeat(25) }))).toMatchObject({
      extraCharacters: 15,
      characterPrice: 750,
      total: 2999 + 750,
    });
  });
  it("counts spaces, not line breaks, and every emoji that will be bent in glass", () => {
    expect(countCharacters("Good Vibes")).toBe(10);
    expect(countCharacters("Good\nVibes\r\nOnly")).toBe(13);
    // ❤️ is one (the variation selector is not a character); the family is three people.
    expect(countCharacters("I ❤️ you 👩‍👩‍👧")).toBe(11);
    expect(priceDesign(design({ text: "Good Vibes Only" })).characterPrice).toBe(250);
    expect(priceDesign(design({ text: "Good\nVibes\nOnly" })).characterPrice).toBe(150);
  });
  it("adds ₹499 for the dimmer and ₹299 for a rectangle backing; cut-to-shape is free", () => {
    expect(priceDesign(design({ text: "HI", hasDimmer: true })).total).toBe(2999 + 499);
    expect(priceDesign(design({ text: "HI", backingShape: "rectangle" })).total).toBe(2999 + 299);
    expect(priceDesign(design({ text: "HI", backingShape: "cut-to-shape" })).backingPrice).toBe(0);
    expect(
      priceDesign(design({ text: "a".repeat(12), size: "XL", hasDimmer: true, backingShape: "rectangle" }))
        .total,
    ).toBe(6999 + 100 + 499 + 299);
  });
});

describe("customiser price, line by line", () => {
  it("itemises every charge for each size with all options on", () => {
    const text = "Hello Neon World"; // 16 characters: 6 beyond the free 10
    const cases = [
      ["S", 1999],
      ["M", 2999],
      ["L", 4499],
      ["XL", 6999],
    ] as const;
    for (const [size, base] of cases) {
      expect(priceDesign(design({ text, size, hasDimmer: true, backingShape: "rectangle" }))).toEqual({
        basePrice: base,
        extraCharacters: 6,
        characterPrice: 300,
        dimmerPrice: 499,
        backingPrice: 299,
        total: base + 300 + 499 + 299,
      });
    }
  });
  it("prices the default design at the medium base", () => {
    expect(priceDesign(DEFAULT_DESIGN)).toMatchObject({
      basePrice: 2999,
      characterPrice: 0,
      dimmerPrice: 0,
      backingPrice: 0,
      total: 2999,
    });
  });
  it("prices twenty emoji glued by zero-width joiners as twenty characters", () => {
    const glued = Array.from({ length: 20 }, () => "🔥").join("\u200d");
    expect(countCharacters(glued)).toBe(20);
    expect(priceDesign(design({ text: glued })).total).toBe(3499);
    expect(priceDesign(design({ text: "🔥".repeat(20) })).total).toBe(3499);
  });
  it("counts modifiers, selectors, flags, keycaps and combining marks as part of their character", () => {
    expect(countCharacters("👍🏽")).toBe(1);
    expect(countCharacters("👩🏽‍💻")).toBe(2); // a woman and a laptop
    expect(countCharacters("🏳️‍🌈")).toBe(2); // a flag and a rainbow
    expect(countCharacters("🇮🇳")).toBe(1);
    expect(countCharacters("1️⃣")).toBe(1);
    expect(countCharacters("Café")).toBe(4);
    expect(countCharacters("Cafe\u0301")).toBe(4);
    expect(countCharacters("नमस्ते")).toBe(
      [...new Intl.Segmenter("hi", { granularity: "grapheme" }).segment("नमस्ते")].length,
    );
    // A joiner between letters (as some scripts use) is not an emoji sequence.
    expect(countCharacters("क्\u200dष")).toBe(
      [...new Intl.Segmenter("hi", { granularity: "grapheme" }).segment("क्\u200dष")].length,
    );
  });
  it("counts an empty text as no characters", () => {
    expect(countCharacters("")).toBe(0);
    expect(priceDesign(design({ text: "" })).total).toBe(2999);
  });
  it("counts spaces at the ends and several emoji correctly", () => {
    expect(countCharacters("  hi  ")).toBe(6);
    expect(countCharacters("🔥🔥🔥")).toBe(3);
    expect(countCharacters("🇮🇳 India")).toBe(7);
    // 11 characters with two line breaks: one beyond the free 10
    expect(priceDesign(design({ text: "abc\ndefg\nhijk" })).characterPrice).toBe(50);
  });
});

describe("text lines", () => {
  it("keeps up to three lines and joins the rest onto the third", () => {
    expect(limitLines("a\nb\nc")).toBe("a\nb\nc");
    expect(limitLines("a\r\nb")).toBe("a\nb");
    expect(limitLines("a\nb\nc\nd\ne")).toBe("a\nb\nc d e");
  });
  it("shows YOUR TEXT for an empty or blank text", () => {
    expect(displayText("")).toBe("YOUR TEXT");
    expect(displayText("  \n ")).toBe("YOUR TEXT");
    expect(displayText("Hi")).toBe("Hi");
  });
});

describe("estimated height", () => {
  it("scales the drawn proportions to the size's width", () => {
    expect(estimateHeightCm(50, 500, 100)).toBe(10);
    expect(estimateHeightCm(100, 300, 100)).toBe(33);
    expect(estimateHeightCm(30, 1000, 1)).toBe(1);
    expect(estimateHeightCm(30, 0, 10)).toBe(1);
  });
});

describe("preview file name", () => {
  it("replaces every non-alphanumeric with _", () => {
    expect(previewFileName("Hello World!")).toBe("neon-preview-Hello_World_.png");
    expect(previewFileName("Café\n24/7")).toBe("neon-preview-Café_24_7.png");
    expect(previewFileName("")).toBe("neon-preview-YOUR_TEXT.png");
    expect(previewFileName("Mr & Mrs 💕")).toBe("neon-preview-Mr___Mrs__.png");
    expect(previewFileName("Good\nVibes")).toBe("neon-preview-Good_Vibes.png");
  });

  it("keeps Hindi readable: letters with their vowel signs and conjuncts, never a row of _", () => {
    expect(previewFileName("नमस्ते दुनिया")).toBe("neon-preview-नमस्ते_दुनिया.png");
    expect(previewFileName("शुभ विवाह ❤️")).toBe("neon-preview-शुभ_विवाह___.png");
    expect(previewFileName("राम १२३")).toBe("neon-preview-राम_१२३.png");
    // Decomposed input is composed first (the same name however it was typed).
    expect(previewFileName("Cafe\u0301")).toBe("neon-preview-Café.png");
  });

  it("never gives a name a file system refuses or one too long for it", () => {
    expect(previewFileName('a/b\\c:d*e?f"g<h>i|j')).toBe("neon-preview-a_b_c_d_e_f_g_h_i_j.png");
    const long = previewFileName("नमस्ते".repeat(40));
    expect(Array.from(long.slice("neon-preview-".length, -".png".length))).toHaveLength(60);
    expect(new TextEncoder().encode(long).length).toBeLessThan(255);
  });
});

describe("design in the URL", () => {
  it("round-trips a design", () => {
    const d = design({
      text: "Mr & Mrs",
      font: "monoton",
      color: "blue",
      size: "XL",
      hasDimmer: true,
      backingShape: "rectangle",
    });
    expect(designFromQuery(designToQuery(d))).toEqual(d);
  });
  it("falls back to the default for each unknown value", () => {
    const d = designFromQuery(
      new URLSearchParams("text=Hi&font=comic&color=blue&size=XXL&dimmer=maybe&backing=circle"),
    );
    expect(d).toEqual({ ...DEFAULT_DESIGN, text: "Hi", color: "blue" });
  });
  it("keeps an empty text, limits lines and defaults a missing text", () => {
    expect(designFromQuery(new URLSearchParams("text=")).text).toBe("");
    expect(designFromQuery(new URLSearchParams({ text: "1\n2\n3\n4" })).text).toBe("1\n2\n3 4");
    expect(designFromQuery(new URLSearchParams()).text).toBe("YOUR TEXT");
  });
});

describe("Devanagari characters (by akshara, for the price)", () => {
  it("counts a consonant with its matra, nukta or anusvara as one", () => {
    expect(countCharacters("कि")).toBe(1);
    expect(countCharacters("को")).toBe(1);
    expect(countCharacters("हिं")).toBe(1);
    expect(countCharacters("ज़")).toBe(1);
    expect(countCharacters("आप")).toBe(2);
  });
  it("counts a conjunct (consonants joined by a halant) as one, with its matra", () => {
    expect(countCharacters("क्ष")).toBe(1);
    expect(countCharacters("स्ते")).toBe(1);
    expect(countCharacters("न्द्र")).toBe(1);
    expect(countCharacters("नमस्ते")).toBe(3); // न म स्ते
    expect(countCharacters("हिन्दी")).toBe(2); // हि न्दी
    expect(countCharacters("क्\u200dष")).toBe(1); // a half form asked for with a joiner
  });
  it("joins conjuncts itself where an older segmenter splits them at the halant", () => {
    // What a pre-Unicode-15.1 segmenter gives for न्द्र and नमस्ते: the same count must come out.
    expect(joinConjuncts(["न्", "द्", "र"])).toEqual(["न्द्र"]);
    expect(joinConjuncts(["न", "म", "स्", "ते"])).toEqual(["न", "म", "स्ते"]);
    expect(joinConjuncts(["क्\u200d", "ष"])).toEqual(["क्\u200dष"]);
    // A halant before a space or a vowel joins nothing.
    expect(joinConjuncts(["त्", " ", "अ"])).toEqual(["त्", " ", "अ"]);
  });
  it("keeps a final halant on its letter and counts spaces", () => {
    expect(countCharacters("जगत्")).toBe(3); // ज ग त्
    expect(countCharacters("शुभ विवाह")).toBe(6); // शु भ ␠ वि वा ह
  });
  it("prices Hindi by the same rule", () => {
    // 11 aksharas: one beyond the 10 free.
    expect(priceDesign(design({ text: "शुभ विवाह मुबारक" })).extraCharacters).toBe(
      countCharacters("शुभ विवाह मुबारक") - 10,
    );
    expect(countCharacters("शुभ विवाह मुबारक")).toBe(11);
  });
});

describe("designProblem and designSchema refuse the same designs with the same words", () => {
  const bad: Record<string, unknown>[] = [
    { ...DEFAULT_DESIGN, text: "x".repeat(301) },
    { ...DEFAULT_DESIGN, text: "OPEN\u200B" },
    { ...DEFAULT_DESIGN, text: 42 },
    { ...DEFAULT_DESIGN, font: "comic-sans" },
    { ...DEFAULT_DESIGN, color: "beige" },
    { ...DEFAULT_DESIGN, size: "XXL" },
    { ...DEFAULT_DESIGN, hasDimmer: "yes" },
    { ...DEFAULT_DESIGN, backingShape: "circle" },
    { ...DEFAULT_DESIGN, size: undefined },
  ];
  it.each(bad)("refuses %o", (d) => {
    const problem = designProblem(d as Record<keyof Design, unknown>);
    expect(problem).toBeTruthy();
    expect(designSchema.safeParse(d).error?.issues[0]?.message).toBe(problem);
  });
  it("accepts the default and a Hindi two-line design", () => {
    for (const d of [DEFAULT_DESIGN, design({ text: "शुभ\nदीपावली", font: "baloo-2" })]) {
      expect(designProblem(d)).toBeNull();
      expect(designSchema.safeParse(d).success).toBe(true);
    }
  });
  it("a shared link with unknown values falls back field by field", () => {
    const d = designFromQuery(new URLSearchParams("text=HI&font=nope&color=red&size=XXL&dimmer=1"));
    expect(d).toEqual({ ...DEFAULT_DESIGN, text: "HI", color: "red", hasDimmer: true });
  });
});

/**
 * The shop's default product facts (settings → Product facts), in a module of their own without zod: the
 * product page's facts read them in the browser, and the settings schema fills missing values from them.
 */
export const DEFAULT_PRODUCT_FACTS = {
  genericName: "LED neon sign",
  weight: "About 0.5 kg (Small) to 2 kg (Extra Large), acrylic backing included",
  power: "6 W (Small) to 24 W (Extra Large), 12 V DC",
  adaptor: "12 V DC adaptor with an Indian 2-pin plug (230 V AC), 1.5 m clear cable",
  placement: "indoor" as "indoor" | "outdoor",
  inTheBox: "The sign on 6 mm clear acrylic, 12 V adaptor with Indian plug, wall screws and spacers",
  warranty: "12 months on the LEDs and adaptor from delivery; we repair or replace a faulty sign",
  countryOfOrigin: "India",
  netQuantity: "1 unit",
};

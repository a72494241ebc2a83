import { productDeliveryAnswer, type DeliveryRules } from "~/features/settings/delivery-promises";

/**
 * The product page's eight questions and answers (facts from the spec's business constants; the delivery
 * days from the shop settings, docs/decisions/034).
 */
export const productFaq = (rules: DeliveryRules): ReadonlyArray<{ q: string; a: string }> => [
  { q: "How long does delivery take?", a: productDeliveryAnswer(rules) },
  {
    q: "Is there a warranty?",
    a: "Yes. Every sign has a 12-month warranty covering manufacturing defects and LED failures.",
  },
  {
    q: "How do I install my neon sign?",
    a: "It is easy: every sign comes with pre-drilled holes, screws and wall anchors. Mount it, plug in the adapter and switch it on. No electrician needed.",
  },
  {
    q: "Are the signs safe to leave on?",
    a: "Yes. Our LED neon runs at low voltage and stays cool to the touch, so it is safe around children and pets and can stay on for hours.",
  },
  {
    q: "How long do the LEDs last?",
    a: "Our 2nd Gen LED neon flex is rated for 50,000+ hours of use and uses far less power than glass neon.",
  },
  {
    q: "Can I use the sign outdoors?",
    a: "Our standard signs are made for indoor use. Contact us for a weather-protected outdoor version.",
  },
  {
    q: "What is the brightness controller?",
    a: "A dimmer with a remote that lets you set the brightness and switch the sign on or off from across the room. It costs ₹500 extra.",
  },
  {
    q: "Can I return my sign?",
    a: "Ready-made signs can be returned within 7 days of delivery. Custom signs can be returned only if they arrive defective, damaged in shipping or made incorrectly.",
  },
];

// `npm run bench:invoices`: how long making one tax invoice PDF takes (the work behind each download),
// over 40 renders of a four-line B2B invoice after one warm-up. Prints the median, 95th percentile and size.
import { buildInvoiceSnapshot } from "~/features/invoices/gst-invoice";
import { gstinCheckCharacter } from "~/shared/gstin";
import { renderInvoicePdf } from "~/features/invoices/invoice-pdf.server";

const RUNS = 40;
const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);
const snapshot = buildInvoiceSnapshot(
  {
    orderRef: "NL1A2B3C4D",
    orderDate: new Date(),
    customerName: "Rohan Mehta",
    customerPhone: "+919820011223",
    customerEmail: "rohan@brewcafe.in",
    address: "4 Carter Road, Bandra, Mumbai, Maharashtra - 400050",
    stateSlug: "maharashtra",
    country: null,
    buyerGstin: withCheck("27AAACB1234C1Z"),
    buyerBusinessName: "Brew Cafe LLP",
    goods: [
      {
        description: "Better Together Neon Sign (Size: Medium, Colour: Pink)",
        hsn: "9405",
        quantity: 2,
        unitPrice: 3499,
      },
      {
        description: 'Custom Neon: "Chai Time" (Font: Orbitron, Colour: Blue)',
        hsn: "9405",
        quantity: 1,
        unitPrice: 4999,
      },
    ],
    discount: 700,
    deliveryFee: 299,
    codFee: 50,
    deliveryLabel: "Delivery (Standard)",
    totalAmount: 2 * 3499 + 4999 + 299 + 50 - 700,
    paymentMethod: "Cash on Delivery",
  },
  {
    legalName: "NeonLights Private Limited",
    address: "Shop 12, Linking Road, Bandra West, Mumbai 400050",
    gstin: withCheck("09ABCDE1234F1Z"),
    hsnCode: "9405",
    gstRatePercent: 18,
    lutReference: null,
  },
  { number: "NL/2026-27/00001", financialYear: "2026-27", issuedAt: new Date() },
);

await renderInvoicePdf(snapshot); // warm-up: fonts read once per process
const times: number[] = [];
let bytes = 0;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  bytes = (await renderInvoicePdf(snapshot)).length;
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!.toFixed(1);
console.log(`invoice PDF: median ${q(0.5)} ms, p95 ${q(0.95)} ms, ${bytes} bytes (${RUNS} renders)`);

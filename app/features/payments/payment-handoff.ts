/** What the browser needs to open the payment window for an online checkout. */
export type PaymentHandoff = {
  gateway: "razorpay" | "test";
  keyId: string;
  razorpayOrderId: string;
  amountPaise: number;
  currency: "INR";
  scriptUrl: string;
  /** The payment window closes itself after this many seconds, before the stock hold ends. */
  timeoutSeconds: number;
  prefill: { name: string; email: string; contact: string };
};

import type { DisplayConfig } from "~/features/payments/payment-options";

/** Razorpay's checkout script (or the shop's test gateway, which offers the same API) in the browser. */
export type RazorpaySuccess = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};
export type RazorpayFailure = { error?: { code?: string; description?: string; reason?: string } };

export type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description?: string;
  order_id: string;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  /** Seconds after which the window closes itself. */
  timeout?: number;
  /** Which ways to pay are shown, and how (UPI intent or QR, collect hidden: payment-options.ts). */
  config?: DisplayConfig;
  handler: (response: RazorpaySuccess) => void;
  modal?: { ondismiss?: () => void; escape?: boolean };
};

export type RazorpayInstance = {
  open(): void;
  close?(): void;
  on(event: "payment.failed", fn: (response: RazorpayFailure) => void): void;
};

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

const loading = new Map<string, Promise<void>>();

/** Load the payment script once; rejects when it cannot be loaded (offline, blocked, timed out). */
export function loadPaymentScript(src: string, timeoutMs = 15_000): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  const existing = loading.get(src);
  if (existing) return existing;
  const p = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    const timer = window.setTimeout(() => fail(new Error("payment script timed out")), timeoutMs);
    function fail(e: Error) {
      window.clearTimeout(timer);
      script.remove();
      loading.delete(src);
      reject(e);
    }
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.Razorpay) resolve();
      else fail(new Error("payment script loaded without Razorpay"));
    };
    script.onerror = () => fail(new Error("payment script failed to load"));
    document.head.appendChild(script);
  });
  loading.set(src, p);
  return p;
}

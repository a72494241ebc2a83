import type { PlacedCheckout } from "~/features/checkout/records.server";
import { releaseHold, type Post } from "./checkout-api";
import { paymentWindowOptions, type PaymentDevice } from "~/features/payments/payment-options";
import { browserPaymentDevice } from "~/features/payments/ui/payment-device";
import type {
  RazorpayFailure,
  RazorpayOptions,
  RazorpayInstance,
  RazorpaySuccess,
} from "~/features/payments/ui/payment-script";

/** What can happen once the payment window is asked for. */
export type PaymentEvents = {
  /** The payment was verified by the server. */
  paid(placed: PlacedCheckout): void;
  /** The window said paid but the server could not verify it. */
  notVerified(): void;
  /** The payment failed (the hold is being released). */
  failed(description: string): void;
  /** The shopper closed the window without paying (the hold is being released). */
  closed(): void;
  /** The payment script could not be loaded or the checkout has no payment handoff. */
  unavailable(): void;
};

export type PaymentDeps = {
  load: (src: string) => Promise<void>;
  razorpay: () => (new (options: RazorpayOptions) => RazorpayInstance) | undefined;
  post: Post;
  storeName: string;
  /** The checkout attempt's idempotency key: the proof that lets this browser release its own hold. */
  attemptKey: string;
  /** This browser's device (phone: UPI apps; desktop: UPI QR); read from the browser when not given. */
  device?: () => PaymentDevice;
};

/**
 * Open the payment window (Razorpay, or the shop's test gateway with the same API) for a placed online
 * checkout, verify a success on the server, and give held stock back at once on failure or close.
 */
export async function openPaymentWindow(
  placed: PlacedCheckout,
  deps: PaymentDeps,
  on: PaymentEvents,
): Promise<void> {
  const p = placed.payment;
  if (!p) return on.unavailable();
  let Razorpay;
  try {
    await deps.load(p.scriptUrl);
    Razorpay = deps.razorpay();
  } catch {
    return on.unavailable();
  }
  if (!Razorpay) return on.unavailable();

  let answered = false;
  const verify = async (response: RazorpaySuccess) => {
    try {
      const r = await deps.post("/api/checkout/verify", response);
      if (r.status === 200 && r.data.success === true) return on.paid(r.data.checkout as PlacedCheckout);
    } catch {
      /* fall through */
    }
    on.notVerified();
  };
  try {
    const rzp = new Razorpay({
      ...paymentWindowOptions(
        p,
        {
          storeName: deps.storeName,
          description: `Order #${placed.orderId}`,
          notes: { checkout_id: placed.checkoutId },
        },
        deps.device?.() ?? browserPaymentDevice(),
      ),
      handler: (response: RazorpaySuccess) => {
        answered = true;
        void verify(response);
      },
      modal: {
        ondismiss: () => {
          if (answered) return;
          void releaseHold(deps.post, deps.attemptKey);
          on.closed();
        },
      },
    });
    rzp.on("payment.failed", (response: RazorpayFailure) => {
      void releaseHold(deps.post, deps.attemptKey);
      on.failed(response.error?.description || "Your payment could not be completed.");
    });
    rzp.open();
  } catch {
    on.unavailable();
  }
}

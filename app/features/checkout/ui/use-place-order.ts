import { formatIstDayLongMonthTime } from "~/shared/ist-dates";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import type { CartItem } from "~/features/cart/cart";
import type { LastOrderDetails } from "~/features/checkout/checkout";
import { LAST_ORDER_STORAGE_KEY } from "~/features/checkout/checkout-fields";
import { cart } from "~/features/cart/ui/cart-store";
import { attemptKey, forgetAttempt } from "./attempt-key";
import type { PlacedCheckout } from "~/features/checkout/records.server";
import { formValues, type FieldErrors } from "~/shared/form-errors";
import { fingerprint, ORDER_FAILED, PAYMENT_ERROR, postJson, readCheckoutReply } from "./checkout-api";
import { openPaymentWindow } from "~/features/checkout/ui/payment-flow";
import { loadPaymentScript } from "~/features/payments/ui/payment-script";

/** What a placed order leaves for the confirmation page (localStorage `lastOrderDetails`). */
/** What a COD order waiting for its confirmation asks of the shopper: the toast and the page say the same. */
export function codConfirmNote(orderId: string, confirmBy: string): string {
  return `Order #${orderId} is placed for Cash on Delivery. Please confirm it by ${formatIstDayLongMonthTime(confirmBy)} (IST): we start once you do, and an order not confirmed by then is cancelled.`;
}

export function lastOrderDetails(placed: PlacedCheckout): LastOrderDetails {
  return {
    orderId: placed.orderId,
    totalAmount: placed.totalAmount,
    paymentMethod: placed.paymentMethod,
    shippingAddress: placed.shippingAddress,
    customerName: placed.customerName,
    orderDate: placed.createdAt,
    otherOrderIds: placed.orderIds.filter((id) => id !== placed.orderId),
    codConfirmBy: placed.codConfirmBy,
    charges: placed.charges,
    ...(placed.orderPages ? { orderPages: placed.orderPages } : {}),
  };
}

/**
 * Submitting the checkout: one idempotency key per identical attempt (double clicks and retries return
 * the first result), the payment window for online orders, and the confirmation page at the end.
 */
export function usePlaceOrder(opts: {
  items: CartItem[];
  storeName: string;
  /** The checkout form's hook (useForm): its check before sending, and the answer's field errors after. */
  form: {
    validate: (formEl: HTMLFormElement) => FieldErrors;
    setErrors: (errors: FieldErrors) => void;
  };
  onLineErrors: (e: string[]) => void;
  /** Where the order is posted (a logo quote posts to its own endpoint); the cart is emptied only for /api/checkout. */
  endpoint?: string;
}) {
  const endpoint = opts.endpoint ?? "/api/checkout";
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const done = useRef(false);

  function succeed(placed: PlacedCheckout, online: boolean) {
    done.current = true;
    try {
      localStorage.setItem(LAST_ORDER_STORAGE_KEY, JSON.stringify(lastOrderDetails(placed)));
    } catch {
      /* storage blocked: the confirmation page shows what it can */
    }
    toast.success("Order Placed Successfully!", {
      description: online
        ? `Order #${placed.orderId} has been confirmed. You'll receive a confirmation email shortly.`
        : placed.codConfirmBy
          ? codConfirmNote(placed.orderId, placed.codConfirmBy)
          : `Order #${placed.orderId} confirmed for Cash on Delivery. We'll call you before delivery.`,
    });
    forgetAttempt();
    navigate(`/order-confirmation?orderId=${encodeURIComponent(placed.orderId)}`);
    if (endpoint === "/api/checkout") cart.clear();
  }

  async function submit(values: Record<string, string>, retried = false): Promise<void> {
    const payload = { form: values, items: opts.items };
    const key = attemptKey(fingerprint(JSON.stringify(payload)));
    let reply;
    try {
      reply = readCheckoutReply(await postJson(endpoint, { idempotencyKey: key, ...payload }));
    } catch {
      reply = { kind: "refused", title: "Order Failed", description: ORDER_FAILED } as const;
    }
    if (reply.kind === "placed") {
      const placed = reply.placed;
      if (placed.paymentMethod === "cod") return succeed(placed, false);
      if (placed.paymentStatus === "paid") return succeed(placed, true);
      return openPaymentWindow(
        placed,
        {
          load: loadPaymentScript,
          razorpay: () => window.Razorpay,
          post: postJson,
          storeName: opts.storeName,
          attemptKey: key,
        },
        {
          paid: (p) => succeed(p, true),
          notVerified: () => {
            toast.error("Payment Verification Failed", {
              description: "We could not verify the payment. Please contact support.",
            });
            setBusy(false);
          },
          failed: (description) => {
            toast.error("Payment Failed", { description });
            setBusy(false);
          },
          closed: () => setBusy(false),
          unavailable: () => {
            toast.error("Payment Error", { description: PAYMENT_ERROR });
            setBusy(false);
          },
        },
      );
    }
    if (reply.kind === "new-key" && !retried) {
      forgetAttempt();
      return submit(values, true);
    }
    if (reply.kind === "fields") {
      opts.form.setErrors(reply.errors);
      toast.error("Order Failed", { description: "Please check the highlighted fields." });
    } else if (reply.kind === "lines") {
      opts.onLineErrors(reply.errors);
      toast.error("Order Failed", { description: reply.errors[0] ?? ORDER_FAILED });
    } else if (reply.kind === "refused") {
      // Also shown next to the summary: a limit or a wait is worth reading twice.
      opts.onLineErrors([reply.description]);
      toast.error(reply.title, { description: reply.description });
    } else {
      toast.error("Order Failed", { description: ORDER_FAILED });
    }
    setBusy(false);
  }

  /**
   * The checkout form's onSubmit: the form's check, then the order with its fields and the page's own
   * choices (payment and delivery method, discount code), which are not form fields.
   */
  function submitForm(e: React.FormEvent<HTMLFormElement>, choices: Record<string, string>) {
    e.preventDefault();
    submitFormElement(e.currentTarget, choices);
  }

  /** The same for a form whose check had to be loaded first (the checkout's: checkout-checks.ts). */
  function submitFormElement(formEl: HTMLFormElement, choices: Record<string, string>) {
    if (busy || Object.keys(opts.form.validate(formEl)).length > 0) return;
    setBusy(true);
    opts.onLineErrors([]);
    void submit({ ...formValues(new FormData(formEl)), ...choices });
  }

  return { busy, submitForm, submitFormElement, done };
}

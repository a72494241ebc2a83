import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/ui/button";
import { formatIstTime } from "~/shared/ist-dates";
import type { FormAnswer } from "~/shared/form-answer";
import { useFetcherForm } from "~/ui/use-form";
import type { PaymentHandoffView } from "~/features/order-page/shopper-order.server";
import { loadPaymentScript, type RazorpaySuccess } from "~/features/payments/ui/payment-script";
import { paymentWindowOptions } from "~/features/payments/payment-options";
import { browserPaymentDevice } from "~/features/payments/ui/payment-device";

/** The "pay" intent's answer: the payment window's handoff, or why the order cannot be paid now. */
type Answer = FormAnswer & { handoff?: PaymentHandoffView };

const CANNOT_PAY = "This order can no longer be paid online. Please place it again.";
const PAID = "Thank you! Your payment is confirmed.";

async function verify(success: RazorpaySuccess): Promise<boolean> {
  try {
    const r = await fetch("/api/checkout/verify", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(success),
    });
    return r.status === 200;
  } catch {
    return false;
  }
}

/**
 * "Pay now" for an online order whose payment did not go through, while the stock is still held: the
 * same payment window as the checkout, on the same gateway order; closing it keeps the hold so the
 * shopper can try again until it ends.
 */
export function PayAgain({
  storeName,
  displayId,
  payUntil,
  intent = "pay",
  intro,
  button = "Pay now",
  onPaid,
}: {
  storeName: string;
  displayId: string;
  payUntil?: string;
  /**
   * "pay": an online order not paid yet; "prepay": a COD order paid online instead (issue 30); "pay-link": an
   * order staff made in a chat (issue 46).
   */
  intent?: "pay" | "prepay" | "pay-link";
  intro?: string;
  button?: string;
  /**
   * Shows the confirmation where it outlives this form: once the order is paid, the page's next data (the
   * revalidation, or the live refresh that may come first) removes the card this form is in.
   */
  onPaid?: (message: string) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const text =
    intro ??
    `This order is not paid yet. We hold its items for you until ${payUntil ? formatIstTime(payUntil) : ""} (IST).`;

  async function openPayment(h: PaymentHandoffView) {
    try {
      await loadPaymentScript(h.scriptUrl);
      const Razorpay = window.Razorpay;
      if (!Razorpay) throw new Error("no payment window");
      const rzp = new Razorpay({
        ...paymentWindowOptions(h, { storeName, description: `Order #${displayId}` }, browserPaymentDevice()),
        handler: (success: RazorpaySuccess) => {
          void verify(success).then((ok) => {
            if (ok && onPaid) onPaid(PAID);
            else setMessage(ok ? PAID : "We could not verify the payment. Please contact support.");
            void revalidator.revalidate();
          });
        },
        modal: { ondismiss: () => setMessage("Payment not completed. You can try again.") },
      });
      rzp.on("payment.failed", (f) =>
        setMessage(f.error?.description || "Your payment could not be completed."),
      );
      rzp.open();
    } catch {
      setMessage("The payment window could not be opened. Please check your connection and try again.");
    }
  }

  // Each answer once: the handoff opens the payment window; a refusal's sentence shows below the button.
  const form = useFetcherForm<Answer>({
    toast: false,
    onAnswer: (answer) => {
      if (answer.ok && answer.handoff) void openPayment(answer.handoff);
      else setMessage(answer.message ?? CANNOT_PAY);
    },
  });
  const { fetcher } = form;

  return (
    <fetcher.Form
      method="post"
      className="space-y-2"
      onSubmit={(e) => {
        form.onSubmit(e);
        setMessage(null);
      }}
    >
      <p className="text-sm">{text}</p>
      <Button type="submit" name="intent" value={intent} disabled={form.pending}>
        {button}
      </Button>
      {message ? (
        <p role="status" className="text-sm font-medium">
          {message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

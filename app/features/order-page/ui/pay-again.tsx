import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Button } from "~/ui/button";
import { formatIstTime } from "~/shared/ist-dates";
import type { PaymentHandoffView } from "~/features/order-page/order-page";
import { loadPaymentScript, type RazorpaySuccess } from "~/features/checkout/ui/payment-script";

type Answer = { handoff?: PaymentHandoffView; error?: string };

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
}: {
  storeName: string;
  displayId: string;
  payUntil: string;
}) {
  const fetcher = useFetcher<Answer>();
  const [message, setMessage] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const opened = useRef<PaymentHandoffView | null>(null);
  const until = formatIstTime(payUntil);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    if (!answer.handoff) {
      setMessage(answer.error ?? "This order can no longer be paid online. Please place it again.");
      return;
    }
    const h = answer.handoff;
    if (opened.current === h) return;
    opened.current = h;
    void (async () => {
      try {
        await loadPaymentScript(h.scriptUrl);
        const Razorpay = window.Razorpay;
        if (!Razorpay) throw new Error("no payment window");
        const rzp = new Razorpay({
          key: h.keyId,
          amount: h.amountPaise,
          currency: h.currency,
          name: storeName,
          description: `Order #${displayId}`,
          order_id: h.razorpayOrderId,
          prefill: h.prefill,
          theme: { color: "#ff1493" },
          timeout: h.timeoutSeconds,
          handler: (success: RazorpaySuccess) => {
            void verify(success).then((ok) => {
              setMessage(
                ok
                  ? "Thank you! Your payment is confirmed."
                  : "We could not verify the payment. Please contact support.",
              );
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
    })();
  }, [fetcher.data, fetcher.state, storeName, displayId, revalidator]);

  return (
    <fetcher.Form method="post" className="space-y-2" onSubmit={() => setMessage(null)}>
      <p className="text-sm">This order is not paid yet. We hold its items for you until {until} (IST).</p>
      <Button type="submit" name="intent" value="pay" disabled={fetcher.state !== "idle"}>
        Pay now
      </Button>
      {message ? (
        <p role="status" className="text-sm font-medium">
          {message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

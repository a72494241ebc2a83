import { CheckCircle2, Factory, PhoneCall, ShieldCheck, Truck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { formatIstDayLongMonthTime } from "~/shared/ist-dates";
import type { LastOrderDetails } from "~/features/checkout/checkout";

/*
 * The top of the confirmation page and its "What Happens Next?" (issue 42: one message). An order that is
 * really confirmed keeps the spec's words; a cash on delivery order waiting for its shopper's confirmation
 * (issue 30) says what the e-mail and WhatsApp say: confirm it by the time given, or it is cancelled.
 */

const CONFIRMED_STEPS = [
  {
    icon: PhoneCall,
    title: "Confirmation Call",
    text: "We'll call you within 24 hours to confirm your order details.",
  },
  { icon: Factory, title: "Production", text: "Your neon sign is crafted and tested by our team." },
  { icon: Truck, title: "Delivery", text: "Your order is packed safely and delivered to your doorstep." },
];

/** Where the shopper confirms: the first order's page, at its confirmation card. */
function confirmPath(details: LastOrderDetails | null): string | null {
  const page = details?.orderPages?.[0];
  return page ? `${page.path}?cod=confirm#cod-confirmation` : null;
}

export function ConfirmationHeading({ details }: { details: LastOrderDetails | null }) {
  const confirmBy = details?.codConfirmBy;
  const name = details?.customerName ? `, ${details.customerName}` : "";
  if (!confirmBy)
    return (
      <div className="space-y-3 text-center">
        <CheckCircle2 className="mx-auto size-16 text-green-500" aria-hidden />
        <h1 className="text-3xl font-bold">Order Confirmed!</h1>
        <p className="text-muted-foreground">
          Thank you for your order{name}. We've received it and will be in touch soon.
        </p>
      </div>
    );
  const path = confirmPath(details);
  return (
    <div className="space-y-3 text-center">
      <ShieldCheck className="mx-auto size-16 text-primary" aria-hidden />
      <h1 className="text-3xl font-bold">Please Confirm Your Order</h1>
      <p className="text-muted-foreground">
        Thank you for your order{name}. It is placed for Cash on Delivery: please confirm it by{" "}
        <strong className="text-foreground">{formatIstDayLongMonthTime(confirmBy)} (IST)</strong>. We start
        once you do, and an order not confirmed by then is cancelled.
      </p>
      {path ? (
        <Button asChild size="lg">
          <Link to={path}>Confirm my order</Link>
        </Button>
      ) : null}
      <p className="text-sm text-muted-foreground">
        The same button is in your confirmation e-mail (and on WhatsApp if you chose updates there).
      </p>
    </div>
  );
}

export function NextSteps({ codConfirmBy }: { codConfirmBy?: string | null }) {
  const steps = codConfirmBy
    ? [
        {
          icon: ShieldCheck,
          title: "Confirm Your Order",
          text: `Confirm it by ${formatIstDayLongMonthTime(codConfirmBy)} (IST) on your order page, or with the button in your e-mail.`,
        },
        ...CONFIRMED_STEPS.slice(1),
      ]
    : CONFIRMED_STEPS;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">What Happens Next?</h2>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map((s, i) => (
            <li key={s.title} className="space-y-2 rounded-lg border p-4 text-center">
              <s.icon className="mx-auto size-8 text-primary" aria-hidden />
              <p className="font-semibold">
                {i + 1}. {s.title}
              </p>
              <p className="text-sm text-muted-foreground">{s.text}</p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

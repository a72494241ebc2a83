import { Card, CardContent, CardHeader } from "~/ui/card";
import { formatRupees } from "~/shared/money";
import { formatIstDayLongMonthTime } from "~/shared/ist-dates";
import {
  PAY_LINK_EXPIRED_MESSAGE,
  PAY_LINK_SOLD_OUT_MESSAGE,
} from "~/features/order-lifecycle/pay-link-state";
import type { PayLinkView } from "~/features/payments/pay-link.server";
import { PayAgain } from "./pay-again";
import { PayLinkCod } from "./pay-link-cod";

/**
 * A staff-made order's pay link (issue 46, decision 067): the shopper checks the order below and pays it here,
 * through the shop's own payment window, until the link expires. Expired, or paid after the pieces sold out,
 * it says so and takes no payment.
 */
export function PayLinkCard({
  link,
  storeName,
  displayId,
}: {
  link: PayLinkView;
  storeName: string;
  displayId: string;
}) {
  if (link.state === "cod")
    return (
      <Card id="pay-link" className="border-green-700">
        <CardContent className="pt-6">
          <p role="status" className="text-sm font-medium">
            Cash on delivery: please keep {formatRupees(link.amount)} ready when your parcel comes.
          </p>
        </CardContent>
      </Card>
    );
  if (link.state === "paid")
    return (
      <Card id="pay-link" className="border-green-700">
        <CardContent className="pt-6">
          <p role="status" className="text-sm font-medium">
            Paid: thank you! We start on your order now and keep you posted here.
          </p>
        </CardContent>
      </Card>
    );
  const open = link.state === "awaiting";
  return (
    <Card id="pay-link" className={open ? "border-green-700" : "border-amber-600"}>
      <CardHeader>
        <h2 className="text-lg font-semibold">
          {open ? `Pay ${formatRupees(link.amount)} for this order` : "This order cannot be paid"}
        </h2>
      </CardHeader>
      <CardContent className="space-y-3">
        {link.parts.length > 1 ? (
          <div className="text-sm">
            <p>This payment is for:</p>
            <ul className="list-disc pl-5" aria-label="Orders in this payment">
              {link.parts.map((p) => (
                <li key={p.displayId}>
                  #{p.displayId} {p.label}: {formatRupees(p.total)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {open ? (
          <PayAgain
            storeName={storeName}
            displayId={displayId}
            intent="pay-link"
            button={`Pay ${formatRupees(link.amount)}`}
            intro={`Please check the items, the address and the total below, then pay by ${formatIstDayLongMonthTime(link.expiresAt)} (IST). UPI, cards, net banking and wallets are accepted. We start on your order as soon as it is paid.`}
          />
        ) : null}
        {open && link.cod ? <PayLinkCod amount={link.cod.amount} codFee={link.cod.codFee} /> : null}
        {open ? null : (
          <p role="status" className="text-sm">
            {link.state === "sold-out" ? PAY_LINK_SOLD_OUT_MESSAGE : PAY_LINK_EXPIRED_MESSAGE}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

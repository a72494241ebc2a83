import { Card, CardContent, CardHeader } from "~/ui/card";
import { formatRupees } from "~/shared/money";
import type { PrepayOffer } from "~/features/payments/cod-prepay.server";
import { PayAgain } from "./pay-again";

/**
 * "Pay now instead" (issue 30) on the page of a COD order still waiting for its confirmation: the same order paid
 * online, at the server's price (no cash on delivery charge, the online-payment discount taken). Closing the
 * payment window keeps the cash on delivery order as it was.
 */
export function PayInstead({
  offer,
  storeName,
  displayId,
  onPaid,
}: {
  offer: PrepayOffer;
  storeName: string;
  displayId: string;
  onPaid: (message: string) => void;
}) {
  return (
    <Card id="pay-instead" className="border-green-700">
      <CardHeader>
        <h2 className="text-lg font-semibold">Pay now instead</h2>
      </CardHeader>
      <CardContent>
        <PayAgain
          storeName={storeName}
          displayId={displayId}
          intent="prepay"
          onPaid={onPaid}
          intro={`Pay ${formatRupees(offer.amount)} online now${offer.saving > 0 ? ` and save ${formatRupees(offer.saving)}` : ""}: no cash to keep ready, and your order is confirmed as soon as it is paid. If you close the payment window, your cash on delivery order stays as it is.`}
          button={`Pay ${formatRupees(offer.amount)} online`}
        />
      </CardContent>
    </Card>
  );
}

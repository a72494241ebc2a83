import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Label } from "~/ui/label";
import { formatIstDayLongMonthTime } from "~/shared/ist-dates";
import { useFetcherForm } from "~/ui/use-form";
import { REFUND_TIME_SENTENCE } from "~/features/settings/shop-promises";

/**
 * "Cancel order", asked once more in a dialog. Without JavaScript the dialog's form still posts the
 * cancel intent; the server checks the 24-hour rule again either way.
 */
export function CancelOrder({
  cancelUntil,
  paidOnline,
  total,
}: {
  cancelUntil: string;
  paidOnline: boolean;
  total: string;
}) {
  // A refusal's sentence shows under the button (the page reloads the order after a cancellation).
  const form = useFetcherForm({ toast: false });
  const { fetcher } = form;
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">
        You can cancel this order until {formatIstDayLongMonthTime(cancelUntil)} (IST).
      </p>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogTrigger asChild>
          <Button
            variant="outline"
            className="border-red-500/70 text-red-400 hover:bg-red-500/10 hover:text-red-300"
          >
            Cancel order
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <fetcher.Form
            method="post"
            onSubmit={(e) => {
              form.onSubmit(e);
              setOpen(false);
            }}
          >
            <input type="hidden" name="intent" value="cancel" />
            <AlertDialogHeader>
              <AlertDialogTitle>Cancel this order?</AlertDialogTitle>
              <AlertDialogDescription>
                {paidOnline
                  ? `Your payment of ${total} will be refunded in full to the way you paid. ${REFUND_TIME_SENTENCE}`
                  : "Nothing has been charged for this order."}{" "}
                This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="my-4 space-y-1">
              <Label htmlFor="cancel-reason">Reason (optional)</Label>
              <textarea
                id="cancel-reason"
                name="reason"
                maxLength={300}
                rows={2}
                className="w-full rounded-md border bg-background p-2 text-sm"
              />
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel type="button">Keep my order</AlertDialogCancel>
              <Button type="submit" variant="destructive" disabled={form.pending}>
                Yes, cancel order
              </Button>
            </AlertDialogFooter>
          </fetcher.Form>
        </AlertDialogContent>
      </AlertDialog>
      {form.formError ? (
        <p role="alert" className="text-sm font-medium text-red-400">
          {form.formError}
        </p>
      ) : null}
    </div>
  );
}

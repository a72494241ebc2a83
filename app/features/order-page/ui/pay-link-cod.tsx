import { useRevalidator } from "react-router";
import { Button } from "~/ui/button";
import { formatRupees } from "~/shared/money";
import type { FormAnswer } from "~/shared/form-answer";
import { useFetcherForm } from "~/ui/use-form";

/** "Pay cash on delivery instead" on a pay link, where the shop's rules allow it (issue 46): its price, COD charge included. */
export function PayLinkCod({ amount, codFee }: { amount: number; codFee: number }) {
  const revalidator = useRevalidator();
  const form = useFetcherForm<FormAnswer>({
    toast: false,
    onAnswer: (answer) => {
      if (answer.ok) void revalidator.revalidate();
    },
  });
  const { fetcher } = form;
  return (
    <fetcher.Form method="post" className="space-y-2 border-t pt-3" onSubmit={form.onSubmit}>
      <p className="text-sm">
        Or pay {formatRupees(amount)} in cash when the parcel comes
        {codFee > 0 ? ` (cash on delivery charge ${formatRupees(codFee)} included)` : ""}.
      </p>
      <Button type="submit" variant="outline" name="intent" value="pay-link-cod" disabled={form.pending}>
        Pay cash on delivery instead
      </Button>
      {fetcher.data && !fetcher.data.ok ? (
        <p role="status" className="text-sm font-medium">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

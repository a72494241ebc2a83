import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";

/** What an after-sale action answers. */
type Answer = { ok: boolean; message: string; errors?: Record<string, string> };

/** A fetcher for an after-sale form whose answer is shown as a toast. */
export function useAfterSaleAnswer() {
  const fetcher = useFetcher<Answer>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success("Order updated", { description: fetcher.data.message });
    else toast.error("Failed to update order", { description: fetcher.data.message });
  }, [fetcher.data, fetcher.state]);
  return fetcher;
}

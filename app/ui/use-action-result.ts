import { useEffect, useRef } from "react";
import { toast } from "sonner";
import type { AdminActionData } from "~/shared/admin-forms";

const answered = new WeakSet<object>();

/**
 * Shows the toast of each new answer of an admin action (success or destructive) and calls `onResult`
 * once per answer (e.g. to close the dialog after a successful save).
 */
export function useActionResult(
  result: AdminActionData | undefined,
  onResult?: (result: AdminActionData) => void,
) {
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });
  useEffect(() => {
    // An answer is shown once, also when a page remounts with a keyed fetcher's earlier answer.
    if (!result || answered.has(result)) return;
    answered.add(result);
    if (result.toast) {
      const show = result.ok ? toast.success : toast.error;
      show(result.toast.title, { description: result.toast.description });
    }
    onResultRef.current?.(result);
  }, [result]);
}

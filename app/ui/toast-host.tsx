import { lazy, Suspense } from "react";
import { useToasterWanted } from "~/ui/toast";

const Toaster = lazy(() => import("~/ui/sonner").then((m) => ({ default: m.Toaster })));

/** Renders the toaster (lazily loaded) from the first toast on; see ~/ui/toast. */
export function ToastHost() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

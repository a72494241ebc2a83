import { lazy, Suspense, useEffect } from "react";
import { toasterMounted, useToasterWanted } from "~/lib/toast";

const Toaster = lazy(() => import("~/components/ui/sonner").then((m) => ({ default: m.Toaster })));

/** Renders the toaster (lazily loaded) from the first toast on; see app/lib/toast.ts. */
export function ToastHost() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MountedToaster />
    </Suspense>
  );
}

function MountedToaster() {
  // Runs after the toaster's own effects, i.e. once it listens for toasts.
  useEffect(() => toasterMounted(), []);
  return <Toaster />;
}

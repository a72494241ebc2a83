import { lazy, Suspense, useEffect } from "react";
import { toasterMounted, useToasterWanted } from "~/ui/toast";

const Toaster = lazy(() => import("~/ui/sonner").then((m) => ({ default: m.Toaster })));

/** Renders the toaster (lazily loaded) from the first toast on; see app/shared/toast.ts. */
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

import { useEffect } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { toasterMounted } from "~/ui/toast";
import { TOAST_TOP_PX } from "~/ui/toast-placement";

/**
 * The toaster; once it listens, toasts asked for through `~/ui/toast` show (admin and shop alike). On wide
 * screens toasts sit at the bottom right (top right when the control in use is there); on phones across the
 * top under the header (never over its cart button and count), or across the bottom when the focused control
 * is up there (toast-placement.ts). A toast's buttons (e.g. "View cart", "Checkout") go on a row of their own
 * under its text.
 */
export function Toaster(props: ToasterProps) {
  // Runs after sonner's own effects, i.e. once it listens for toasts.
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      theme="dark"
      position="bottom-right"
      offset={{ top: TOAST_TOP_PX }}
      mobileOffset={{ top: TOAST_TOP_PX }}
      closeButton
      toastOptions={{
        classNames: {
          toast: "!bg-card !text-card-foreground !border-border flex-wrap",
          // The text takes the first row beside the icon, so the buttons wrap to a row of their own.
          content: "!basis-[calc(100%-1.5rem)]",
          actionButton:
            "!h-9 !rounded-md !px-4 !text-sm !bg-primary !text-primary-foreground [[data-cancel]+&]:!ml-0",
          cancelButton: "!h-9 !rounded-md !px-4 !text-sm !bg-secondary !text-secondary-foreground",
          description: "!text-muted-foreground",
          // The description and close button take the toast's dark text too (muted grey on red was 2.8:1).
          error:
            "!bg-destructive !text-destructive-foreground [&_[data-description]]:!text-destructive-foreground",
        },
      }}
      {...props}
    />
  );
}

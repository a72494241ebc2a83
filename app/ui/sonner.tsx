import { Toaster as Sonner, type ToasterProps } from "sonner";

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="dark"
      position="top-center"
      closeButton
      toastOptions={{
        classNames: {
          toast: "!bg-card !text-card-foreground !border-border",
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

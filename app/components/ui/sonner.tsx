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
          error: "!bg-destructive !text-destructive-foreground",
        },
      }}
      {...props}
    />
  );
}

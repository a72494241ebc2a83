import { CardHeader } from "~/ui/card";

/** A checkout field's label, with the star of a required field (hidden from screen readers: aria-required says it). */
export function fieldLabel(text: string, required: boolean) {
  return (
    <>
      {text}
      {required ? <span aria-hidden> *</span> : null}
    </>
  );
}

/** The heading of one of the checkout form's cards. */
export function CheckoutCardTitle({ children }: { children: React.ReactNode }) {
  return (
    <CardHeader>
      <h2 className="text-lg font-semibold leading-none tracking-tight">{children}</h2>
    </CardHeader>
  );
}

import { Award, ShieldCheck, Truck } from "~/ui/icons";

/** The product page's three promises: warranty, delivery, quality. */
export function ProductPromises() {
  return (
    <ul className="grid grid-cols-3 gap-3 text-center text-sm">
      <li className="flex flex-col items-center gap-2 rounded-lg border p-3">
        <ShieldCheck className="size-6 text-primary" aria-hidden /> 12 Month Warranty
      </li>
      <li className="flex flex-col items-center gap-2 rounded-lg border p-3">
        <Truck className="size-6 text-primary" aria-hidden /> Fast Delivery
      </li>
      <li className="flex flex-col items-center gap-2 rounded-lg border p-3">
        <Award className="size-6 text-primary" aria-hidden /> Premium Quality
      </li>
    </ul>
  );
}

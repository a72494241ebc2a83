import { Eye, MousePointerClick, Package, Palette, Truck } from "~/ui/icons";
import { readyDeliveryText } from "~/features/settings/delivery-promises";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";

/** The steps; the delivery days are the settings' (docs/decisions/034), the spec's wording around them. */
const steps = (delivery: string | null) => [
  { icon: MousePointerClick, title: "Choose", text: "Pick a ready-made design or start from your own text." },
  { icon: Palette, title: "Customize", text: "Choose the font, colour, size and backing." },
  { icon: Eye, title: "Preview", text: "See your sign glow in the live preview." },
  { icon: Package, title: "Order", text: "Pay online or choose cash on delivery." },
  {
    icon: Truck,
    title: "Delivered",
    text: delivery
      ? `Handcrafted and delivered to your door in ${delivery}.`
      : "Handcrafted and delivered to your door.",
  },
];

/** How it works: the steps from design to delivery. */
export function HomeHowItWorks() {
  const shipping = useShopSettings()?.shipping;
  return (
    <section className="bg-card/50 py-16" aria-labelledby="how-heading">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="how-heading" className="mb-10 text-center text-3xl font-bold">
          How It Works
        </h2>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {steps(shipping ? readyDeliveryText(shipping) : null).map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="rounded-xl border bg-card p-6 text-center">
              <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                Step {i + 1}
              </p>
              <h3 className="mb-2 text-lg font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

import { Flame, ShieldCheck, Wrench, Zap } from "~/ui/icons";

const WHY = [
  {
    icon: Zap,
    title: "Premium LEDs",
    text: "2nd Gen LED neon flex rated for 50,000+ hours of bright, even light.",
  },
  {
    icon: ShieldCheck,
    title: "12-Month Warranty",
    text: "Covered against manufacturing defects and LED failures.",
  },
  {
    icon: Flame,
    title: "Safe & Low Heat",
    text: "Low-voltage and cool to the touch, safe around kids and pets.",
  },
  {
    icon: Wrench,
    title: "Easy Installation",
    text: "Pre-drilled 6 mm acrylic and a mounting kit in every box.",
  },
];

/** Why choose the store: four reasons. */
export function HomeWhy({ storeName }: { storeName: string }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="why-heading">
      <h2 id="why-heading" className="mb-10 text-center text-3xl font-bold">
        Why Choose <span className="text-primary">{storeName}</span>
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {WHY.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border bg-card p-6 text-center">
            <Icon className="mx-auto mb-4 size-10 text-primary" aria-hidden />
            <h3 className="mb-2 text-lg font-semibold">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

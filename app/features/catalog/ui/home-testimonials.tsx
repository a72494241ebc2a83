import { Sparkles } from "~/ui/icons";

const TESTIMONIALS = [
  {
    name: "Priya Sharma",
    city: "Mumbai",
    text: "The 'Good Vibes Only' sign made my bedroom so cosy. It arrived well packed and was up on the wall in ten minutes.",
  },
  {
    name: "Rohan Mehta",
    city: "Bengaluru",
    text: "Ordered a custom sign for our cafe. Customers keep taking photos under it. Great quality and quick delivery.",
  },
  {
    name: "Ananya Iyer",
    city: "Chennai",
    text: "Our wedding sign was the highlight of the sangeet. The team called to confirm every detail before making it.",
  },
  {
    name: "Karan Singh",
    city: "Delhi",
    text: "My gaming setup finally looks complete. Bright, even light and the dimmer remote is super handy.",
  },
  {
    name: "Sneha Patel",
    city: "Ahmedabad",
    text: "Gifted a quote sign to my sister and she loves it. Cash on delivery made ordering easy.",
  },
];

/** What customers say. */
export function HomeTestimonials() {
  return (
    <section className="bg-card/50 py-16" aria-labelledby="testimonials-heading">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="testimonials-heading" className="mb-10 text-center text-3xl font-bold">
          What Our Customers Say
        </h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-5">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col gap-3 rounded-xl border bg-card p-5">
                <Sparkles className="size-5 text-primary" aria-hidden />
                <blockquote className="flex-1 text-sm text-muted-foreground">“{t.text}”</blockquote>
                <figcaption className="text-sm font-semibold">
                  {t.name}, <span className="font-normal text-muted-foreground">{t.city}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { Link } from "react-router";
import { Sparkles } from "~/ui/icons";
import { ReviewStars } from "~/features/reviews/ui/review-stars";
import type { Testimonial } from "~/features/reviews/review-reads.server";

/** The spec's five testimonials: sample text, shown only by the demo shop (see HomeTestimonials). */
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

/**
 * What customers say (decision 032): buyers' newest published reviews, whatever their rating. The spec's five
 * testimonials are sample text: only the demo shop shows them (marked as samples) until it has five reviews; a
 * real shop shows its own reviews, or no section at all.
 */
export function HomeTestimonials({ reviews, sample }: { reviews: Testimonial[]; sample: boolean }) {
  if (!sample && reviews.length === 0) return null;
  return (
    <section className="bg-card/50 py-16" aria-labelledby="testimonials-heading">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="testimonials-heading" className="mb-10 text-center text-3xl font-bold">
          What Our Customers Say
        </h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-5">
          {sample
            ? TESTIMONIALS.map((t) => (
                <li key={t.name}>
                  <figure className="flex h-full flex-col gap-3 rounded-xl border bg-card p-5">
                    <Sparkles className="size-5 text-primary" aria-hidden />
                    <blockquote className="flex-1 text-sm text-muted-foreground">“{t.text}”</blockquote>
                    <figcaption className="text-sm font-semibold">
                      {t.name}, <span className="font-normal text-muted-foreground">{t.city}</span>
                    </figcaption>
                  </figure>
                </li>
              ))
            : reviews.map((r) => (
                <li key={r.id}>
                  <figure className="flex h-full flex-col gap-3 rounded-xl border bg-card p-5">
                    <ReviewStars rating={r.rating} />
                    <blockquote className="flex-1 space-y-1 text-sm text-muted-foreground">
                      <p className="font-medium text-foreground">{r.title}</p>
                      {/* Text only: a link typed into a review stays plain text. */}
                      <p className="line-clamp-5">“{r.body}”</p>
                    </blockquote>
                    <figcaption className="space-y-1 text-sm">
                      <span className="font-semibold">{r.authorName}</span>
                      <span className="block text-xs text-muted-foreground">
                        {r.isDemo ? "Sample review (demo shop) · " : r.verified ? "Verified purchase · " : ""}
                        {r.productId && r.productName ? (
                          <>
                            <Link
                              to={`/products/${r.productId}#reviews`}
                              className="underline underline-offset-4"
                            >
                              {r.productName}
                            </Link>
                          </>
                        ) : (
                          "Custom sign"
                        )}
                      </span>
                    </figcaption>
                  </figure>
                </li>
              ))}
        </ul>
        {sample ? (
          <p className="mt-6 text-center text-xs text-muted-foreground">
            Sample testimonials of the demo shop. A real shop shows its buyers&apos; published reviews here.
          </p>
        ) : null}
      </div>
    </section>
  );
}

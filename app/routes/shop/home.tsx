import {
  Award,
  Eye,
  Flame,
  MousePointerClick,
  Package,
  Palette,
  ShieldCheck,
  Sparkles,
  Truck,
  Wrench,
  Zap,
} from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { LazyVideo } from "~/components/lazy-video";
import { StarRating } from "~/components/star-rating";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { catalogHref } from "~/domain/catalog";
import { imageAttrs, PLACEHOLDER_IMAGE } from "~/domain/images";
import { formatRupees } from "~/domain/money";
import { showMrp } from "~/domain/product-pricing";
import { pageMeta } from "~/lib/seo";
import { listBestsellers } from "~/server/catalog.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";

export async function loader() {
  return { bestsellers: await listBestsellers() };
}

const HERO_DESKTOP = "/images/hero-desktop-800.webp 800w, /images/hero-desktop-1200.webp 1200w, /images/hero-desktop-1600.webp 1600w";
const HERO_MOBILE = "/images/hero-mobile-400.webp 400w, /images/hero-mobile-600.webp 600w, /images/hero-mobile-800.webp 800w";

// The hero is the largest thing above the fold: ask for it from the <head>, before any script.
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "image", type: "image/webp", imageSrcSet: HERO_MOBILE, imageSizes: "100vw", media: "(max-width: 767px)", fetchPriority: "high" },
  { rel: "preload", as: "image", type: "image/webp", imageSrcSet: HERO_DESKTOP, imageSizes: "100vw", media: "(min-width: 768px)", fetchPriority: "high" },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Custom LED Neon Signs in India",
    description:
      "Ready-made and custom LED neon signs for bedrooms, cafes, gaming zones and weddings. 12-month warranty, delivered across India.",
    path: "/",
  });

const WHY = [
  { icon: Zap, title: "Premium LEDs", text: "2nd Gen LED neon flex rated for 50,000+ hours of bright, even light." },
  { icon: ShieldCheck, title: "12-Month Warranty", text: "Covered against manufacturing defects and LED failures." },
  { icon: Flame, title: "Safe & Low Heat", text: "Low-voltage and cool to the touch, safe around kids and pets." },
  { icon: Wrench, title: "Easy Installation", text: "Pre-drilled 6 mm acrylic and a mounting kit in every box." },
];

const CATEGORIES = [
  { name: "Bedroom", count: "10+ designs", slug: "bedroom" },
  { name: "Bar/Cafe", count: "15+ designs", slug: "bar-cafe" },
  { name: "Gaming Zone", count: "5+ designs", slug: "gaming-zone" },
  { name: "Wedding/Event", count: "20+ designs", slug: "wedding-event" },
  { name: "Quotes", count: "15+ designs", slug: "quotes" },
];

const STEPS = [
  { icon: MousePointerClick, title: "Choose", text: "Pick a ready-made design or start from your own text." },
  { icon: Palette, title: "Customize", text: "Choose the font, colour, size and backing." },
  { icon: Eye, title: "Preview", text: "See your sign glow in the live preview." },
  { icon: Package, title: "Order", text: "Pay online or choose cash on delivery." },
  { icon: Truck, title: "Delivered", text: "Handcrafted and delivered to your door in 7-10 business days." },
];

const TESTIMONIALS = [
  { name: "Priya Sharma", city: "Mumbai", text: "The 'Good Vibes Only' sign made my bedroom so cosy. It arrived well packed and was up on the wall in ten minutes." },
  { name: "Rohan Mehta", city: "Bengaluru", text: "Ordered a custom sign for our cafe. Customers keep taking photos under it. Great quality and quick delivery." },
  { name: "Ananya Iyer", city: "Chennai", text: "Our wedding sign was the highlight of the sangeet. The team called to confirm every detail before making it." },
  { name: "Karan Singh", city: "Delhi", text: "My gaming setup finally looks complete. Bright, even light and the dimmer remote is super handy." },
  { name: "Sneha Patel", city: "Ahmedabad", text: "Gifted a quote sign to my sister and she loves it. Cash on delivery made ordering easy." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { bestsellers } = loaderData;
  const storeName = useRouteLoaderData<typeof rootLoader>("root")?.store.name ?? "NeonLights";
  return (
    <>
      <section className="relative overflow-hidden bg-background" aria-labelledby="hero-heading">
        <picture>
          <source
            media="(min-width: 768px)"
            type="image/webp"
            srcSet={HERO_DESKTOP}
            sizes="100vw"
            width={1600}
            height={700}
          />
          <img
            src="/images/hero-mobile-600.webp"
            srcSet={HERO_MOBILE}
            sizes="100vw"
            width={800}
            height={1000}
            alt="A glowing pink 'Let's Glow' neon sign with a moon, stars and a heart above a sofa"
            loading="eager"
            fetchPriority="high"
            decoding="async"
            className="absolute inset-0 size-full object-cover object-bottom md:object-right"
          />
        </picture>
        <div className="absolute inset-0 bg-gradient-to-b from-background/70 via-background/20 to-transparent md:bg-gradient-to-r md:from-background/90 md:via-background/40" />
        <div className="relative mx-auto flex min-h-[520px] max-w-7xl flex-col gap-6 px-4 pb-80 pt-10 md:min-h-[600px] md:justify-center md:py-24">
          <h1 id="hero-heading" className="max-w-2xl text-4xl font-extrabold leading-tight md:text-6xl">
            Create Stunning <span className="neon-text text-primary">Neon Signs</span>
          </h1>
          <p className="max-w-xl text-lg text-foreground/90">
            Handcrafted LED neon for your home, cafe, gaming room or wedding. Pick a ready-made design or make your own.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/products">Shop Ready-Made Signs</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/customize">Customize Your Neon</Link>
            </Button>
          </div>
        </div>
      </section>

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

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="mb-10 text-center text-3xl font-bold">
          Popular Categories
        </h2>
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-5">
          {CATEGORIES.map((c) => (
            <li key={c.name}>
              <Link
                to={catalogHref({ category: c.name })}
                className="group relative block aspect-square overflow-hidden rounded-xl border"
              >
                <img
                  src={`/images/category-${c.slug}-320.webp`}
                  srcSet={`/images/category-${c.slug}-320.webp 320w, /images/category-${c.slug}-480.webp 480w`}
                  sizes="(min-width: 768px) 20vw, 50vw"
                  width={480}
                  height={480}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover transition-transform group-hover:scale-105"
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 to-transparent p-3">
                  <span className="block font-semibold text-white">{c.name}</span>
                  <span className="block text-xs text-white/85">{c.count}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Button asChild variant="outline">
            <Link to="/products">View All Categories</Link>
          </Button>
        </p>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="bestsellers-heading">
        <h2 id="bestsellers-heading" className="mb-8 text-center text-3xl font-bold">
          Bestselling Neon Signs
        </h2>
        {bestsellers.length === 0 ? (
          <p className="text-center text-muted-foreground">No bestselling products yet.</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {bestsellers.map((b) => (
              <li key={b.id}>
                <Card className="overflow-hidden">
                  <div className="relative aspect-square bg-muted">
                    {b.image ? (
                      <img
                        {...imageAttrs(b.image, 640)}
                        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                        alt={b.image.altText ?? b.name}
                        loading="lazy"
                        decoding="async"
                        className="size-full object-cover"
                      />
                    ) : (
                      <img src={PLACEHOLDER_IMAGE} alt="" width={400} height={400} className="size-full object-cover" />
                    )}
                    <Badge className="absolute left-3 top-3">{b.badge}</Badge>
                  </div>
                  <CardContent className="space-y-3 pt-4">
                    <h3 className="text-lg font-semibold">{b.name}</h3>
                    <StarRating rating={b.rating} reviewCount={b.reviewCount} />
                    <p className="flex items-baseline gap-2">
                      <span className="text-xl font-bold">{formatRupees(b.price)}</span>
                      {showMrp(b.price, b.originalPrice) && (
                        <s className="text-sm text-muted-foreground">
                          <span className="sr-only">MRP </span>
                          {formatRupees(b.originalPrice)}
                        </s>
                      )}
                    </p>
                    <div className="flex gap-2">
                      <Button asChild className="flex-1">
                        <Link to={`/products/${b.productId}`} aria-label={`Select Options: ${b.name}`}>
                          Select Options
                        </Link>
                      </Button>
                      <Button asChild variant="outline" className="flex-1">
                        <Link to={`/products/${b.productId}`} aria-label={`View Details: ${b.name}`}>
                          View Details
                        </Link>
                      </Button>
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="bg-card/50 py-16" aria-labelledby="how-heading">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="how-heading" className="mb-10 text-center text-3xl font-bold">
            How It Works
          </h2>
          <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
            {STEPS.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="rounded-xl border bg-card p-6 text-center">
                <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
                  <Icon className="size-6" aria-hidden />
                </span>
                <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Step {i + 1}</p>
                <h3 className="mb-2 text-lg font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2" aria-labelledby="about-heading">
        <div className="space-y-4">
          <h2 id="about-heading" className="text-3xl font-bold">
            Who are we?
          </h2>
          <p className="text-muted-foreground">
            We started in 2025 in a small workshop in Badaun, Uttar Pradesh, with one idea: anyone in India should be able
            to own a beautiful, safe neon sign without paying a fortune for fragile glass. Our founder taught himself to
            bend LED neon flex after struggling to find a sign for his own cafe.
          </p>
          <p className="text-muted-foreground">
            Today our small team hand-builds every sign, checks it for a full day before it ships, and calls every
            customer to confirm their design. From bedroom walls to wedding stages, we love seeing your spaces glow.
          </p>
          <dl className="grid grid-cols-2 gap-4 pt-2">
            <div className="flex flex-col-reverse rounded-xl border bg-card p-4 text-center">
              <dt className="text-sm text-muted-foreground">Community</dt>
              <dd className="text-3xl font-extrabold text-primary">10K+</dd>
            </div>
            <div className="flex flex-col-reverse rounded-xl border bg-card p-4 text-center">
              <dt className="text-sm text-muted-foreground">Founded</dt>
              <dd className="text-3xl font-extrabold text-primary">2025</dd>
            </div>
          </dl>
        </div>
        <div className="overflow-hidden rounded-xl border">
          <LazyVideo
            className="aspect-video w-full"
            width={640}
            height={360}
            poster="/images/about-poster.webp"
            label="Our neon signs glowing in the workshop"
            sources={[
              { src: "/videos/about.webm", type: "video/webm" },
              { src: "/videos/about.mp4", type: "video/mp4" },
            ]}
          />
        </div>
      </section>

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

      <section className="mx-auto max-w-4xl px-4 py-20 text-center" aria-labelledby="cta-heading">
        <Award className="mx-auto mb-4 size-10 text-primary" aria-hidden />
        <h2 id="cta-heading" className="mb-4 text-3xl font-bold md:text-4xl">
          Ready to Light Up Your Space?
        </h2>
        <p className="mb-8 text-muted-foreground">
          Design your own sign in minutes, or tell us your idea and we will send you a quote.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/customize">Start Customizing</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact">Get a Quote</Link>
          </Button>
        </div>
      </section>
    </>
  );
}

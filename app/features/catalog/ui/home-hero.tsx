import { preload } from "react-dom";
import { Link } from "react-router";
import { Button } from "~/ui/button";

export const HERO_DESKTOP =
  "/images/hero-desktop-800.webp 800w, /images/hero-desktop-1200.webp 1200w, /images/hero-desktop-1600.webp 1600w";
const HERO_MOBILE_SRC = "/images/hero-mobile-600.webp";
const HERO_DESKTOP_SRC = "/images/hero-desktop-1200.webp";
export const HERO_MOBILE =
  "/images/hero-mobile-400.webp 400w, /images/hero-mobile-600.webp 600w, /images/hero-mobile-800.webp 800w";

/** The home page's hero: the neon banner picture and the two calls to action. */
export function HomeHero() {
  // The hero is the largest thing above the fold: React puts these high-priority preloads at the top of
  // the <head>, before the stylesheet and the scripts' modulepreloads.
  preload(HERO_MOBILE_SRC, {
    as: "image",
    type: "image/webp",
    imageSrcSet: HERO_MOBILE,
    imageSizes: "100vw",
    media: "(max-width: 767px)",
    fetchPriority: "high",
  });
  preload(HERO_DESKTOP_SRC, {
    as: "image",
    type: "image/webp",
    imageSrcSet: HERO_DESKTOP,
    imageSizes: "100vw",
    media: "(min-width: 768px)",
    fetchPriority: "high",
  });
  return (
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
          src={HERO_MOBILE_SRC}
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
          Handcrafted LED neon for your home, cafe, gaming room or wedding. Pick a ready-made design or make
          your own.
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
  );
}

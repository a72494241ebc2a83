import { useRouteLoaderData } from "react-router";
import { pageMeta } from "~/ui/seo";
import { listBestsellers } from "~/features/catalog/catalog.server";
import type { loader as rootLoader } from "~/root";
import { HomeHero } from "~/features/catalog/ui/home-hero";
import { HomeWhy } from "~/features/catalog/ui/home-why";
import { HomeCategories } from "~/features/catalog/ui/home-categories";
import { HomeBestsellers } from "~/features/catalog/ui/home-bestsellers";
import { HomeHowItWorks } from "~/features/catalog/ui/home-how-it-works";
import { HomeAbout } from "~/features/catalog/ui/home-about";
import { HomeTestimonials } from "~/features/catalog/ui/home-testimonials";
import { HomeCta } from "~/features/catalog/ui/home-cta";
import { customerPhotos, homeTestimonials } from "~/features/reviews/review-reads.server";
import { CustomerPhotos } from "~/features/reviews/ui/customer-photos";
import type { Route } from "./+types/home";

export async function loader() {
  // Buyers' own photos from published reviews, where the author allowed it (issue 29).
  const [bestsellers, photos, testimonials] = await Promise.all([
    listBestsellers(),
    customerPhotos(),
    homeTestimonials(),
  ]);
  return { bestsellers, customerPhotos: photos, testimonials };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Custom LED Neon Signs in India",
    description:
      "Ready-made and custom LED neon signs for bedrooms, cafes, gaming zones and weddings. 12-month warranty, delivered across India.",
    path: "/",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { bestsellers, customerPhotos: photos, testimonials } = loaderData;
  const storeName = useRouteLoaderData<typeof rootLoader>("root")?.store.name ?? "NeonLights";
  return (
    <>
      <HomeHero />

      <HomeWhy storeName={storeName} />

      <HomeCategories />

      <HomeBestsellers bestsellers={bestsellers} />

      <CustomerPhotos photos={photos} />

      <HomeHowItWorks />

      <HomeAbout />

      <HomeTestimonials {...testimonials} />

      <HomeCta />
    </>
  );
}

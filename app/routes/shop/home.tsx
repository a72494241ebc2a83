import { useRouteLoaderData } from "react-router";
import { pageMeta } from "~/lib/seo";
import { listBestsellers } from "~/server/catalog.server";
import type { loader as rootLoader } from "~/root";
import { HomeHero } from "~/components/home/home-hero";
import { HomeWhy } from "~/components/home/home-why";
import { HomeCategories } from "~/components/home/home-categories";
import { HomeBestsellers } from "~/components/home/home-bestsellers";
import { HomeHowItWorks } from "~/components/home/home-how-it-works";
import { HomeAbout } from "~/components/home/home-about";
import { HomeTestimonials } from "~/components/home/home-testimonials";
import { HomeCta } from "~/components/home/home-cta";
import type { Route } from "./+types/home";

export async function loader() {
  return { bestsellers: await listBestsellers() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Custom LED Neon Signs in India",
    description:
      "Ready-made and custom LED neon signs for bedrooms, cafes, gaming zones and weddings. 12-month warranty, delivered across India.",
    path: "/",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { bestsellers } = loaderData;
  const storeName = useRouteLoaderData<typeof rootLoader>("root")?.store.name ?? "NeonLights";
  return (
    <>
      <HomeHero />

      <HomeWhy storeName={storeName} />

      <HomeCategories />

      <HomeBestsellers bestsellers={bestsellers} />

      <HomeHowItWorks />

      <HomeAbout />

      <HomeTestimonials />

      <HomeCta />
    </>
  );
}

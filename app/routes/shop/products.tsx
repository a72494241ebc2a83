import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Premium Neon Collection", description: "Premium Neon Collection", path: "/products" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold">Premium Neon Collection</h1>
    </div>
  );
}

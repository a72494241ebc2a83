import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/customize";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Customize Your Neon", description: "Customize Your Neon", path: "/customize" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold">Customize Your Neon</h1>
    </div>
  );
}

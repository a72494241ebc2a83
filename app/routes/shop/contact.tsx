import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Get in Touch", description: "Get in Touch", path: "/contact" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold">Get in Touch</h1>
    </div>
  );
}

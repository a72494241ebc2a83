import { AdminPlaceholder } from "~/components/admin/admin-placeholder";
import { adminMeta } from "~/lib/admin-meta";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/bestselling";

export const meta: Route.MetaFunction = () => adminMeta("Bestselling Products");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminBestselling() {
  return <AdminPlaceholder title="Bestselling Products" description="Choose and order the products shown as bestsellers." />;
}

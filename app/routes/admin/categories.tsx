import { AdminPlaceholder } from "~/components/admin/admin-placeholder";
import { adminMeta } from "~/lib/admin-meta";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => adminMeta("Categories");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminCategories() {
  return <AdminPlaceholder title="Categories" description="Manage the product categories." />;
}

import { AdminPlaceholder } from "~/components/admin/admin-placeholder";
import { adminMeta } from "~/lib/admin-meta";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/purchases";

export const meta: Route.MetaFunction = () => adminMeta("Purchase Details");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminPurchases() {
  return <AdminPlaceholder title="Purchase Details" description="All orders placed in the shop." />;
}

import { AdminPlaceholder } from "~/components/admin/admin-placeholder";
import { adminMeta } from "~/lib/admin-meta";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/banners";

export const meta: Route.MetaFunction = () => adminMeta("Banners");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminBanners() {
  return <AdminPlaceholder title="Banners" description="Manage the offer banners of the home page." />;
}

import { AdminListCard } from "~/features/admin-shell/ui/admin-list";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { AddBestsellerForm } from "~/features/catalog/ui/add-bestseller-form";
import { BestsellerRow, REMOVE_BESTSELLER_FETCHER } from "~/features/catalog/ui/bestseller-row";
import { bestsellerFormSchema } from "~/features/catalog/admin-catalog";
import { bestsellersOnHome, HOME_BESTSELLERS } from "~/features/catalog/catalog";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { intentTable, moveIntent, toggleIntent } from "~/platform/auth/admin-action.server";
import {
  adminLoader,
  addIntent,
  deleteIntent,
  intentAction,
} from "~/features/admin-shell/admin-route.server";
import {
  addBestseller,
  listBestsellerCandidates,
  listBestsellersAdmin,
  moveBestseller,
  removeBestseller,
  setBestsellerActive,
} from "~/features/catalog/admin-bestsellers.server";
import type { Route } from "./+types/admin-bestselling";

export const meta: Route.MetaFunction = () => adminMeta("Bestselling Products");

export const loader = adminLoader(async () => {
  const [bestsellers, candidates] = await Promise.all([listBestsellersAdmin(), listBestsellerCandidates()]);
  return { bestsellers, candidates };
}, "catalogue");

const actions = intentTable({
  add: addIntent("add", bestsellerFormSchema, addBestseller, {
    done: "Product added to bestselling list.",
    failed: "Failed to add bestselling product.",
  }),
  toggle: toggleIntent(setBestsellerActive, {
    activated: "Product activated successfully.",
    deactivated: "Product deactivated successfully.",
    failed: "Failed to update product status.",
  }),
  move: moveIntent(moveBestseller),
  remove: deleteIntent(
    removeBestseller,
    { done: "Product removed from bestselling list.", failed: "Failed to remove bestselling product." },
    "remove",
  ),
});

export const action = intentAction(actions, { permission: "catalogue" });

export default function AdminBestselling({ loaderData }: Route.ComponentProps) {
  const { bestsellers, candidates } = loaderData;
  const onHome = bestsellersOnHome(bestsellers);
  return (
    <AdminPage
      title="Bestselling Products"
      description="Choose and order the products shown on the home page"
      liveTables={["bestselling_products", "products", "product_images"]}
    >
      <AddBestsellerForm candidates={candidates} />
      <AdminListCard
        title="Current Bestselling Products"
        description={`The home page shows the first ${HOME_BESTSELLERS} active ones, in this order.`}
        label="Bestselling products"
        ordered
        items={bestsellers}
        removals={REMOVE_BESTSELLER_FETCHER}
        empty="No bestselling products yet."
      >
        {(b, i) => (
          <BestsellerRow
            key={b.id}
            item={b}
            index={i}
            length={bestsellers.length}
            notShown={b.isActive && b.productActive && !onHome.has(b.id)}
          />
        )}
      </AdminListCard>
    </AdminPage>
  );
}

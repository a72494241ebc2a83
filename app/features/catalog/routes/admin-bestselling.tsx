import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/features/admin-shell/ui/admin-page-header";
import { AddBestsellerForm } from "~/features/catalog/ui/add-bestseller-form";
import { BestsellerRow, REMOVE_BESTSELLER_FETCHER } from "~/features/catalog/ui/bestseller-row";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { bestsellerFormSchema } from "~/features/catalog/admin-catalog";
import { idSchema, MAX_PLAIN_FORM_BYTES, type AdminActionData } from "~/shared/admin-forms";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useActionResult } from "~/ui/use-action-result";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import {
  badRequest,
  intent,
  intentTable,
  invalidForm,
  moveIntent,
  adminFormAnswers,
  reply,
  toggleIntent,
} from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import {
  addBestseller,
  listBestsellerCandidates,
  listBestsellersAdmin,
  moveBestseller,
  removeBestseller,
  setBestsellerActive,
} from "~/features/catalog/admin-bestsellers.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import type { Route } from "./+types/admin-bestselling";

export const meta: Route.MetaFunction = () => adminMeta("Bestselling Products");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [bestsellers, candidates] = await Promise.all([listBestsellersAdmin(), listBestsellerCandidates()]);
  return { bestsellers, candidates };
}

const actions = intentTable({
  add: intent(
    bestsellerFormSchema,
    async (input) =>
      reply(
        "add",
        await addBestseller(input),
        () => ({ title: "Success", description: "Product added to bestselling list." }),
        (f) =>
          f.fieldErrors ? undefined : { title: "Error", description: "Failed to add bestselling product." },
      ),
    (error) => invalidForm("add", error),
  ),
  toggle: toggleIntent(setBestsellerActive, {
    activated: "Product activated successfully.",
    deactivated: "Product deactivated successfully.",
    failed: "Failed to update product status.",
  }),
  move: moveIntent(moveBestseller),
  remove: intent(
    idSchema,
    async ({ id }) =>
      reply(
        "remove",
        await removeBestseller(id),
        () => ({ title: "Success", description: "Product removed from bestselling list." }),
        () => ({
          title: "Error",
          description: "Failed to remove bestselling product.",
        }),
      ),
    () => badRequest("remove", "Failed to remove bestselling product."),
  ),
});

export const action = formAction(
  { guard: "admin", maxBytes: MAX_PLAIN_FORM_BYTES, answers: adminFormAnswers("The form is too large.") },
  (_fields, { form }) => actions.dispatch(form),
);

export default function AdminBestselling({ loaderData }: Route.ComponentProps) {
  const { bestsellers, candidates } = loaderData;
  useActionResult(useFetcher<AdminActionData>({ key: REMOVE_BESTSELLER_FETCHER }).data);
  const { connected } = useLiveRevalidate({
    url: "/api/admin/events",
    tables: ["bestselling_products", "products", "product_images"],
  });
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Bestselling Products"
        description="Choose and order the products shown on the home page"
        live={connected}
      />
      <AddBestsellerForm candidates={candidates} />
      <Card>
        <CardHeader>
          <CardTitle>Current Bestselling Products</CardTitle>
          <CardDescription>The home page shows the first 6 active ones, in this order.</CardDescription>
        </CardHeader>
        <CardContent>
          {bestsellers.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No bestselling products yet.</p>
          ) : (
            <ol className="divide-y" aria-label="Bestselling products">
              {bestsellers.map((b, i) => (
                <BestsellerRow key={b.id} item={b} index={i} length={bestsellers.length} />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

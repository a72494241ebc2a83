import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/features/admin-shell/ui/admin-page-header";
import { ConfirmDialog } from "~/features/admin-shell/ui/confirm-dialog";
import { OfferForm } from "~/features/offers/ui/offer-form-fields";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Switch } from "~/ui/switch";
import { idSchema, MAX_PLAIN_FORM_BYTES, type AdminActionData } from "~/shared/admin-forms";
import { describeDays } from "~/shared/ist-dates";
import { offerFormSchema } from "~/features/offers/offer-form";
import { offerSummary } from "~/features/offers/offers";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import { useActionResult } from "~/ui/use-action-result";
import { useLiveRevalidate } from "~/ui/use-live-revalidate";
import {
  badRequest,
  intent,
  intentTable,
  invalidForm,
  adminFormAnswers,
  reply,
  toggleIntent,
} from "~/platform/auth/admin-action.server";
import { formAction } from "~/platform/http/form-action.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import {
  createOffer,
  deleteOffer,
  listOffersAdmin,
  setOfferActive,
  type AdminOffer,
} from "~/features/offers/offers.server";
import type { Route } from "./+types/admin-offers";

export const meta: Route.MetaFunction = () => adminMeta("Offers");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { offers: await listOffersAdmin() };
}

const actions = intentTable({
  create: intent(
    offerFormSchema,
    async (input) =>
      reply(
        "create",
        await createOffer(input),
        () => ({ title: "Success", description: "Offer created successfully" }),
        (f) => (f.fieldErrors ? undefined : { title: "Error", description: "Failed to save offer" }),
      ),
    (error) => invalidForm("create", error),
  ),
  toggle: toggleIntent(setOfferActive, {
    activated: "Offer activated",
    deactivated: "Offer deactivated",
    failed: "Failed to update offer",
  }),
  delete: intent(
    idSchema,
    async ({ id }) =>
      reply(
        "delete",
        await deleteOffer(id),
        () => ({ title: "Success", description: "Offer deleted successfully" }),
        () => ({ title: "Error", description: "Failed to delete offer" }),
      ),
    () => badRequest("delete", "Failed to delete offer"),
  ),
});

export const action = formAction(
  { guard: "admin", maxBytes: MAX_PLAIN_FORM_BYTES, answers: adminFormAnswers("The form is too large.") },
  (_fields, { form }) => actions.dispatch(form),
);

function OfferRow({ offer }: { offer: AdminOffer }) {
  const toggle = useFetcher<AdminActionData>();
  const remove = useFetcher<AdminActionData>();
  const [confirming, setConfirming] = useState(false);
  useActionResult(toggle.data);
  useActionResult(remove.data);
  const pending = toggle.formData?.get("isActive");
  const active = pending === undefined || pending === null ? offer.isActive : pending === "true";
  return (
    <li className="flex flex-wrap items-center gap-3 py-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{offer.name}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {offerSummary(offer)} · {describeDays(offer.startsOn, offer.endsOn)}
          <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>
        </p>
      </div>
      <Switch
        checked={active}
        aria-label={`${offer.name} active`}
        onCheckedChange={(checked) =>
          void toggle.submit(
            { intent: "toggle", id: offer.id, isActive: String(checked) },
            { method: "post" },
          )
        }
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Delete ${offer.name}`}
        disabled={remove.state !== "idle"}
        onClick={() => setConfirming(true)}
        className="text-red-400 hover:text-red-300"
      >
        <Trash2 />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question="Are you sure you want to delete this offer?"
        details={`"${offer.name}" will be deleted; banners promising it are no longer shown.`}
        onConfirm={() => void remove.submit({ intent: "delete", id: offer.id }, { method: "post" })}
      />
    </li>
  );
}

export default function AdminOffers({ loaderData }: Route.ComponentProps) {
  const { offers } = loaderData;
  const { connected } = useLiveRevalidate({ url: "/api/admin/events", tables: ["offers"] });
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Offers"
        description="Automatic offers that checkout applies without a code"
        live={connected}
      />
      <OfferForm />
      <Card>
        <CardHeader>
          <CardTitle>Current Offers</CardTitle>
          <CardDescription>
            A banner can promise an offer: it is shown only while the offer runs.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {offers.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">
              No offers yet. Create your first offer above.
            </p>
          ) : (
            <ul className="divide-y" aria-label="Offers">
              {offers.map((o) => (
                <OfferRow key={o.id} offer={o} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

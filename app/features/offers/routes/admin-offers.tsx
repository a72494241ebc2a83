import { AdminListCard } from "~/features/admin-shell/ui/admin-list";
import { AdminPage } from "~/features/admin-shell/ui/admin-page-header";
import { ActiveSwitch, DeleteButton, useActiveToggle } from "~/features/admin-shell/ui/row-actions";
import { OfferForm } from "~/features/offers/ui/offer-form-fields";
import { Badge } from "~/ui/badge";
import { describeDays } from "~/shared/ist-dates";
import { offerFormSchema } from "~/features/offers/offer-form";
import { offerSummary } from "~/features/offers/offers";
import { adminMeta } from "~/features/admin-shell/ui/admin-meta";
import {
  adminLoader,
  deleteIntent,
  intentAction,
  saveIntents,
} from "~/features/admin-shell/admin-route.server";
import { intentTable, toggleIntent } from "~/platform/auth/admin-action.server";
import {
  createOffer,
  deleteOffer,
  listOffersAdmin,
  setOfferActive,
  type AdminOffer,
} from "~/features/offers/offers.server";
import type { Route } from "./+types/admin-offers";

export const meta: Route.MetaFunction = () => adminMeta("Offers");

export const loader = adminLoader(async () => ({ offers: await listOffersAdmin() }), "catalogue");

const actions = intentTable({
  ...saveIntents(
    offerFormSchema,
    { create: createOffer },
    { created: "Offer created successfully", failed: () => "Failed to save offer" },
  ),
  toggle: toggleIntent(setOfferActive, {
    activated: "Offer activated",
    deactivated: "Offer deactivated",
    failed: "Failed to update offer",
  }),
  delete: deleteIntent(deleteOffer, { done: "Offer deleted successfully", failed: "Failed to delete offer" }),
});

export const action = intentAction(actions, { permission: "catalogue" });

function OfferRow({ offer }: { offer: AdminOffer }) {
  const toggle = useActiveToggle(offer.id, offer.isActive);
  const { active } = toggle;
  return (
    <li className="flex flex-wrap items-center gap-3 py-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{offer.name}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {offerSummary(offer)} · {describeDays(offer.startsOn, offer.endsOn)}
          <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>
        </p>
      </div>
      <ActiveSwitch toggle={toggle} aria-label={`${offer.name} active`} />
      <DeleteButton
        id={offer.id}
        label={`Delete ${offer.name}`}
        confirm={{
          question: "Are you sure you want to delete this offer?",
          details: `"${offer.name}" will be deleted; banners promising it are no longer shown.`,
        }}
      />
    </li>
  );
}

export default function AdminOffers({ loaderData }: Route.ComponentProps) {
  const { offers } = loaderData;
  return (
    <AdminPage
      title="Offers"
      description="Automatic offers that checkout applies without a code"
      liveTables={["offers"]}
    >
      <OfferForm />
      <AdminListCard
        title="Current Offers"
        description="A banner can promise an offer: it is shown only while the offer runs."
        label="Offers"
        items={offers}
        empty="No offers yet. Create your first offer above."
      >
        {(o) => <OfferRow key={o.id} offer={o} />}
      </AdminListCard>
    </AdminPage>
  );
}

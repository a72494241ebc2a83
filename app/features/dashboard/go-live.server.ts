import { eq } from "drizzle-orm";
import { data } from "react-router";
import { goLiveChecklist, goLiveTickSchema, type GoLiveTick } from "~/features/dashboard/go-live";
import { loadShopSettings } from "~/features/settings/store-settings.server";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { db } from "~/platform/db/client.server";
import { goLiveTicks } from "~/features/settings/tables.server";
import { freshServiceEnv } from "~/platform/service-keys.server";
import { formAction } from "~/platform/http/form-action.server";
import { logger } from "~/platform/logger.server";

/** The owner's ticks on the go-live checklist. */
export async function goLiveTicksSet(): Promise<Set<GoLiveTick>> {
  const rows = await db().select({ item: goLiveTicks.item }).from(goLiveTicks);
  return new Set(rows.map((r) => r.item as GoLiveTick));
}

/** The go-live checklist as it stands (the dashboard's card and section). */
export async function goLiveStatus() {
  const { settings } = await loadShopSettings();
  // Keys from the environment or saved in Settings > Keys: either completes the payment step.
  const e = await freshServiceEnv();
  const items = goLiveChecklist({
    storeName: settings.store.name,
    legalName: settings.legal.legalName,
    gstin: settings.legal.gstin,
    paymentKeys: Boolean(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET),
    store: settings.store,
    grievance: settings.grievance,
    pickupPincode: settings.shipping.pickupPincode,
    ticks: await goLiveTicksSet(),
  });
  return { items, done: items.every((i) => i.done) };
}

const couldNotRead = () => data(failedAnswer("The form could not be read."), { status: 400 });

/** The checklist's tick form (admins only): tick or untick one of the owner's answers. */
export const goLiveTickAction = formAction(
  {
    guard: "admin",
    permission: "settings",
    maxBytes: 2_048,
    schema: goLiveTickSchema,
    answers: {
      tooLarge: couldNotRead,
      unreadable: couldNotRead,
      invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }),
    },
  },
  async (input, { admin }) => {
    if (input.ticked === "yes") {
      await db()
        .insert(goLiveTicks)
        .values({ item: input.item, tickedByEmail: admin.user.email })
        .onConflictDoNothing();
    } else {
      await db().delete(goLiveTicks).where(eq(goLiveTicks.item, input.item));
    }
    logger.info({ item: input.item, ticked: input.ticked, by: admin.user.email }, "go-live checklist");
    return data(okAnswer(input.ticked === "yes" ? "Ticked." : "Unticked."));
  },
);

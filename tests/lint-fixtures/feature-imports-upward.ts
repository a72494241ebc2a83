// Linted as app/features/settings/fixture.ts: settings sits low in the feature graph and may import only
// sign-options and admin-shell; the checkout is above it.
import { PAYMENT_METHOD_LABELS } from "~/features/checkout/checkout";

export const labels = PAYMENT_METHOD_LABELS;

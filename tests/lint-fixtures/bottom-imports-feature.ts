// Linted as a file of app/platform, app/shared and app/ui: the bottom layers know no feature and not the wiring
// that plugs the features into them (issue 43). Both imports must be refused.
import { PAYMENT_METHOD_LABELS } from "~/features/checkout/checkout";
import { JOBS } from "~/wiring/jobs.server";

export const planted = [PAYMENT_METHOD_LABELS, JOBS];

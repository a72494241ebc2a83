// `npm run reviews:send`: run the review-request sweep once now (the job queue runs it every hour): make the
// requests of newly delivered orders, mail those due, cancel those of refunded or returned orders.
import { sweepReviewRequests } from "~/features/reviews/review-requests.server";
import { withShopDatabase } from "../server/cli-db";

try {
  const r = await withShopDatabase(() => sweepReviewRequests());
  console.log(`Review requests: ${r.created} made, ${r.sent} mailed, ${r.cancelled} cancelled.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

// `npm run reminders:send`: run the cart-reminder sweep once now (the job queue runs it every 5 minutes): checkouts
// whose contact ordered are marked converted, due reminders are queued (the running shop's workers send them).
import { sweepCheckoutRecovery } from "~/features/checkout-recovery/recovery-sweep.server";
import { startJobs } from "~/wiring/jobs.server";
import { stopQueue } from "~/platform/jobs/queue.server";
import { withShopDatabase } from "../server/cli-db";

try {
  const r = await withShopDatabase(async () => {
    await startJobs({ work: false });
    try {
      return await sweepCheckoutRecovery();
    } finally {
      await stopQueue();
    }
  });
  console.log(
    `Cart reminders: ${r.first} first and ${r.second} second queued, ${r.skipped} skipped, ${r.converted} converted.`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

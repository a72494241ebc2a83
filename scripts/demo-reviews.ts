// `npm run reviews:demo`: add the demo catalogue's sample reviews (only when PUBLIC_URL is local);
// `npm run reviews:demo -- --remove`: remove every sample review and its demo order.
import { removeDemoReviews, seedDemoReviews } from "~/features/reviews/demo-reviews.server";
import { env } from "~/platform/env.server";
import { withShopDatabase } from "../server/cli-db";

try {
  if (process.argv.includes("--remove")) {
    const n = await withShopDatabase((database) => removeDemoReviews(database));
    console.log(`Demo reviews: ${n} removed.`);
  } else {
    const n = await withShopDatabase((database) => seedDemoReviews(database, env().PUBLIC_URL));
    console.log(
      n > 0
        ? `Demo reviews: ${n} added.`
        : "Demo reviews already present (or no demo products): nothing added.",
    );
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

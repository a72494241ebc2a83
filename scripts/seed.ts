// `npm run db:seed`: add the demo catalogue (whatever already exists is left alone; safe to run twice).
import { seedDemoCatalogue } from "~/wiring/demo-data.server";
import { withShopDatabase } from "../server/cli-db";

try {
  const { created } = await withShopDatabase((database) => seedDemoCatalogue(database));
  console.log(
    created > 0 ? `Demo catalogue: ${created} rows added.` : "Demo catalogue already present: nothing added.",
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

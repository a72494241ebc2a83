import { afterAll, beforeEach } from "vitest";
import { forgetCourierAnswers } from "~/features/couriers/couriers.server";
import { type FakeCourier, fakeShiprocketEnv, startFakeShiprocket } from "./fake-shiprocket";
import { NO_ORDER_LIMITS } from "./orders";
import { setupTestDatabase } from "./test-db";

/**
 * An integration file's shop with Shiprocket's keys pointing at a fake serving `routes` (delivery PIN → its
 * couriers), test payments and no order limits; each test starts with no remembered courier answers and no
 * failure queued on the fake. Call it at the top of the file, as setupTestDatabase.
 */
export async function shopWithFakeShiprocket(routes: Record<string, FakeCourier[]>) {
  const fake = await startFakeShiprocket({ routes });
  setupTestDatabase({ PAYMENT_MODE: "test", ...NO_ORDER_LIMITS, ...fakeShiprocketEnv(fake) });
  afterAll(() => fake.close());
  beforeEach(() => {
    forgetCourierAnswers();
    fake.state.failNext = [];
  });
  return fake;
}

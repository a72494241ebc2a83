import { data } from "react-router";
import { failedAnswer, okAnswer, type FormAnswer } from "~/shared/form-answer";
import { gstStateBySlug } from "~/shared/gst-states";
import { BOOKING_MESSAGES } from "~/features/couriers/courier-rules";
import { shiprocket } from "~/features/couriers/couriers.server";
import { ShiprocketError } from "~/features/couriers/shiprocket.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { logger } from "~/platform/logger.server";

/*
 * "Register with Shiprocket" on /admin/settings (issue 28, decision 040): the saved pickup address (Courier
 * section, with the pickup PIN code and the store's e-mail) added to the Shiprocket account under the saved
 * nickname, so bookings that name it are collected from there. Shiprocket's refusal (a nickname in use, an
 * address it cannot read) is told to staff in its words; nothing is stored by the shop either way.
 */
export async function registerPickupLocation() {
  const api = shiprocket();
  if (!api) return data<FormAnswer>(failedAnswer(BOOKING_MESSAGES.manual), { status: 409 });
  const { courier, shipping, store } = await shopSettings();
  const p = courier.pickup;
  try {
    await api.addPickupLocation({
      nickname: courier.pickupLocation,
      name: p.name,
      email: store.email,
      phone: p.phone,
      address1: p.address1,
      address2: p.address2,
      city: p.city,
      state: gstStateBySlug(p.state)?.name ?? p.state,
      pincode: shipping.pickupPincode,
    });
  } catch (err) {
    if (!(err instanceof ShiprocketError)) throw err;
    logger.warn({ err: err.message }, "pickup location not registered");
    return data<FormAnswer>(
      failedAnswer(
        `Shiprocket did not register the pickup address: ${err.message}. Check it and save again.`,
      ),
      { status: 502 },
    );
  }
  logger.info({ nickname: courier.pickupLocation }, "pickup location registered with Shiprocket");
  return data<FormAnswer>(
    okAnswer(
      `The saved pickup address is registered with Shiprocket as "${courier.pickupLocation}". Shiprocket may ask the pickup phone to confirm it; bookings name it from now on.`,
    ),
  );
}

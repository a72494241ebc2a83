import type { StoreSettings } from "~/domain/store";
import { env } from "./env.server";

/** The one place the shop's name, contact details, links and hours come from. */
export function storeSettings(): StoreSettings {
  const e = env();
  return {
    name: e.STORE_NAME,
    email: e.STORE_EMAIL,
    phone: e.STORE_PHONE,
    whatsapp: e.STORE_WHATSAPP,
    address: e.STORE_ADDRESS,
    instagramUrl: e.STORE_INSTAGRAM_URL,
    youtubeUrl: e.STORE_YOUTUBE_URL,
    hours: {
      weekdays: e.STORE_HOURS_WEEKDAYS,
      saturday: e.STORE_HOURS_SATURDAY,
      sunday: e.STORE_HOURS_SUNDAY,
    },
    publicUrl: e.PUBLIC_URL,
  };
}

import type { ShopSettings } from "~/features/settings/shop-settings";

/**
 * The shop's public details, shown in the header, footer, contact page, policies, e-mails and structured
 * data. Built from the shop settings (app/features/settings/shop-settings.ts) and the shop's public address.
 */
export type StoreSettings = {
  name: string;
  email: string;
  phone: string;
  whatsapp: string;
  address: string;
  instagramUrl: string;
  youtubeUrl: string;
  facebookUrl: string | null;
  hours: { weekdays: string; saturday: string; sunday: string };
  legalName: string;
  gstin: string | null;
  grievance: { name: string; email: string; phone: string };
  publicUrl: string;
};

export function storeDetails(s: ShopSettings, publicUrl: string): StoreSettings {
  return {
    name: s.store.name,
    email: s.store.email,
    phone: s.store.phone,
    whatsapp: s.store.whatsapp,
    address: s.store.address,
    instagramUrl: s.social.instagramUrl,
    youtubeUrl: s.social.youtubeUrl,
    facebookUrl: s.social.facebookUrl,
    hours: { weekdays: s.store.hoursWeekdays, saturday: s.store.hoursSaturday, sunday: s.store.hoursSunday },
    legalName: s.legal.legalName,
    gstin: s.legal.gstin,
    grievance: s.grievance,
    publicUrl,
  };
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, "")}`;
}

export function whatsappHref(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

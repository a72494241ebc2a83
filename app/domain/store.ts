/** The shop's public details, shown in the footer, contact page, emails and structured data. */
export type StoreSettings = {
  name: string;
  email: string;
  phone: string;
  whatsapp: string;
  address: string;
  instagramUrl: string;
  youtubeUrl: string;
  hours: { weekdays: string; saturday: string; sunday: string };
  publicUrl: string;
};

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, "")}`;
}

export function whatsappHref(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

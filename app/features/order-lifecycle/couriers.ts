/**
 * Tracking pages of the couriers Indian shops use most, so the shopper's order page can link the tracking
 * number straight to the courier's page. A courier not listed here shows its number without a link.
 */
const TRACKING_PAGES: { match: RegExp; url: (awb: string) => string }[] = [
  { match: /delhivery/i, url: (n) => `https://www.delhivery.com/track-v2/package/${n}` },
  { match: /blue\s*dart/i, url: (n) => `https://www.bluedart.com/tracking?trackFor=0&trackNo=${n}` },
  { match: /shiprocket/i, url: (n) => `https://shiprocket.co/tracking/${n}` },
  { match: /xpress\s*bees/i, url: (n) => `https://www.xpressbees.com/shipment/tracking?awbNo=${n}` },
  { match: /ekart/i, url: (n) => `https://ekartlogistics.com/shipmenttrack/${n}` },
  { match: /dtdc/i, url: (n) => `https://www.dtdc.in/trace.asp?strCnno=${n}` },
  {
    match: /india\s*post|speed\s*post/i,
    url: (n) => `https://www.indiapost.gov.in/VAS/Pages/trackconsignment.aspx?consignment=${n}`,
  },
];

/** The courier's tracking page for this number, or null when we do not know the courier's page. */
export function trackingUrl(courier: string | null, trackingNumber: string | null): string | null {
  if (!courier || !trackingNumber) return null;
  const number = trackingNumber.trim();
  if (!/^[A-Za-z0-9-]{4,40}$/.test(number)) return null;
  const page = TRACKING_PAGES.find((p) => p.match.test(courier));
  return page ? page.url(encodeURIComponent(number)) : null;
}

const inr = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** Whole rupees the Indian way: ₹1,23,456. */
export function formatRupees(amount: number): string {
  return `₹${inr.format(Math.round(amount))}`;
}

/** A rating with one decimal: 4.8 */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

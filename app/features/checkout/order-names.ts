/**
 * How a checkout's orders are named in words (issue 42: a split cart's mail names both naturally). A cart with
 * ready-made and custom signs becomes two orders, made and shipped apart: "order NL1A2B3C4D", "orders
 * NL1A2B3C4D (ready-made signs) and 9F8E7D6C (custom sign)", "orders A, B and C (custom signs)".
 */

export type OrderPart = { id: string; custom: boolean };

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

/** "order X" or "orders X and Y", each part said for what it holds when the parts differ. */
export function orderNames(parts: readonly OrderPart[]): string {
  if (parts.length === 1) return `order ${parts[0]!.id}`;
  const ready = parts.filter((p) => !p.custom);
  const custom = parts.filter((p) => p.custom);
  if (ready.length === 0 || custom.length === 0) return `orders ${list(parts.map((p) => p.id))}`;
  const kind = (ps: OrderPart[], one: string, many: string) =>
    ps.map((p, i) => (i === ps.length - 1 ? `${p.id} (${ps.length === 1 ? one : many})` : p.id));
  return `orders ${list([
    ...kind(ready, "ready-made signs", "ready-made signs"),
    ...kind(custom, "custom sign", "custom signs"),
  ])}`;
}

/** The sentence a split order's mail adds: why there are two, and that they travel apart. */
export function splitNote(parts: readonly OrderPart[]): string | null {
  if (parts.length < 2) return null;
  return (
    "Ready-made and custom signs are made and shipped separately, so your cart became " +
    `${parts.length} orders, each with its own page and tracking.`
  );
}

import { type Errors, Section, TextField, type Values } from "./settings-fields";

const LIMITS: { name: string; label: string; description: string }[] = [
  { name: "maxQtyPerLine", label: "Units per Cart Line", description: "Most units of one cart line." },
  {
    name: "maxQtyPerProduct",
    label: "Units per Product",
    description: "Most units of one product in an order, all sizes together.",
  },
  {
    name: "maxCustomLines",
    label: "Custom Designs per Order",
    description: "Most custom signs in one order.",
  },
  {
    name: "maxOrderTotal",
    label: "Largest Order (₹)",
    description: "Above it the shopper is asked to contact the shop.",
  },
  {
    name: "maxOpenOrdersPerCustomer",
    label: "Waiting Orders per Customer",
    description: "Unpaid or unconfirmed orders one customer may have at once.",
  },
  {
    name: "maxHeldUnitsPerCustomer",
    label: "Units Held per Customer",
    description: "Stock those waiting orders may hold.",
  },
  {
    name: "checkoutRatePerHour",
    label: "Checkouts per Address per Hour",
    description: "Raise it when many shoppers share one network address.",
  },
  {
    name: "paymentHoldMinutes",
    label: "Payment Hold (minutes)",
    description: "How long an unpaid online order keeps its stock (5 to 120).",
  },
  {
    name: "stockSharePercent",
    label: "Share of Stock per Order (%)",
    description:
      "One order may take at most this share of a product's stock (1 to 100), so a few fake orders cannot sell it out.",
  },
  {
    name: "stockShareFloor",
    label: "Units Always Allowed per Order",
    description: "However low the stock, an order may take this many units (within the units per product).",
  },
  {
    name: "lowStockThreshold",
    label: "Low Stock Threshold",
    description: "The dashboard lists products with this many units or fewer in stock.",
  },
];

/** The order limits against stock hoarding and order floods. */
export function LimitsSection(p: { values: Values; errors: Errors }) {
  return (
    <Section
      title="Order Limits"
      description="Limits against stock hoarding and order floods (they apply to new checkouts at once)."
    >
      {LIMITS.map((l) => (
        <TextField
          key={l.name}
          {...p}
          inputMode="numeric"
          name={`limits.${l.name}`}
          label={l.label}
          description={l.description}
        />
      ))}
      <TextField
        {...p}
        inputMode="numeric"
        name="chatOrders.staffDiscountLimit"
        label="Staff Discount Limit (%)"
        description="The most staff may take off an order they make in a chat; above it only the Owner can make the order."
      />
      <TextField
        {...p}
        inputMode="numeric"
        name="chatOrders.payLinkHours"
        label="Pay Link Open (hours)"
        description="How long a staff order's pay link can be paid (1 to 720). One reminder goes before it expires; unpaid, the order is cancelled."
      />
    </Section>
  );
}

import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Mirrors the route table of the storefront spec (section 2).
export default [
  layout("routes/shop/layout.tsx", [
    index("routes/shop/home.tsx"),
    route("products", "routes/shop/products.tsx"),
    route("products/:id", "routes/shop/product.tsx"),
    route("customize", "routes/shop/customize.tsx"),
    route("contact", "routes/shop/contact.tsx"),
    route("checkout", "routes/shop/checkout.tsx"),
    route("order-confirmation", "routes/shop/order-confirmation.tsx"),
    route("*", "routes/shop/not-found.tsx"),
  ]),
  route("api/checkout", "routes/api/checkout.ts"),
  route("api/checkout/quote", "routes/api/checkout-quote.ts"),
  route("api/checkout/verify", "routes/api/checkout-verify.ts"),
  route("api/payments/test-sign", "routes/api/test-gateway-sign.ts"),
  route("api/razorpay/webhook", "routes/api/razorpay-webhook.ts"),
] satisfies RouteConfig;

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
    route("privacy-policy", "routes/shop/privacy-policy.tsx"),
    route("terms-of-service", "routes/shop/terms-of-service.tsx"),
    route("return-policy", "routes/shop/return-policy.tsx"),
    route("shipping-info", "routes/shop/shipping-info.tsx"),
    route("*", "routes/shop/not-found.tsx"),
  ]),
  // Admin: no public header or footer. The /admin layout guards its children, and every admin page,
  // action and resource route checks the session again itself (requireAdmin).
  layout("routes/admin/admin-root.tsx", [
    route("admin/login", "routes/admin/login.tsx"),
    route("admin/logout", "routes/admin/logout.tsx"),
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("bestselling", "routes/admin/bestselling.tsx"),
      route("banners", "routes/admin/banners.tsx"),
      route("purchases", "routes/admin/purchases.tsx"),
      route("custom-neon", "routes/admin/custom-neon.tsx"),
      route("discount-codes", "routes/admin/discount-codes.tsx"),
      route("offers", "routes/admin/offers.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
  route("api/admin/events", "routes/api/admin-events.ts"),
  route("api/admin/orders.csv", "routes/api/admin-orders-csv.ts"),
  route("api/admin/invoices/:documentId", "routes/api/admin-invoice-pdf.ts"),
  // The shopper's invoices (the order page itself, /orders/:token, lives in the shop layout).
  route("orders/:token/invoice", "routes/api/order-invoice-request.ts"),
  route("orders/:token/documents/:documentId", "routes/api/order-document.ts"),
  route("api/events", "routes/api/events.ts"),
  route("api/checkout", "routes/api/checkout.ts"),
  route("api/checkout/quote", "routes/api/checkout-quote.ts"),
  route("api/checkout/verify", "routes/api/checkout-verify.ts"),
  route("api/checkout/release", "routes/api/checkout-release.ts"),
  route("api/payments/test-sign", "routes/api/test-gateway-sign.ts"),
  route("api/razorpay/webhook", "routes/api/razorpay-webhook.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
] satisfies RouteConfig;

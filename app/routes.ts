import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Mirrors the route table of the storefront spec (section 2).
export default [
  layout("routes/shop/layout.tsx", [
    index("routes/shop/home.tsx"),
    route("products", "routes/shop/products.tsx"),
    route("products/:id", "routes/shop/product.tsx"),
    route("customize", "routes/shop/customize.tsx"),
    route("contact", "routes/shop/contact.tsx"),
    route("privacy-policy", "routes/shop/privacy-policy.tsx"),
    route("terms-of-service", "routes/shop/terms-of-service.tsx"),
    route("return-policy", "routes/shop/return-policy.tsx"),
    route("shipping-info", "routes/shop/shipping-info.tsx"),
    route("*", "routes/shop/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
] satisfies RouteConfig;

import { Clock, Mail, MapPin, MessageCircle, Phone, ShieldCheck } from "~/ui/icons";
import { useRouteLoaderData } from "react-router";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { telHref, whatsappHref } from "~/features/settings/store";
import { contactDeliveryAnswer, type DeliveryRules } from "~/features/settings/delivery-promises";
import { pageMeta } from "~/ui/seo";
import { clientLink } from "~/ui/client-navigation";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/contact";
import { openingHours } from "~/features/settings/shop-promises";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact Us",
    description:
      "Get in touch about ready-made or custom LED neon signs: email, call or WhatsApp us. Quotes, orders and support, Mon-Sat.",
    path: "/contact",
  });

/** The questions; the delivery days are the shop settings' (docs/decisions/034). */
const faq = (rules: DeliveryRules) => [
  { q: "How long does delivery take?", a: contactDeliveryAnswer(rules) },
  {
    q: "Do you offer installation?",
    a: "Yes, installation is available in major cities. Every sign also comes with an easy mounting kit.",
  },
  {
    q: "What does the warranty cover?",
    a: "A 12-month warranty covers manufacturing defects and LED failures.",
  },
];

export default function Contact() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const store = root?.store;
  if (!store || !root) return null;
  const channels = [
    {
      icon: Mail,
      title: "Email Us",
      text: "Send us your idea or question and we reply within 24 hours.",
      detail: store.email,
      href: `mailto:${store.email}`,
    },
    {
      icon: Phone,
      title: "Call Us",
      // The store's hours from the settings, as the Business Hours card beside it (issue 42).
      text: openingHours(store.hours),
      detail: store.phone,
      href: telHref(store.phone),
    },
    {
      icon: MessageCircle,
      title: "WhatsApp",
      text: "Chat with us and share photos of your space or design.",
      detail: `+${store.whatsapp}`,
      href: whatsappHref(store.whatsapp, "Hi! I'd like to know more about your neon signs."),
    },
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-12">
      <header className="space-y-3 text-center">
        <h1 className="text-3xl font-extrabold md:text-5xl">
          Get in <span className="neon-text text-primary">Touch</span>
        </h1>
        <p className="mx-auto max-w-2xl text-muted-foreground">
          Have a question, want a quote for a custom sign, or need help with an order? We would love to hear
          from you.
        </p>
      </header>

      <Card>
        <CardHeader className="flex-row items-center gap-3">
          <Clock className="size-6 text-primary" aria-hidden />
          <h2 className="text-xl font-semibold">Business Hours</h2>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 text-muted-foreground sm:grid-cols-3">
            <li>{store.hours.weekdays}</li>
            <li>{store.hours.saturday}</li>
            <li>{store.hours.sunday}</li>
          </ul>
        </CardContent>
      </Card>

      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {channels.map(({ icon: Icon, title, text, detail, href }) => (
          <li key={title}>
            <Card className="flex h-full flex-col text-center">
              <CardHeader className="items-center">
                <Icon className="size-8 text-primary" aria-hidden />
                <h2 className="text-lg font-semibold">{title}</h2>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col items-center gap-3">
                <p className="text-sm text-muted-foreground">{text}</p>
                <p className="break-all font-medium">{detail}</p>
                <Button asChild className="mt-auto w-full">
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`Contact: ${title}`}>
                    Contact
                  </a>
                </Button>
              </CardContent>
            </Card>
          </li>
        ))}
        <li>
          <Card className="flex h-full flex-col text-center">
            <CardHeader className="items-center">
              <MapPin className="size-8 text-primary" aria-hidden />
              <h2 className="text-lg font-semibold">Visit Us</h2>
            </CardHeader>
            <CardContent className="space-y-2">
              <p className="text-sm text-muted-foreground">Our workshop</p>
              <p className="font-medium">{store.address}</p>
            </CardContent>
          </Card>
        </li>
      </ul>

      <Card>
        <CardHeader className="flex-row items-center gap-3">
          <ShieldCheck className="size-6 text-primary" aria-hidden />
          <h2 className="text-xl font-semibold">Grievance Officer</h2>
        </CardHeader>
        <CardContent className="space-y-2 text-muted-foreground">
          <p>
            Not happy with how we handled an order? Raise a complaint: you get a ticket number at once. Our
            grievance officer acknowledges every complaint within 48 hours and resolves it within one month.
          </p>
          <p className="font-medium text-foreground">{store.grievance.name}</p>
          <p className="flex flex-wrap gap-x-6 gap-y-1">
            <a href={`mailto:${store.grievance.email}`} className="underline underline-offset-2">
              {store.grievance.email}
            </a>
            <a href={telHref(store.grievance.phone)} className="underline underline-offset-2">
              {store.grievance.phone}
            </a>
          </p>
          <Button asChild className="mt-2">
            <a {...clientLink("/complaints/new")}>Raise a complaint</a>
          </Button>
          <p className="text-sm">
            {store.legalName}
            {store.gstin ? ` · GSTIN ${store.gstin}` : null} · {store.address}
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Frequently Asked Questions</h2>
        </CardHeader>
        <CardContent>
          <dl className="space-y-4">
            {faq(root.shipping).map((f) => (
              <div key={f.q}>
                <dt className="font-medium">{f.q}</dt>
                <dd className="text-sm text-muted-foreground">{f.a}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

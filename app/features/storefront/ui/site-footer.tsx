import { Mail, MapPin, Phone } from "~/ui/icons";
import { telHref, type StoreSettings } from "~/features/settings/store";
import { clientLink } from "~/ui/client-navigation";

export function SiteFooter({ store, year }: { store: StoreSettings; year: number }) {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="neon-text text-xl font-extrabold text-primary">{store.name}</p>
          <p className="text-sm text-muted-foreground">
            Handcrafted LED neon signs made in India: ready-made designs and custom signs for homes, cafes,
            gaming rooms and weddings, delivered across the country.
          </p>
        </div>
        <div className="space-y-3">
          <h2 className="font-semibold">Contact</h2>
          <ul className="space-y-2 text-sm text-muted-foreground">
            <li className="flex items-center gap-2">
              <Mail className="size-4" aria-hidden />
              <a href={`mailto:${store.email}`} className="hover:text-foreground">
                {store.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone className="size-4" aria-hidden />
              <a href={telHref(store.phone)} className="hover:text-foreground">
                {store.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="size-4" aria-hidden />
              <span>{store.address}</span>
            </li>
          </ul>
        </div>
        <nav aria-label="Quick links" className="space-y-3">
          <h2 className="font-semibold">Quick Links</h2>
          <ul className="space-y-2 text-sm text-muted-foreground">
            <li>
              <a {...clientLink("/products")} className="hover:text-foreground">
                Products
              </a>
            </li>
            <li>
              <a {...clientLink("/customize")} className="hover:text-foreground">
                Customize Your Neon
              </a>
            </li>
            <li>
              <a {...clientLink("/contact")} className="hover:text-foreground">
                Contact
              </a>
            </li>
            <li>
              <a {...clientLink("/orders")} className="hover:text-foreground">
                Find my order
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="space-y-3">
          <h2 className="font-semibold">Legal</h2>
          <ul className="space-y-2 text-sm text-muted-foreground">
            <li>
              <a {...clientLink("/privacy-policy")} className="hover:text-foreground">
                Privacy Policy
              </a>
            </li>
            <li>
              <a {...clientLink("/my-data")} className="hover:text-foreground">
                My data
              </a>
            </li>
            <li>
              <a {...clientLink("/terms-of-service")} className="hover:text-foreground">
                Terms of Service
              </a>
            </li>
            <li>
              <a {...clientLink("/return-policy")} className="hover:text-foreground">
                Return Policy
              </a>
            </li>
            <li>
              <a {...clientLink("/shipping-info")} className="hover:text-foreground">
                Shipping Info
              </a>
            </li>
            <li>
              <a {...clientLink("/review-policy")} className="hover:text-foreground">
                Review Policy
              </a>
            </li>
            <li>
              <a {...clientLink("/complaints/new")} className="hover:text-foreground">
                Raise a complaint
              </a>
            </li>
            <li className="space-y-0.5">
              <span className="block">Grievance Officer: {store.grievance.name}</span>
              <a href={`mailto:${store.grievance.email}`} className="block py-0.5 hover:text-foreground">
                {store.grievance.email}
              </a>
              <a href={telHref(store.grievance.phone)} className="block py-0.5 hover:text-foreground">
                {store.grievance.phone}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row">
          <div className="space-y-1 text-center sm:text-left">
            <p>
              © {year} {store.name}. All rights reserved.
            </p>
            <p className="text-xs">
              {store.legalName}
              {store.gstin ? ` · GSTIN ${store.gstin}` : null}
            </p>
          </div>
          <div className="flex gap-4">
            <a
              href={store.instagramUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="hover:text-foreground"
            >
              Instagram
            </a>
            <a
              href={store.youtubeUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="hover:text-foreground"
            >
              YouTube
            </a>
            {store.facebookUrl ? (
              <a
                href={store.facebookUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="hover:text-foreground"
              >
                Facebook
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </footer>
  );
}

import { useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  type LinksFunction,
} from "react-router";
// The stylesheet by its URL, drawn with a precedence: React then sends it before the scripts' preloads, so the
// page's only render-blocking file is asked for first (it came after 12-25 module preloads).
import appCss from "./app.css?url";
import { ErrorPageBody } from "~/ui/error-page";
import { ImageBaseProvider } from "~/ui/image-base";
import { startVitalsAfterLoad } from "~/features/site-speed/ui/vitals-start";
import { publicImageBase } from "~/platform/storage/object-store.server";
import { env } from "~/platform/env.server";
import { loadPublicSettings } from "~/features/settings/store-settings.server";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader() {
  // The shop settings every page shows (header, footer, contact, policies, checkout): the same fresh copy.
  return data({
    ...(await loadPublicSettings()),
    imageBase: publicImageBase(),
    year: new Date().getFullYear(),
    vitalsSampleRate: env().VITALS_SAMPLE_RATE,
  });
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN" className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0b14" />
        <link rel="stylesheet" href={appCss} precedence="app" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { imageBase, vitalsSampleRate } = useLoaderData<typeof loader>();
  // Marks the document once React has taken over (browser tests wait for it before typing).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // Real-user Core Web Vitals for a sample of storefront loads, loaded after the page (never on its path).
  useEffect(() => startVitalsAfterLoad(vitalsSampleRate), [vitalsSampleRate]);
  return (
    <ImageBaseProvider base={imageBase}>
      <Outlet />
    </ImageBaseProvider>
  );
}

/** Last-resort error page: a friendly message, never a stack trace. */
export function ErrorBoundary() {
  return (
    <main>
      <ErrorPageBody
        error={useRouteError()}
        className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center"
      />
    </main>
  );
}

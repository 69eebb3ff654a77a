// The document, the app-wide providers and behaviours (language, analytics, build check), and the
// top error boundary.
import { lazy, Suspense, useEffect, useState } from "react";
import { lazyPart } from "./lib/lazy-part";
import { documentLocale, loadTextAreas, PageTexts, TextsProvider } from "./lib/i18n";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRevalidator,
} from "react-router";
import { fallbackLocale } from "../contract/locale";
import { rootData } from "./lib/root-data.server";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
// Bundled on its own, with nothing of React in it (ADR 011).
import lightScript from "./light/visitor-script.ts?worker&url";
import interFont from "./fonts/inter-latin-wght-normal.woff2?url";
import literataFont from "./fonts/literata-latin-wght-normal.woff2?url";
import { ErrorPage } from "./components/error-page";
import { SiteFooter, SiteHeader, SkipLink } from "./components/site-header";
import { ToastProvider } from "./components/toast";
import { initAnalytics, trackPageLeave, trackPageView } from "./lib/analytics";
import { isLightPage } from "./lib/light-page";
import { configureApi, refreshAfterWrites } from "./lib/api";
import { ConsentProvider } from "./lib/consent";
import { initialiseAuth } from "./lib/auth";
import { forceFullLoad, isNewerBuildSeen, startBuildCheck } from "./lib/build-check";
import { useNonce } from "./lib/nonce";
import { useRootData, type RootData } from "./lib/root-data";
import { pageViewerMiddleware } from "./rules/viewer.server";

export const links: Route.LinksFunction = () => [
  // The two faces every page draws on its first paint (app.css), fetched beside the stylesheet rather
  // than after it is parsed. crossOrigin is required: fonts are always fetched in CORS mode, and a
  // preload without it is fetched twice.
  ...[interFont, literataFont].map(
    (href) => ({ rel: "preload", as: "font", type: "font/woff2", href, crossOrigin: "anonymous" }) as const,
  ),
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [pageViewerMiddleware];

export async function loader(args: Route.LoaderArgs): Promise<RootData> {
  return rootData(args);
}

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  // A newer build is out: this navigation loads the target as a full page (guarded against loops).
  async ({ request }, next) => {
    if (isNewerBuildSeen() && forceFullLoad(request.url)) {
      await new Promise<never>(() => {});
    }
    return next();
  },
  // The texts the target's screens show, in the page's language, before they render.
  async ({ request }, next) => {
    await loadTextAreas(documentLocale(), new URL(request.url).pathname);
    return next();
  },
];

// Shown on some loads only (a first visit; a test-mode site): their code is fetched when they show.
const ConsentBanner = lazyPart("consent-banner", () =>
  import("./components/consent-choice").then((m) => m.ConsentBanner),
);
const TestModeRibbon = lazy(() =>
  import("./components/test-mode-ribbon").then((m) => ({ default: m.TestModeRibbon })),
);

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const locale = data?.locale ?? fallbackLocale;
  const nonce = useNonce();
  const light = isLightPage(data?.viewer ?? null, useMatches());
  // The static copy is served by any plain host: no script of ours, no analytics (ADR 046).
  const staticCopy = data?.staticCopy === true;
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3a36" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        <TextsProvider locale={locale}>
          {data?.config.testMode && !staticCopy && (
            <Suspense>
              <TestModeRibbon />
            </Suspense>
          )}
          {children}
        </TextsProvider>
        {staticCopy ? null : light ? (
          <script
            src={lightScript}
            nonce={nonce}
            defer
            data-analytics-key={data?.config.posthogKey ?? undefined}
            data-analytics-host={data?.config.posthogHost}
            data-analytics-consent={data?.consent ?? undefined}
          />
        ) : (
          <>
            <PageTexts locale={locale} nonce={nonce} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { buildId } = loaderData;
  // The answer as the page was loaded: analytics starts in that mode; later answers apply themselves.
  const [initialConsent] = useState(loaderData.consent);
  // The viewer as the page was rendered: the browser's auth state starts from it (asked once).
  const [initialViewer] = useState(loaderData.viewer);
  const { apiBaseUrl, posthogKey, posthogHost } = loaderData.config;
  const location = useLocation();
  const fullPath = location.pathname + location.search + location.hash;

  useEffect(() => {
    configureApi(apiBaseUrl);
    void initialiseAuth(initialViewer);
    void initAnalytics({ key: posthogKey, host: posthogHost, consent: initialConsent });
    const stopBuildCheck = startBuildCheck(buildId);
    const onLeave = () => trackPageLeave();
    window.addEventListener("beforeunload", onLeave);
    window.addEventListener("pagehide", onLeave);
    return () => {
      stopBuildCheck();
      window.removeEventListener("beforeunload", onLeave);
      window.removeEventListener("pagehide", onLeave);
    };
    // Primitives only: a revalidated root loader must not restart the hourly check.
  }, [apiBaseUrl, posthogKey, posthogHost, buildId, initialConsent, initialViewer]);

  useEffect(() => {
    trackPageView(fullPath);
  }, [fullPath]);

  return (
    <ToastProvider>
      <RefreshAfterWrites />
      <ConsentProvider initial={loaderData.consent} analyticsOn={posthogKey !== null}>
        <Outlet />
        {loaderData.consent === null && !loaderData.staticCopy && (
          <Suspense>
            <ConsentBanner />
          </Suspense>
        )}
      </ConsentProvider>
    </ToastProvider>
  );
}

/**
 * Gives the API client the router's revalidation: a write loads the data of the page on screen again.
 * A component of its own, as the hook re-renders its holder whenever the router's state changes.
 */
function RefreshAfterWrites() {
  const { revalidate } = useRevalidator();
  useEffect(() => refreshAfterWrites(revalidate), [revalidate]);
  return null;
}

// Reached when the root itself fails (its loader or middleware) or a layout's own boundary does; a
// page's 404 or 500 renders in its layout's boundary instead (app/lib/not-found.ts). No layout is left
// to frame the view here, so it gets the site's header and footer itself.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none">
        <ErrorPage error={error} />
      </main>
      <SiteFooter />
    </div>
  );
}

// Hydrates the server-rendered page into the single-page app and installs the error hook.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reportClientError } from "./lib/error-hook";
import { documentLocale, loadTextAreas, PageTextsProvider, readPageTexts } from "./lib/i18n";
import { NonceProvider } from "./lib/nonce";
import { loadRenderedParts } from "./lib/lazy-part";
import { installNavigationRecovery, navigationTracking } from "./lib/navigation-recovery";

window.addEventListener("error", (event) => reportClientError(event.error ?? event.message, "window", false));
window.addEventListener("unhandledrejection", (event) => reportClientError(event.reason, "promise", false));
installNavigationRecovery();

// The nonce the server gave this page: browsers hide the attribute but keep the property. Rendering
// with the same value keeps hydration quiet about it.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

// The texts the page shows came in its HTML; a page without them has its path's loaded first.
// The files of the lazy parts the HTML holds come first too, so a press right after hydration works.
const pageTexts = readPageTexts();
void Promise.all([
  pageTexts ? undefined : loadTextAreas(documentLocale(), window.location.pathname),
  loadRenderedParts(),
]).then(() => startTransition(hydrate));

function hydrate() {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceProvider value={nonce}>
        <PageTextsProvider value={() => pageTexts}>
          <HydratedRouter
            instrumentations={[navigationTracking]}
            onError={(error) => reportClientError(error, "router", true)}
          />
        </PageTextsProvider>
      </NonceProvider>
    </StrictMode>,
    {
      onUncaughtError: (error) => reportClientError(error, "render", true),
    },
  );
}

// Hydrates the server-rendered page into the single-page app and installs the error hook.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { fallbackLocale, isLocale } from "../contract/locale";
import { reportClientError } from "./lib/error-hook";
import { loadTexts } from "./lib/i18n";
import { NonceProvider } from "./lib/nonce";
import { installNavigationRecovery, navigationTracking } from "./lib/navigation-recovery";

window.addEventListener("error", (event) => reportClientError(event.error ?? event.message, "window", false));
window.addEventListener("unhandledrejection", (event) => reportClientError(event.reason, "promise", false));
installNavigationRecovery();

// The nonce the server gave this page: browsers hide the attribute but keep the property. Rendering
// with the same value keeps hydration quiet about it.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

// Only the page's language's texts are fetched (a file of their own), before the page is hydrated.
const lang = document.documentElement.lang;
void loadTexts(isLocale(lang) ? lang : fallbackLocale).then(() => startTransition(hydrate));

function hydrate() {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceProvider value={nonce}>
        <HydratedRouter
          instrumentations={[navigationTracking]}
          onError={(error) => reportClientError(error, "router", true)}
        />
      </NonceProvider>
    </StrictMode>,
    {
      onUncaughtError: (error) => reportClientError(error, "render", true),
    },
  );
}

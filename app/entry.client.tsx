// Hydrates the server-rendered page into the single-page app and installs the error hook.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reportClientError } from "./lib/error-hook";
import { installNavigationRecovery, navigationTracking } from "./lib/navigation-recovery";

window.addEventListener("error", (event) => reportClientError(event.error ?? event.message, "window", false));
window.addEventListener("unhandledrejection", (event) => reportClientError(event.reason, "promise", false));
installNavigationRecovery();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter
        instrumentations={[navigationTracking]}
        onError={(error) => reportClientError(error, "router", true)}
      />
    </StrictMode>,
    {
      onUncaughtError: (error) => reportClientError(error, "render", true),
    },
  );
});

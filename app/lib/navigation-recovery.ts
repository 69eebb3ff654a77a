// When a page's code cannot be loaded during a client navigation (usually: a new build removed the
// old files), React Router reloads the page it is on. We load the target route instead, at most once
// per 10 s guard, using the Navigation API where the browser has it.
import type { ClientInstrumentation } from "react-router";
import { claimForcedLoad } from "./build-check";

let pendingTarget: string | null = null;

/** Router instrumentation: notes the target of a navigation from the moment it starts. */
export const navigationTracking: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      navigate: async (navigate, { to }) => {
        if (typeof to === "string") pendingTarget = to;
        try {
          await navigate();
        } finally {
          if (pendingTarget === to) pendingTarget = null;
        }
      },
    });
  },
};

type NavigateEventLike = Event & { navigationType: string; cancelable: boolean };
type NavigationLike = EventTarget;

export function installNavigationRecovery(): void {
  const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
  if (!navigation) return;
  navigation.addEventListener("navigate", (event) => {
    const navigate = event as NavigateEventLike;
    if (navigate.navigationType !== "reload" || !pendingTarget || !navigate.cancelable) return;
    const target = new URL(pendingTarget, window.location.origin).href;
    pendingTarget = null;
    navigate.preventDefault();
    if (claimForcedLoad()) window.location.assign(target);
  });
}

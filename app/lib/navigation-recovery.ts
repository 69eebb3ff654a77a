// When a page's code cannot be loaded during a client navigation (usually: a new build removed the
// old files), React Router reloads the page it is on. We load the target route instead, at most once
// per 10 s guard, using the Navigation API where the browser has it.
import { claimForcedLoad } from "./build-check";

let pendingTarget: string | null = null;

/** The root keeps this up to date from the router's navigation state. */
export function setPendingNavigation(target: string | null): void {
  pendingTarget = target;
}

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

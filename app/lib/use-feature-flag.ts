// A component's view of one feature flag; re-renders when flags load. Undefined on the server and
// until flags arrive, so the server's HTML and the first browser render agree.
import { useCallback, useSyncExternalStore } from "react";
import { isFeatureEnabled, onFeatureFlags } from "./analytics";

export function useFeatureFlag(flag: string): boolean | undefined {
  const snapshot = useCallback(() => isFeatureEnabled(flag), [flag]);
  return useSyncExternalStore(onFeatureFlags, snapshot, () => undefined);
}

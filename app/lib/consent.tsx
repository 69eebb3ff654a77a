// The visitor's answer to the analytics question, for the banner and the privacy page (ADR 016). The
// server reads the cookie for the first render; an answer given here is saved by the server, applied
// to analytics at once, and shared by every component that shows the question.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { AnalyticsConsent } from "../../contract/consent";
import { applyAnalyticsConsent } from "./analytics";
import { api } from "./api";

type ConsentState = {
  /** Whether the site has analytics at all (a key is configured); without it nothing is asked. */
  analyticsOn: boolean;
  consent: AnalyticsConsent | null;
  /** Saves the answer (throws when the server could not) and applies it. */
  answer: (consent: AnalyticsConsent) => Promise<void>;
};

const ConsentContext = createContext<ConsentState | null>(null);

/** The answer, or null outside the app's provider (a page rendered by the root's error boundary). */
export function useAnalyticsConsent(): ConsentState | null {
  return useContext(ConsentContext);
}

export function ConsentProvider({
  initial,
  analyticsOn,
  children,
}: {
  initial: AnalyticsConsent | null;
  analyticsOn: boolean;
  children: ReactNode;
}) {
  const [consent, setConsent] = useState(initial);
  const answer = useCallback(async (next: AnalyticsConsent) => {
    await api.post("/preferences/analytics-consent", { body: { consent: next } });
    setConsent(next);
    applyAnalyticsConsent(next);
  }, []);
  const value = useMemo(() => ({ analyticsOn, consent, answer }), [analyticsOn, consent, answer]);
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

// The analytics question: the banner on a first visit, and the same choice on the privacy page. Both
// are plain forms that post to the server, so they work on the light public page without JavaScript;
// in the app the answer is sent by script and applied without a reload. Accept and decline are the
// same size and weight: neither is the easy way out.
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "../lib/i18n";
import { Link, useLocation } from "react-router";
import { isAnalyticsConsent, type AnalyticsConsent } from "../../contract/consent";
import { useAnalyticsConsent } from "../lib/consent";
import { apiFormAction } from "../lib/api";
import { buttonClass } from "./button";
import { Card } from "./card";

function ConsentForm({
  onAnswered,
  current,
}: {
  onAnswered?: () => void;
  current?: AnalyticsConsent | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const state = useAnalyticsConsent();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    const value = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    if (!state || !isAnalyticsConsent(value)) return;
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await state.answer(value);
      onAnswered?.();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const choice = (value: AnalyticsConsent) => (
    <button
      type="submit"
      name="consent"
      value={value}
      disabled={busy}
      aria-pressed={current === undefined ? undefined : current === value}
      className={buttonClass(current === value ? "primary" : "secondary", "min-w-28 flex-1 sm:flex-none")}
    >
      {t(`consent.${value}`)}
    </button>
  );

  return (
    <form
      method="post"
      action={apiFormAction("/preferences/analytics-consent")}
      onSubmit={(event) => void submit(event)}
      aria-busy={busy || undefined}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search + location.hash} />
      <div className="flex flex-wrap gap-2">
        {choice("granted")}
        {choice("denied")}
      </div>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {t("consent.failed")}
        </p>
      )}
    </form>
  );
}

/** Shown until the visitor answers, on every page, when the site has analytics. */
export function ConsentBanner() {
  const { t } = useTranslation();
  const state = useAnalyticsConsent();
  const titleId = useId();
  if (!state?.analyticsOn || state.consent !== null) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="sticky inset-x-0 bottom-0 z-40 p-3 sm:p-4 print:hidden"
      data-testid="consent-banner"
    >
      <Card className="mx-auto flex max-w-3xl flex-col gap-3 p-4 shadow-lg sm:flex-row sm:items-end sm:justify-between sm:gap-6">
        <div className="text-sm">
          <h2 id={titleId} className="font-semibold text-ink">
            {t("consent.title")}
          </h2>
          <p className="mt-1 text-muted">
            {t("consent.body")}{" "}
            <Link to="/privacy#analytics" className="text-brand underline underline-offset-4">
              {t("consent.readMore")}
            </Link>
          </p>
        </div>
        <div className="shrink-0">
          <ConsentForm />
        </div>
      </Card>
    </section>
  );
}

/** The choice on the privacy page: what is chosen now, and both answers to change it. */
export function ConsentSetting() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  // The root's provider holds the answer the server read from the cookie, and any given since.
  const current = useAnalyticsConsent()?.consent ?? null;
  const statusKey = current === null ? "unanswered" : current;
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink" data-testid="consent-status">
        {t(`consent.status.${statusKey}`)}
      </p>
      <ConsentForm current={current} onAnswered={() => setSaved(true)} />
      <p role="status" className="min-h-5 text-sm text-success">
        {saved ? t("consent.saved") : ""}
      </p>
    </div>
  );
}

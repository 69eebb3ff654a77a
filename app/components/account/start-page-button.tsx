// The "Start a page" button of a signed-in customer ("/" and /account): makes the page and opens its
// walkthrough; a refusal (the account's limit) is said here, where the button was pressed.
import { useState } from "react";
import { useSearchParams } from "react-router";
import { referralQueryParameter } from "../../../contract/partner-links";
import { failureOf, type Failure } from "../../lib/failure";
import { useTranslation } from "../../lib/i18n";
import { startPage } from "../../lib/start-page";
import { Button } from "../button";
import { FailureAlert } from "../form-alert";

export function StartPageButton({
  label,
  variant = "primary",
}: {
  label?: string;
  variant?: "primary" | "secondary";
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function start() {
    setBusy(true);
    setFailure(null);
    try {
      // A full load: the page opens as its owner's, with the account's pages known afresh.
      window.location.assign(await startPage(searchParams.get(referralQueryParameter)));
    } catch (error) {
      setFailure(failureOf(error));
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col">
      <Button variant={variant} busy={busy} onClick={() => void start()} data-testid="start-page">
        {busy ? t("auth.start.busy") : (label ?? t("auth.start.startPage"))}
      </Button>
      {/* Present before anything is said in it, so a screen reader hears the refusal. */}
      <div aria-live="polite">
        {failure && (
          <div className="mt-3">
            <FailureAlert failure={failure} />
          </div>
        )}
      </div>
    </div>
  );
}

// Before an account is deleted (ADR 045): each owned page's keepsake to download while the page is
// still there, and the links e-mailed on request. The deletion itself still waits for the password.
import { useState } from "react";
import { keepsakePagePath } from "../../../contract/keepsake-values";
import { api, apiHref } from "../../lib/api";
import { failureOf, type Failure } from "../../lib/failure";
import { useTranslation } from "../../lib/i18n";
import { Alert } from "../alert";
import { Button } from "../button";
import { FailureAlert } from "../form-alert";

export function KeepsakeBeforeDeletion({ pages }: { pages: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "busy" | "sent">("idle");
  const [failure, setFailure] = useState<Failure | null>(null);
  if (pages.length === 0) return null;
  const send = async () => {
    setState("busy");
    setFailure(null);
    try {
      await api.post("/kammare/keepsake/links", { body: {} });
      setState("sent");
    } catch (error) {
      setFailure(failureOf(error));
      setState("idle");
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-surface p-4">
      <p className="text-sm font-medium text-ink">{t("account.delete.keepsakeFirst")}</p>
      <ul className="flex flex-col gap-1 text-sm">
        {pages.map((page) => (
          <li key={page.id} className="flex flex-wrap items-baseline gap-x-3">
            <a
              className="underline"
              href={apiHref("/kammare/keepsake", { query: { profileId: page.id } })}
              download
            >
              {t("account.delete.keepsakeOf", { name: page.name || page.id })}
            </a>
            <a className="text-muted underline" href={keepsakePagePath(page.id)}>
              {page.id}
            </a>
          </li>
        ))}
      </ul>
      {state === "sent" ? (
        <Alert tone="success">{t("account.delete.keepsakeSent")}</Alert>
      ) : (
        <div>
          <Button type="button" variant="secondary" busy={state === "busy"} onClick={() => void send()}>
            {t("account.delete.keepsakeEmail")}
          </Button>
        </div>
      )}
      {failure && <FailureAlert failure={failure} />}
    </div>
  );
}

// The owner's (or an editor's) own choice, under their page: an e-mail a week before the birthday, the
// day of death and the ceremony (POST /api/kammare/anniversary-reminders). Saved as soon as it is
// ticked, with what came of it said beside it; someone who does not keep the page sees nothing.
import { useEffect, useId, useState } from "react";
import { api, ApiError } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { Alert } from "../alert";
import { Button } from "../button";
import { CheckboxField } from "../checkbox-field";
import { Card } from "../card";

type State =
  | { state: "loading" }
  | { state: "loadFailed" }
  | { state: "hidden" }
  | { state: "ready"; on: boolean; saving: boolean; outcome: "savedOn" | "savedOff" | "failed" | null };

export function AnniversaryReminders({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [view, setView] = useState<State>({ state: "loading" });

  // Loaded once per page shown, and again on "Try again" (attempt).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    api.get("/kammare/anniversary-reminders", { query: { profileId } }).then(
      (answer) => {
        if (current) setView({ state: "ready", on: answer.on, saving: false, outcome: null });
      },
      (error: unknown) => {
        // Not theirs to be reminded of (an admin looking at someone's page): nothing to show.
        const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
        if (current) setView(refused ? { state: "hidden" } : { state: "loadFailed" });
      },
    );
    return () => {
      current = false;
    };
  }, [profileId, attempt]);
  const load = () => {
    setView({ state: "loading" });
    setAttempt((count) => count + 1);
  };

  async function change(on: boolean) {
    setView({ state: "ready", on, saving: true, outcome: null });
    try {
      const answer = await api.post("/kammare/anniversary-reminders", { body: { profileId, on } });
      setView({ state: "ready", on: answer.on, saving: false, outcome: answer.on ? "savedOn" : "savedOff" });
    } catch {
      setView({ state: "ready", on: !on, saving: false, outcome: "failed" });
    }
  }

  if (view.state === "hidden") return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto w-full max-w-3xl px-4 pt-6 print:hidden"
      data-testid="anniversary-reminders"
    >
      <Card className="flex flex-col gap-2 p-5">
        <h2 id={headingId} className="text-xl font-semibold text-brand">
          {t("reminders.anniversary.heading")}
        </h2>
        {view.state === "loadFailed" ? (
          <Alert tone="error" title={t("reminders.anniversary.loadFailed")}>
            <Button variant="secondary" className="mt-2" onClick={load}>
              {t("reminders.anniversary.retry")}
            </Button>
          </Alert>
        ) : (
          <div aria-busy={view.state === "loading" || view.saving || undefined}>
            <CheckboxField
              label={t("reminders.anniversary.label")}
              hint={t("reminders.anniversary.hint")}
              name="anniversaryReminders"
              checked={view.state === "ready" && view.on}
              disabled={view.state === "loading" || view.saving}
              onChange={(event) => void change(event.target.checked)}
            />
          </div>
        )}
        <div aria-live="polite" className="text-sm empty:hidden">
          {view.state === "loading" && <p className="text-muted">{t("reminders.anniversary.loading")}</p>}
          {view.state === "ready" && view.saving && (
            <p className="text-muted">{t("reminders.anniversary.saving")}</p>
          )}
          {view.state === "ready" && (view.outcome === "savedOn" || view.outcome === "savedOff") && (
            <p className="font-medium text-success" data-testid="anniversary-reminders-saved">
              {t(`reminders.anniversary.${view.outcome}`)}
            </p>
          )}
        </div>
        {view.state === "ready" && view.outcome === "failed" && (
          <Alert tone="error" title={t("reminders.anniversary.failed")} />
        )}
      </Card>
    </section>
  );
}

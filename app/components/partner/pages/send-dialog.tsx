// The partner's pages screen (app/routes/partner/pages.tsx): SendDialog.
import { useId, useState, type FormEvent } from "react";
import type { PartnerPage } from "../../../../contract/partner-pages";
import { invitationNoteMaxLength } from "../../../../contract/family-values";
import { Alert } from "../../alert";
import { Button } from "../../button";
import { CheckboxField } from "../../checkbox-field";
import { Dialog } from "../../dialog";
import { TextArea } from "../../text-area";
import { TextField } from "../../text-field";
import { api } from "../../../lib/api";
import { failureOf, type Failure } from "../../../lib/failure";
import { useTranslation } from "../../../lib/i18n";
import { refusalText } from "../../../lib/refusal";

/** The dialog that e-mails a family the claim link of one page, with a note and the trial gift. */
export function SendDialog({
  page,
  organisation,
  extendedTrialDays,
  onClose,
  onSent,
}: {
  page: PartnerPage | null;
  organisation: string;
  extendedTrialDays: number;
  onClose: () => void;
  onSent: (email: string) => void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [note, setNote] = useState("");
  const [extendedTrial, setExtendedTrial] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; note?: string }>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const formId = useId();
  // A new page opened: the form starts from what that page was last sent with.
  if ((page?.id ?? null) !== shown) {
    setShown(page?.id ?? null);
    setEmail(page?.sentTo ?? "");
    setNote(page?.note ?? "");
    setExtendedTrial(page?.extendedTrial ?? false);
    setErrors({});
    setFailure(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!page) return;
    const typed = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) {
      setErrors({ email: t("partner.errors.emailInvalid") });
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await api.post("/partner/pages/{id}/send", {
        params: { id: page.id },
        body: { email: typed, note: note.trim() || undefined, extendedTrial },
      });
      onSent(typed);
    } catch (caught) {
      const found = failureOf(caught);
      if (found.fields.email) setErrors({ email: t("partner.errors.emailInvalid") });
      else if (found.fields.note) setErrors({ note: t("partner.pages.sendForm.noteTooLong") });
      else setFailure(found);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={page !== null}
      title={page ? t("partner.pages.sendForm.heading", { id: page.id }) : ""}
      onClose={onClose}
    >
      <form id={formId} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-muted">{t("partner.pages.sendForm.lead", { organisation })}</p>
        <TextField
          label={t("partner.pages.sendForm.email")}
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextArea
          label={t("partner.pages.sendForm.note")}
          hint={t("partner.pages.sendForm.noteHint", { max: invitationNoteMaxLength })}
          name="note"
          rows={4}
          maxLength={invitationNoteMaxLength}
          value={note}
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />
        <CheckboxField
          label={t("partner.pages.make.extendedTrial", { days: extendedTrialDays })}
          checked={extendedTrial}
          onChange={(event) => setExtendedTrial(event.target.checked)}
        />
        {failure && (
          <Alert tone="error" title={t("partner.pages.sendForm.failed")}>
            {refusalText(t, failure)}
          </Alert>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={busy}>
            {busy ? t("partner.pages.sendForm.busy") : t("partner.pages.sendForm.submit")}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("partner.pages.sendForm.cancel")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

// The owner's two e-mail forms of a page's Family panel (issue 25): inviting an editor (within the
// page's ten seats) and handing the page over, after a confirmation that says what happens.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { api } from "../../lib/api";
import { failureOf } from "../../lib/failure";
import { emailProblem } from "../../lib/validate";
import { familyMessages } from "../../../contract/family-messages";
import { invitationDays } from "../../../contract/family-values";
import { Alert } from "../alert";
import { Button } from "../button";
import { Dialog } from "../dialog";
import { TextField } from "../text-field";
import { useToast } from "../toast";
import { SubHeading, type People } from "./family-parts";

/** The text key for a refusal the API answered, by its message (the domain's own words). */
function refusalKey(error: unknown): string {
  const message = (error as { data?: { error?: { message?: string } } } | null)?.data?.error?.message;
  if (message === familyMessages.yourself) return "family.errors.yourself";
  if (message === familyMessages.alreadyEditor) return "family.errors.alreadyEditor";
  if (message === familyMessages.tooMany) return "family.errors.tooMany";
  return "family.errors.generic";
}

/** An e-mail field with its check, and the send that may fail with a refusal the API names. */
function useEmailForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const check = () => {
    const problem = emailProblem(email);
    setError(problem ? t(problem) : undefined);
    return !problem;
  };
  return { email, setEmail, error, setError, busy, setBusy, check };
}

export function InviteForm({ people, reload }: { people: People; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useEmailForm();
  const taken =
    people.editors.length + people.invitations.filter((row) => row.kind === "editor" && !row.expired).length;
  const full = taken >= people.maxEditors;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    form.setBusy(true);
    try {
      const answer = await api.post("/kammare/invitations", {
        body: { profileId: people.profileId, email: form.email.trim(), kind: "editor" },
      });
      toast.show({
        title: t(answer.replaced ? "family.reinvited" : "family.invited", { email: answer.invitation.email }),
      });
      form.setEmail("");
      await reload();
    } catch (error) {
      const failure = failureOf(error);
      form.setError(
        failure.code === "invalid_request"
          ? t("validation.email")
          : t(refusalKey(error), { max: people.maxEditors }),
      );
    } finally {
      form.setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <SubHeading>{t("family.inviteHeading")}</SubHeading>
      <p className="text-sm text-muted">{t("family.seats", { count: taken, max: people.maxEditors })}</p>
      {full ? (
        <Alert tone="info">{t("family.full", { max: people.maxEditors })}</Alert>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label={t("family.inviteEmail")}
            hint={t("family.inviteHint", { days: invitationDays })}
            type="email"
            name="invite-email"
            autoComplete="off"
            required
            value={form.email}
            onChange={(event) => form.setEmail(event.target.value)}
            error={form.error}
            className="min-w-0 flex-1"
          />
          <Button type="submit" busy={form.busy} className="sm:mt-7">
            {form.busy ? t("family.inviteBusy") : t("family.inviteSubmit")}
          </Button>
        </div>
      )}
    </form>
  );
}

export function HandOver({ people, reload }: { people: People; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useEmailForm();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  function ask(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setFailed(null);
    setConfirming(true);
  }

  async function send() {
    form.setBusy(true);
    setFailed(null);
    try {
      const answer = await api.post("/kammare/invitations", {
        body: { profileId: people.profileId, email: form.email.trim(), kind: "handover" },
      });
      setConfirming(false);
      toast.show({ title: t("family.handoverSent", { email: answer.invitation.email }) });
      form.setEmail("");
      await reload();
    } catch (error) {
      setFailed(t(refusalKey(error), { max: people.maxEditors }));
    } finally {
      form.setBusy(false);
    }
  }

  const email = form.email.trim();
  return (
    <form noValidate onSubmit={ask} className="flex flex-col gap-3 border-t border-line pt-5">
      <SubHeading>{t("family.handoverHeading")}</SubHeading>
      <p className="text-sm text-muted">{t("family.handoverLead")}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={t("family.handoverEmail")}
          type="email"
          name="handover-email"
          autoComplete="off"
          required
          value={form.email}
          onChange={(event) => form.setEmail(event.target.value)}
          error={form.error}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" className="sm:mt-7">
          {t("family.handoverSubmit")}
        </Button>
      </div>
      <Dialog
        open={confirming}
        title={t("family.handoverTitle", { email })}
        onClose={() => setConfirming(false)}
      >
        <div className="flex flex-col gap-3">
          <p>{t("family.handoverWhat", { email })}</p>
          <p>{t("family.handoverYou")}</p>
          <p>{t("family.handoverPaid")}</p>
          {failed && <Alert tone="error" title={failed} />}
          <div className="mt-1 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("family.cancel")}
            </Button>
            <Button busy={form.busy} onClick={() => void send()}>
              {t("family.handoverConfirm")}
            </Button>
          </div>
        </div>
      </Dialog>
    </form>
  );
}

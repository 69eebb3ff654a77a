// The owner's two e-mail forms of a page's Family panel (ADR 029): inviting an editor (within the
// page's ten seats) and handing the page over, after a confirmation that says what happens. Each is
// signed with the owner's name (accounts have none: the last one used starts the next) and may carry
// a personal note; the invitee sees both in the e-mail and on the invitation's page.
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { api } from "../../lib/api";
import { failureOf } from "../../lib/failure";
import { emailProblem } from "../../lib/validate";
import type { RefusalCode } from "../../../contract/refusals";
import {
  invitationDays,
  invitationNoteMaxLength,
  inviterNameMaxLength,
} from "../../../contract/family-values";
import { Alert } from "../alert";
import { Button } from "../button";
import { Dialog } from "../dialog";
import { TextArea } from "../text-area";
import { TextField } from "../text-field";
import { useToast } from "../toast";
import { SubHeading, type People } from "./family-parts";

/** The form's own words for the refusals it expects, by their codes (ADR 032). */
const refusalKeys: Partial<Record<RefusalCode, string>> = {
  "family.yourself": "family.errors.yourself",
  "family.already-editor": "family.errors.alreadyEditor",
  "family.too-many": "family.errors.tooMany",
};

/** The text key for a refusal the API answered. */
function refusalKey(error: unknown): string {
  const { refusal } = failureOf(error);
  return (refusal && refusalKeys[refusal as RefusalCode]) || "family.errors.generic";
}

type InvitationKind = "editor" | "handover";
type Sent = Awaited<ReturnType<typeof sendInvitation>>;

type Signed = { inviterName: string; note: string };

function sendInvitation(profileId: string, email: string, kind: InvitationKind, signed: Signed) {
  return api.post("/kammare/invitations", { body: { profileId, email, kind, ...signed } });
}

/**
 * An e-mail field with its check, and the send: on success the toast says what was sent, the field
 * empties and the panel loads again; a refusal goes to the form's own `refused`.
 */
function useInvitation(people: People, reload: () => Promise<void>, kind: InvitationKind) {
  const { t } = useTranslation();
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [inviterName, setInviterName] = useState(people.inviterName ?? "");
  const [note, setNote] = useState("");
  // A name or note the API refused (a character no text may hold): said at its own field.
  const [signError, setSignError] = useState<Partial<Record<keyof Signed, string>>>({});
  const [busy, setBusy] = useState(false);
  const check = () => {
    const problem = emailProblem(email);
    setError(problem ? t(problem) : undefined);
    return !problem;
  };
  async function send(sent: (answer: Sent) => string, refused: (error: unknown) => void) {
    setBusy(true);
    setSignError({});
    try {
      const answer = await sendInvitation(people.profileId, email.trim(), kind, { inviterName, note });
      toast.show({ title: sent(answer) });
      setEmail("");
      setNote("");
      await reload();
    } catch (caught) {
      const { code, fields } = failureOf(caught);
      const signed = (["inviterName", "note"] as const).filter((field) => fields[field]);
      if (code === "invalid_request" && signed.length > 0) {
        setSignError(Object.fromEntries(signed.map((field) => [field, t(`family.signErrors.${field}`)])));
      } else {
        refused(caught);
      }
    } finally {
      setBusy(false);
    }
  }
  return {
    email,
    setEmail,
    error,
    setError,
    inviterName,
    setInviterName,
    note,
    setNote,
    signError,
    busy,
    check,
    send,
  };
}

/** How the invitation is signed: the owner's name, and a personal note behind its own disclosure. */
function SignedFields({ form, name }: { form: ReturnType<typeof useInvitation>; name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("family.inviterName")}
        hint={t("family.inviterNameHint")}
        name={`${name}-inviter-name`}
        autoComplete="name"
        maxLength={inviterNameMaxLength}
        value={form.inviterName}
        onChange={(event) => form.setInviterName(event.target.value)}
        error={form.signError.inviterName}
      />
      <details className="group" open={form.note !== "" || !!form.signError.note}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand">
          {t("family.noteAdd")}
        </summary>
        <TextArea
          className="mt-1"
          label={t("family.note")}
          hint={t("family.noteHint", { max: invitationNoteMaxLength })}
          name={`${name}-note`}
          rows={4}
          maxLength={invitationNoteMaxLength}
          value={form.note}
          onChange={(event) => form.setNote(event.target.value)}
          error={form.signError.note}
        />
      </details>
    </>
  );
}

/** The form both share: its heading and lead, the address, how it is signed, its button (or `instead`). */
function InvitationForm({
  form,
  heading,
  lead,
  label,
  hint,
  name,
  button,
  instead,
  className,
  onSubmit,
  children,
}: {
  form: ReturnType<typeof useInvitation>;
  heading: string;
  lead: string;
  label: string;
  hint?: string;
  name: string;
  button: ReactNode;
  instead?: ReactNode;
  className: string;
  onSubmit: (event: FormEvent) => void;
  children?: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className={className}>
      <SubHeading>{heading}</SubHeading>
      <p className="text-sm text-muted">{lead}</p>
      {instead ?? (
        <div className="flex flex-col gap-3">
          <TextField
            label={label}
            hint={hint}
            type="email"
            name={name}
            autoComplete="off"
            required
            value={form.email}
            onChange={(event) => form.setEmail(event.target.value)}
            error={form.error}
          />
          <SignedFields form={form} name={name} />
          <div className="flex">{button}</div>
        </div>
      )}
      {children}
    </form>
  );
}

export function InviteForm({ people, reload }: { people: People; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const form = useInvitation(people, reload, "editor");
  const taken =
    people.editors.length + people.invitations.filter((row) => row.kind === "editor" && !row.expired).length;
  const full = taken >= people.maxEditors;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    await form.send(
      (answer) =>
        t(answer.replaced ? "family.reinvited" : "family.invited", { email: answer.invitation.email }),
      (error) => {
        const failure = failureOf(error);
        form.setError(
          failure.code === "invalid_request"
            ? t("validation.email")
            : t(refusalKey(error), { max: people.maxEditors }),
        );
      },
    );
  }

  return (
    <InvitationForm
      form={form}
      heading={t("family.inviteHeading")}
      lead={t("family.seats", { count: taken, max: people.maxEditors })}
      label={t("family.inviteEmail")}
      hint={t("family.inviteHint", { days: invitationDays })}
      name="invite-email"
      instead={full ? <Alert tone="info">{t("family.full", { max: people.maxEditors })}</Alert> : undefined}
      button={
        <Button type="submit" busy={form.busy}>
          {form.busy ? t("family.inviteBusy") : t("family.inviteSubmit")}
        </Button>
      }
      className="flex flex-col gap-3"
      onSubmit={(event) => void submit(event)}
    />
  );
}

export function HandOver({ people, reload }: { people: People; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const form = useInvitation(people, reload, "handover");
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  function ask(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setFailed(null);
    setConfirming(true);
  }

  async function send() {
    setFailed(null);
    await form.send(
      (answer) => {
        setConfirming(false);
        return t("family.handoverSent", { email: answer.invitation.email });
      },
      (error) => {
        setFailed(t(refusalKey(error), { max: people.maxEditors }));
      },
    );
  }

  // Spelled as the invitation will keep it (in lower case), not as typed: one address, one spelling.
  const email = form.email.trim().toLowerCase();
  return (
    <InvitationForm
      form={form}
      heading={t("family.handoverHeading")}
      lead={t("family.handoverLead")}
      label={t("family.handoverEmail")}
      name="handover-email"
      button={
        <Button type="submit" variant="secondary">
          {t("family.handoverSubmit")}
        </Button>
      }
      className="flex flex-col gap-3 border-t border-line pt-5"
      onSubmit={ask}
    >
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
    </InvitationForm>
  );
}

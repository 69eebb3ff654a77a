// The partner dashboard's colleagues (ADR 029): the organisation's members and the addresses invited
// into it, the form that invites one more (POST /api/partner/colleagues: the address gets the
// invitation e-mail with the partner sign-up link), removing a colleague (never oneself) and withdrawing
// an invitation. The server decides who may; the lists are read again after each change.
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { hasDottedDomain } from "../../../contract/account-rules";
import type { Colleague, ColleagueInvitation, PartnerColleagues } from "../../../contract/partner-colleagues";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { failureOf } from "../../lib/failure";
import { useTranslation } from "../../lib/i18n";
import { refusalText } from "../../lib/refusal";
import { useFormSubmit } from "../../lib/use-form-submit";
import { emailProblem } from "../../lib/validate";
import { Button } from "../button";
import { Dialog } from "../dialog";
import { FormAlert } from "../form-alert";
import { TextField } from "../text-field";
import { useToast } from "../toast";
import { PartnerSection } from "./section";

const errorKey = (name: string) => `partner.colleagues.errors.${name}`;

function InviteForm({ onInvited }: { onInvited: (email: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const form = useFormSubmit({
    fields: ["email"],
    // A refusal (an address already a member or invited) is said at the field, in the reader's
    // language (ADR 032).
    messages: { explained: { email: "explained" } },
    quietWhenExplained: true,
  });
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) =>
    form.submit(event, {
      check: () => {
        setRefusal(null);
        return {
          email:
            emailProblem(email) ?? (hasDottedDomain(email.trim()) ? undefined : errorKey("emailNeedsDomain")),
        };
      },
      send: async () => {
        const typed = email.trim();
        try {
          await api.post("/partner/colleagues", { body: { email: typed } });
        } catch (caught) {
          const failure = failureOf(caught);
          const said = failure.fields.email === undefined ? undefined : refusalText(t, failure);
          if (!said) throw caught;
          setRefusal(said);
          return { ok: false, code: "explained", fields: { email: said } };
        }
        setEmail("");
        await onInvited(typed);
      },
    });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t("partner.colleagues.inviteHeading")}
      className="flex flex-col gap-3"
    >
      <FormAlert form={form} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <TextField
          label={t("partner.colleagues.email")}
          type="email"
          name="colleague-email"
          autoComplete="off"
          maxLength={254}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setRefusal(null);
            form.dismiss();
          }}
          error={refusal ?? form.message("email")}
        />
        <div className="sm:pt-7">
          <Button type="submit" busy={form.busy}>
            {t("partner.colleagues.invite")}
          </Button>
        </div>
      </div>
    </form>
  );
}

type Pending = { kind: "remove"; member: Colleague } | { kind: "withdraw"; invitation: ColleagueInvitation };

export function ColleaguesSection({
  colleagues,
  organisation,
}: {
  colleagues: PartnerColleagues;
  organisation: string;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [removing, setRemoving] = useState<Colleague | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const day = (iso: string) => formatDate(iso, i18n.language);

  async function act(pending: Pending) {
    const key = pending.kind === "remove" ? pending.member.userId : pending.invitation.id;
    setBusy(key);
    try {
      if (pending.kind === "remove") {
        await api.delete("/partner/colleagues/{userId}", { params: { userId: pending.member.userId } });
        toast.show({ title: t("partner.colleagues.removed", { email: pending.member.email }) });
      } else {
        await api.delete("/partner/invitations/{id}", { params: { id: pending.invitation.id } });
        toast.show({ title: t("partner.colleagues.withdrawn", { email: pending.invitation.email }) });
      }
    } catch (caught) {
      toast.show({
        tone: "error",
        title: t("partner.colleagues.failed"),
        description: refusalText(t, failureOf(caught)),
      });
    } finally {
      setRemoving(null);
      setBusy(null);
      await revalidator.revalidate();
    }
  }

  return (
    <PartnerSection
      title={t("partner.colleagues.heading")}
      lead={t("partner.colleagues.lead", { organisation })}
    >
      <div data-testid="colleagues">
        <h3 className="mb-2 text-base font-semibold">{t("partner.colleagues.members")}</h3>
        <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-control)] border border-line">
          {colleagues.members.map((member) => (
            <li
              key={member.userId}
              data-testid="colleague"
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2"
            >
              <span className="flex min-w-0 flex-col">
                <span className="font-medium [overflow-wrap:anywhere]">
                  {member.email}
                  {member.you && (
                    <span className="ml-2 rounded-full bg-brand/10 px-2 py-0.5 text-xs font-semibold text-brand">
                      {t("partner.colleagues.you")}
                    </span>
                  )}
                </span>
                <span className="text-sm text-muted">
                  {t("partner.colleagues.joined", { date: day(member.joinedAt) })}
                </span>
              </span>
              {!member.you && (
                <Button
                  variant="ghost"
                  busy={busy === member.userId}
                  onClick={() => setRemoving(member)}
                  aria-label={t("partner.colleagues.removeLabel", { email: member.email })}
                >
                  {t("partner.colleagues.remove")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="mb-2 text-base font-semibold">{t("partner.colleagues.pending")}</h3>
        {colleagues.invitations.length === 0 ? (
          <p className="text-sm text-muted" data-testid="invitations-empty">
            {t("partner.colleagues.pendingEmpty")}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-control)] border border-line">
            {colleagues.invitations.map((invitation) => (
              <li
                key={invitation.id}
                data-testid="invitation"
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium [overflow-wrap:anywhere]">{invitation.email}</span>
                  <span className="text-sm text-muted [overflow-wrap:anywhere]">
                    {invitation.invitedBy
                      ? t("partner.colleagues.invitedBy", {
                          date: day(invitation.invitedAt),
                          email: invitation.invitedBy,
                        })
                      : t("partner.colleagues.invitedOn", { date: day(invitation.invitedAt) })}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  busy={busy === invitation.id}
                  onClick={() => void act({ kind: "withdraw", invitation })}
                  aria-label={t("partner.colleagues.withdrawLabel", { email: invitation.email })}
                >
                  {t("partner.colleagues.withdraw")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-2 border-t border-line pt-4">
        <h3 className="text-base font-semibold">{t("partner.colleagues.inviteHeading")}</h3>
        <InviteForm
          onInvited={async (email) => {
            toast.show({ title: t("partner.colleagues.invited", { email }) });
            await revalidator.revalidate();
          }}
        />
      </div>
      <Dialog
        open={!!removing}
        title={t("partner.colleagues.removeHeading")}
        onClose={() => setRemoving(null)}
      >
        {removing && (
          <>
            <p>{t("partner.colleagues.removeBody", { email: removing.email, organisation })}</p>
            <div className="mt-5 flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                {t("partner.colleagues.cancel")}
              </Button>
              <Button
                variant="danger"
                busy={busy === removing.userId}
                onClick={() => void act({ kind: "remove", member: removing })}
              >
                {t("partner.colleagues.removeConfirm")}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </PartnerSection>
  );
}

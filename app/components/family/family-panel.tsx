// "Family" under a page for whoever keeps it (ADR 029): its owner and editors, loaded through the API
// (GET /api/kammare/people). The owner (or an admin) also sees the waiting invitations (to withdraw),
// invites an editor by e-mail, removes one (after a confirmation) and hands the page over (after a
// confirmation that says what happens); an editor sees the people and may leave the page.
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { api } from "../../lib/api";
import { HandOver, InviteForm } from "./invite-forms";
import { LeavePage } from "./leave-page";
import { SubHeading, type People } from "./family-parts";
import { formatDate } from "../../lib/date-format";
import { Alert } from "../alert";
import { Button } from "../button";
import { Dialog } from "../dialog";
import { LoadingRegion, Skeleton } from "../skeleton";
import { useToast } from "../toast";
import { Card } from "../card";

type Loaded = { state: "loading" | "failed" } | { state: "loaded"; people: People };

export function FamilyPanel({ profileId, viewerId }: { profileId: string; viewerId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });

  const load = useCallback(async () => {
    setLoaded({ state: "loading" });
    try {
      setLoaded({ state: "loaded", people: await api.get("/kammare/people", { query: { profileId } }) });
    } catch {
      setLoaded({ state: "failed" });
    }
  }, [profileId]);

  // The first load starts in the "loading" state already: the effect only asks, and forgets an
  // answer that comes after the panel went.
  useEffect(() => {
    let current = true;
    api.get("/kammare/people", { query: { profileId } }).then(
      (people) => {
        if (current) setLoaded({ state: "loaded", people });
      },
      () => {
        if (current) setLoaded({ state: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [profileId]);

  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 print:hidden"
    >
      <Card className="p-4 sm:p-6">
        <h2 id={headingId} className="text-xl font-semibold text-brand">
          {t("family.heading")}
        </h2>
        <div aria-live="polite" className="mt-3 flex flex-col gap-6">
          {loaded.state === "loading" && (
            <LoadingRegion loading label={t("family.loading")}>
              <Skeleton className="h-12 w-full" />
              <Skeleton className="mt-2 h-12 w-full" />
            </LoadingRegion>
          )}
          {loaded.state === "failed" && (
            <Alert tone="error" title={t("family.failed")}>
              <Button variant="secondary" className="mt-2" onClick={() => void load()}>
                {t("family.retry")}
              </Button>
            </Alert>
          )}
          {loaded.state === "loaded" && (
            <FamilyContent
              people={loaded.people}
              viewerId={viewerId}
              onChanged={(people) => setLoaded({ state: "loaded", people })}
              reload={load}
            />
          )}
        </div>
      </Card>
    </section>
  );
}

function FamilyContent({
  people,
  viewerId,
  onChanged,
  reload,
}: {
  people: People;
  viewerId: string;
  onChanged: (people: People) => void;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const manages = people.viewerRole !== "editor";
  return (
    <>
      <p className="text-sm text-muted">{t(manages ? "family.lead" : "family.leadEditor")}</p>
      <PeopleList people={people} viewerId={viewerId} manages={manages} onChanged={onChanged} />
      {manages && people.invitations.length > 0 && (
        <WaitingInvitations people={people} onChanged={onChanged} />
      )}
      {manages && <InviteForm people={people} reload={reload} />}
      {manages && <HandOver people={people} reload={reload} />}
      {!manages && <LeavePage profileId={people.profileId} />}
    </>
  );
}

function PeopleList({
  people,
  viewerId,
  manages,
  onChanged,
}: {
  people: People;
  viewerId: string;
  manages: boolean;
  onChanged: (people: People) => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [removing, setRemoving] = useState<People["editors"][number] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const since = (iso: string | null) =>
    iso ? t("family.since", { date: formatDate(iso, i18n.language) }) : "";
  const person = (email: string, userId: string, role: "owner" | "editor", at: string | null) => (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium text-ink [overflow-wrap:anywhere]">
        {email}
        {userId === viewerId && <span className="font-normal text-muted"> ({t("family.you")})</span>}
      </span>
      <span className="text-sm text-muted">
        {t(`family.role.${role}`)}
        {at && ` · ${since(at)}`}
      </span>
    </div>
  );

  async function remove() {
    if (!removing) return;
    setBusy(true);
    setFailed(false);
    try {
      const answer = await api.post("/kammare/editors/remove", {
        body: { profileId: people.profileId, userId: removing.userId },
      });
      toast.show({ title: t("family.removed", { email: removing.email }) });
      setRemoving(null);
      onChanged(answer);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <SubHeading>{t("family.peopleHeading")}</SubHeading>
      <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-control)] border border-line">
        {people.owner && (
          <li className="flex items-center justify-between gap-3 px-3 py-2">
            {person(people.owner.email, people.owner.userId, "owner", people.owner.since)}
          </li>
        )}
        {people.editors.map((editor) => (
          <li
            key={editor.userId}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
          >
            {person(editor.email, editor.userId, "editor", editor.since)}
            {manages && (
              <Button
                variant="secondary"
                aria-label={t("family.removeLabel", { email: editor.email })}
                onClick={() => {
                  setFailed(false);
                  setRemoving(editor);
                }}
              >
                {t("family.remove")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {people.editors.length === 0 && <p className="text-sm text-muted">{t("family.noEditors")}</p>}
      <Dialog
        open={removing !== null}
        title={t("family.removeTitle", { email: removing?.email ?? "" })}
        onClose={() => setRemoving(null)}
      >
        <div className="flex flex-col gap-4">
          <p>{t("family.removeText")}</p>
          {failed && <Alert tone="error" title={t("family.errors.generic")} />}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              {t("family.cancel")}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void remove()}>
              {t("family.remove")}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}

function WaitingInvitations({ people, onChanged }: { people: People; onChanged: (people: People) => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  async function revoke(invitation: People["invitations"][number]) {
    setBusyId(invitation.id);
    setFailed(false);
    try {
      const answer = await api.post("/kammare/invitations/revoke", {
        body: { profileId: people.profileId, invitationId: invitation.id },
      });
      toast.show({ title: t("family.revoked", { email: invitation.email }) });
      onChanged(answer);
    } catch {
      setFailed(true);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <SubHeading>{t("family.invitationsHeading")}</SubHeading>
      {failed && <Alert tone="error" title={t("family.errors.generic")} />}
      <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-control)] border border-line">
        {people.invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
          >
            <div className="flex min-w-0 flex-col">
              <span className="font-medium text-ink [overflow-wrap:anywhere]">{invitation.email}</span>
              <span className="text-sm text-muted">
                {t(`family.kind.${invitation.kind}`)} ·{" "}
                {invitation.expired
                  ? t("family.expired")
                  : t("family.expires", { date: formatDate(invitation.expiresAt, i18n.language) })}
              </span>
            </div>
            <Button
              variant="secondary"
              busy={busyId === invitation.id}
              aria-label={t("family.revokeLabel", { email: invitation.email })}
              onClick={() => void revoke(invitation)}
            >
              {t("family.revoke")}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

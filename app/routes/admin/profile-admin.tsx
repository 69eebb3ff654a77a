// /admin/profile-admin: find a profile by its code (?id=), see its owner, content name, dates and status
// history, and change its status (PUT /api/admin/profile; suspending asks for confirmation first).
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { data, Form, Link, useNavigation } from "react-router";
import { isProfileId, normalizeProfileId } from "../../../contract/profile-id";
import type { ProfileStatus } from "../../../contract/profile-values";
import type { AdminProfileDetail } from "../../../contract/profiles";
import { Button, ButtonLink } from "../../components/button";
import { DataTable, type Column } from "../../components/data-table";
import { Dialog } from "../../components/dialog";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { FormAlert } from "../../components/form-alert";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { AssignOwner } from "../../components/admin/assign-owner";
import { SelectField } from "../../components/select-field";
import { LoadingRegion, Skeleton, SkeletonText } from "../../components/skeleton";
import { StatusBadge } from "../../components/status-badge";
import { TextField } from "../../components/text-field";
import { useToast } from "../../components/toast";
import { api } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { useFormSubmit } from "../../lib/use-form-submit";
import { adminProfileDetail, pagePeopleForAdmin, servicesContext } from "../../lib/services.server";
import { AdminPagePeople } from "../../components/family/admin-people";
import type { Route } from "./+types/profile-admin";
import { Card, CardSection, Section } from "../../components/card";
import { fieldRowClass } from "../../components/field";

export async function loader({ request, context }: Route.LoaderArgs) {
  const typed = (new URL(request.url).searchParams.get("id") ?? "").trim().slice(0, 100);
  const base = { typed, people: null };
  if (!typed) return { ...base, detail: null, notFound: false };
  const id = normalizeProfileId(typed);
  const detail = isProfileId(id) ? await adminProfileDetail(context.get(servicesContext).db, id) : null;
  if (!detail) return data({ ...base, detail: null, notFound: true }, { status: 404 });
  // The page's owner, editors and open invitations.
  const people = await pagePeopleForAdmin(context.get(servicesContext).db, detail.profile.id);
  return { ...base, people, detail, notFound: false };
}

const maxReason = 500;

export default function ProfileAdmin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { typed, detail, notFound } = loaderData;
  const navigation = useNavigation();
  // Another code is being looked up: placeholders where its page will be, not the last one's data.
  const finding = navigation.state === "loading" && navigation.location.pathname === "/admin/profile-admin";
  return (
    <div className="flex flex-col gap-8">
      <title>
        {detail
          ? t("adminProfiles.admin.titleFor", { id: detail.profile.id })
          : t("adminProfiles.admin.title")}
      </title>
      <AdminPageHeader
        path="/admin/profile-admin"
        title={t("adminProfiles.admin.heading")}
        current={detail?.profile.id}
      />
      <Form
        method="get"
        role="search"
        // Fresh field whenever the address changes (back, forward, a link). The prefix keeps this key
        // apart from the profile's below: siblings with one key leave stale elements behind.
        key={`find:${typed}`}
        className={fieldRowClass("end", "max-w-xl")}
      >
        <TextField
          className="flex-1"
          label={t("adminProfiles.admin.find")}
          hint={t("adminProfiles.admin.findHint")}
          name="id"
          defaultValue={typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
        />
        <Button type="submit">{t("adminProfiles.admin.findSubmit")}</Button>
      </Form>

      {finding ? (
        <LoadingRegion loading label={t("adminProfiles.admin.heading")}>
          <DetailSkeleton />
        </LoadingRegion>
      ) : (
        <>
          {notFound && (
            <Card
              as="section"
              aria-labelledby="not-found-heading"
              className="flex max-w-xl flex-col gap-3 p-6"
            >
              <h2 id="not-found-heading" className="text-xl font-semibold">
                {t("adminProfiles.admin.notFound")}
              </h2>
              <p className="text-muted">{t("adminProfiles.admin.notFoundLead", { code: typed })}</p>
              <div>
                <ButtonLink to="/admin/profiles/list" variant="secondary">
                  {t("adminProfiles.admin.toList")}
                </ButtonLink>
              </div>
            </Card>
          )}

          {detail && <ProfileDetail key={`profile:${detail.profile.id}`} detail={detail} />}
          {detail && loaderData.people && <AdminPagePeople people={loaderData.people} />}
        </>
      )}
    </div>
  );
}

/** The shape of a profile's page while it loads: the details card, the status card, the history. */
function DetailSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <Card className="flex flex-col gap-4 p-5">
        <Skeleton className="h-6 w-48" />
        <SkeletonText lines={5} />
      </Card>
      <Card className="flex flex-col gap-4 p-5">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-32" />
      </Card>
    </div>
  );
}

function ProfileDetail({ detail }: { detail: AdminProfileDetail }) {
  const { t, i18n } = useTranslation();
  const { profile, ownerEmail, history } = detail;
  const none = <span className="text-muted">{t("adminProfiles.noValue")}</span>;
  const when = (iso: string) => (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDateTime(iso, i18n.language)}
    </time>
  );
  const statusName = (status: ProfileStatus | null) => (status ? <StatusBadge status={status} /> : none);

  const columns: Column<AdminProfileDetail["history"][number]>[] = [
    { key: "at", header: t("adminProfiles.admin.when"), cell: (row) => when(row.at), className: "w-44" },
    {
      key: "from",
      header: t("adminProfiles.admin.from"),
      cell: (row) => statusName(row.from),
      wrap: "never",
    },
    { key: "to", header: t("adminProfiles.admin.to"), cell: (row) => statusName(row.to), wrap: "never" },
    {
      key: "who",
      header: t("adminProfiles.admin.who"),
      cell: (row) => row.actorEmail ?? t("adminProfiles.admin.system"),
      wrap: "anywhere",
      className: "min-w-40",
    },
    {
      key: "why",
      header: t("adminProfiles.admin.why"),
      // Prose: the widest column, wrapping at words; never narrower than a short sentence.
      className: "min-w-56 w-2/5",
      cell: (row) => {
        // The system's reasons are codes, shown in the admin's language; an admin's are their words.
        const text = [row.reasonCode && t(`adminProfiles.admin.reasons.${row.reasonCode}`), row.reason]
          .filter(Boolean)
          .join("\n");
        if (!text) return none;
        return <span className="whitespace-pre-line">{text}</span>;
      },
    },
  ];

  // The details beside the status form; the history under both, across the page's width: its
  // reasons are prose and need the room.
  return (
    <div className="flex flex-col gap-8">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <section aria-labelledby="profile-heading" className="flex min-w-0 flex-col gap-6">
          <Card className="p-5">
            <h2 id="profile-heading" className="text-xl font-semibold">
              {t("adminProfiles.admin.detailsHeading", { id: profile.id })}
            </h2>
            <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
              <dt className="text-muted">{t("adminProfiles.columns.status")}</dt>
              <dd className="mb-2 sm:mb-0">
                <StatusBadge status={profile.status} />
              </dd>
              <dt className="text-muted">{t("adminProfiles.admin.owner")}</dt>
              <dd className="mb-2 break-all sm:mb-0">{ownerEmail ?? t("adminProfiles.admin.noOwner")}</dd>
              <dt className="text-muted">{t("adminProfiles.admin.name")}</dt>
              <dd className="mb-2 break-words sm:mb-0">
                {profile.content.displayName || t("adminProfiles.admin.noName")}
              </dd>
              <dt className="text-muted">{t("adminProfiles.columns.created")}</dt>
              <dd className="mb-2 sm:mb-0">{when(profile.createdAt)}</dd>
              <dt className="text-muted">{t("adminProfiles.columns.updated")}</dt>
              <dd className="mb-2 sm:mb-0">{when(profile.updatedAt)}</dd>
              {profile.trialEndsAt && (
                <>
                  <dt className="text-muted">{t("adminProfiles.admin.trialEnds")}</dt>
                  <dd className="mb-2 sm:mb-0">{when(profile.trialEndsAt)}</dd>
                </>
              )}
              {profile.paidUntil && (
                <>
                  <dt className="text-muted">{t("adminProfiles.admin.paidUntil")}</dt>
                  <dd className="mb-2 sm:mb-0">{when(profile.paidUntil)}</dd>
                </>
              )}
            </dl>
            <Link
              to={`/k/${profile.id}`}
              className="mt-4 inline-block font-medium text-brand underline underline-offset-2"
            >
              {t("adminProfiles.admin.open")}
            </Link>
          </Card>
        </section>

        <div className="flex min-w-0 flex-col gap-8">
          <StatusForm
            // A new status (or owner) from elsewhere starts the form from what the page now is.
            key={`${profile.status}:${ownerEmail ?? ""}`}
            id={profile.id}
            current={profile.status}
            statuses={detail.settableStatuses}
            ownerless={ownerEmail === null}
          />
          {ownerEmail === null && <AssignOwner id={profile.id} />}
        </div>
      </div>

      <Section
        id="history-heading"
        title={t("adminProfiles.admin.historyHeading")}
        className="flex min-w-0 flex-col gap-3"
      >
        <DataTable
          caption={t("adminProfiles.admin.historyCaption")}
          columns={columns}
          rows={history}
          rowKey={(row) => `${row.at}|${row.from ?? ""}|${row.to}`}
          empty={
            <EmptyState
              icon={emptyIcons.history}
              title={t("adminProfiles.admin.historyEmpty")}
              text={t("emptyState.history")}
            />
          }
        />
      </Section>
    </div>
  );
}

function StatusForm({
  id,
  current,
  statuses,
  ownerless,
}: {
  id: string;
  current: ProfileStatus;
  statuses: readonly ProfileStatus[];
  /** No owner: the status machine offers nothing live, and the control says why. */
  ownerless: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [status, setStatus] = useState<ProfileStatus>(current);
  const [reason, setReason] = useState("");
  const form = useFormSubmit({ fields: ["status", "reason"] });
  const [confirming, setConfirming] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const fine = form.check({
      status: status === current ? "adminProfiles.admin.sameStatus" : undefined,
      reason: reason.trim().length > maxReason ? "adminProfiles.admin.reasonLong" : undefined,
    });
    if (!fine) return;
    if (status === "suspended") setConfirming(true);
    else void save();
  }

  function save() {
    setConfirming(false);
    const trimmed = reason.trim();
    return form.send({
      send: async () => {
        await api.put("/admin/profile", {
          body: trimmed ? { id, status, reason: trimmed } : { id, status },
        });
      },
      onDone: async () => {
        setReason("");
        toast.show({ title: t("adminProfiles.admin.saved") });
      },
    });
  }

  return (
    <CardSection id="status-heading" title={t("adminProfiles.admin.changeHeading")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div aria-live="polite">
          <FormAlert form={form} />
        </div>
        <SelectField
          label={t("adminProfiles.admin.newStatus")}
          name="status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ProfileStatus);
            form.dismiss();
          }}
          options={statuses.map((value) => ({ value, label: t(`profileStatus.${value}`) }))}
          hint={ownerless ? t("adminProfiles.admin.ownerlessHint") : undefined}
          error={form.message("status")}
        />
        <TextField
          label={t("adminProfiles.admin.reason")}
          hint={t("adminProfiles.admin.reasonHint")}
          name="reason"
          autoComplete="off"
          maxLength={maxReason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={form.message("reason")}
        />
        <div>
          <Button type="submit" busy={form.busy}>
            {form.busy ? t("adminProfiles.admin.saving") : t("adminProfiles.admin.save")}
          </Button>
        </div>
      </form>
      <Dialog
        open={confirming}
        title={t("adminProfiles.admin.confirmTitle")}
        onClose={() => setConfirming(false)}
      >
        <p>{t("adminProfiles.admin.confirmBody")}</p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t("adminProfiles.admin.cancel")}
          </Button>
          <Button variant="danger" onClick={() => void save()}>
            {t("adminProfiles.admin.confirm")}
          </Button>
        </div>
      </Dialog>
    </CardSection>
  );
}

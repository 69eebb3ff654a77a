// /admin/profiles/new: create one profile (optionally for an owner) or a batch of unclaimed ones for
// printing; shows the new codes, links to each one's admin page, and the batch as a CSV download. Pages
// printed for a partner are attributed to its organisation (the partner select, ADR 014).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link } from "react-router";
import { maxBatchSize } from "../../../contract/profile-values";
import { Alert } from "../../components/alert";
import { Button, buttonClass } from "../../components/button";
import { DataTable, type Column } from "../../components/data-table";
import { FormAlert } from "../../components/form-alert";
import { SelectField } from "../../components/select-field";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { TextField } from "../../components/text-field";
import { api } from "../../lib/api";
import { useFormSubmit } from "../../lib/use-form-submit";
import { emailProblem } from "../../lib/validate";
import { listOrganisations, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/profiles-new";
import { cardClass } from "../../components/card";

export async function loader({ context }: Route.LoaderArgs) {
  const organisations = await listOrganisations(context.get(servicesContext).db);
  return {
    maxBatchSize,
    partners: organisations.map((organisation) => ({
      id: organisation.id,
      // An organisation whose partner has not named it yet is known by its link's slug.
      name: organisation.name ?? organisation.slug,
    })),
  };
}

type Created = { id: string; status: string; url: string };

/** How many new codes are listed on the page; the CSV always has all of them. */
const listedRows = 100;

function profilesCsv(profiles: readonly Created[]): string {
  return ["id,url", ...profiles.map((profile) => `${profile.id},${profile.url}`)].join("\r\n") + "\r\n";
}

export default function ProfilesNew({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const max = loaderData.maxBatchSize;
  const maxText = max.toLocaleString(i18n.language);
  const [count, setCount] = useState("1");
  const [ownerEmail, setOwnerEmail] = useState("");
  const [partnerId, setPartnerId] = useState("");
  const form = useFormSubmit({
    fields: ["count", "ownerEmail", "partnerId"],
    messages: {
      not_found: { ownerEmail: "adminProfiles.new.ownerNotFound", partnerId: "adminPartners.newPages.gone" },
      invalid_request: { count: "adminProfiles.new.countInvalid" },
    },
    quietWhenExplained: true,
  });
  const [created, setCreated] = useState<{
    profiles: Created[];
    csvHref?: string;
    batchId: string | null;
  } | null>(null);
  const csvHref = useRef<string | undefined>(undefined);

  // The CSV is a Blob address: let it go when the page goes.
  useEffect(
    () => () => {
      if (csvHref.current) URL.revokeObjectURL(csvHref.current);
    },
    [],
  );

  function submit(event: FormEvent) {
    const wanted = /^\s*\d+\s*$/.test(count) ? Number(count) : Number.NaN;
    const owner = ownerEmail.trim();
    return form.submit(event, {
      check: () => ({
        count:
          Number.isInteger(wanted) && wanted >= 1 && wanted <= max
            ? undefined
            : "adminProfiles.new.countInvalid",
        ownerEmail: owner
          ? wanted !== 1
            ? "adminProfiles.new.ownerOnlyOne"
            : emailProblem(owner)
          : undefined,
      }),
      send: async () => {
        const answer = await api.post("/admin/profiles", {
          body: {
            count: wanted,
            ...(owner ? { ownerEmail: owner } : {}),
            ...(partnerId ? { partnerId } : {}),
          },
        });
        if (csvHref.current) URL.revokeObjectURL(csvHref.current);
        csvHref.current =
          answer.profiles.length > 1
            ? URL.createObjectURL(
                new Blob([profilesCsv(answer.profiles)], { type: "text/csv;charset=utf-8" }),
              )
            : undefined;
        setCreated({ profiles: answer.profiles, csvHref: csvHref.current, batchId: answer.batchId });
      },
    });
  }

  const columns: Column<Created>[] = [
    {
      key: "id",
      header: t("adminProfiles.columns.id"),
      cell: (row) => <span className="font-mono font-semibold">{row.id}</span>,
      wrap: "never",
    },
    {
      key: "url",
      header: t("adminProfiles.new.address"),
      cell: (row) => (
        <a href={row.url} className="text-brand underline underline-offset-2">
          {row.url}
        </a>
      ),
      wrap: "anywhere",
    },
    {
      key: "manage",
      header: t("adminProfiles.nav.admin"),
      cell: (row) => (
        <Link
          to={`/admin/profile-admin?id=${encodeURIComponent(row.id)}`}
          aria-label={t("adminProfiles.new.manageLabel", { id: row.id })}
          className="font-medium text-brand underline underline-offset-2"
        >
          {t("adminProfiles.new.manage")}
        </Link>
      ),
    },
  ];

  const total = created?.profiles.length ?? 0;

  return (
    <section aria-labelledby="profiles-new-heading" className="flex flex-col gap-6">
      <title>{t("adminProfiles.new.title")}</title>
      <AdminPageHeader
        path="/admin/profiles/new"
        title={t("adminProfiles.new.heading")}
        titleId="profiles-new-heading"
        description={t("adminProfiles.new.lead")}
      />
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className={`flex max-w-xl flex-col gap-4 ${cardClass} p-6`}
      >
        <FormAlert form={form} />
        <TextField
          label={t("adminProfiles.new.count")}
          hint={t("adminProfiles.new.countHint", { max: maxText })}
          type="number"
          inputMode="numeric"
          name="count"
          min={1}
          max={max}
          step={1}
          value={count}
          onChange={(event) => setCount(event.target.value)}
          error={form.message("count", { max: maxText })}
        />
        <TextField
          label={t("adminProfiles.new.ownerEmail")}
          hint={t("adminProfiles.new.ownerHint")}
          type="email"
          name="owner-email"
          autoComplete="off"
          value={ownerEmail}
          onChange={(event) => setOwnerEmail(event.target.value)}
          error={form.message("ownerEmail")}
        />
        {loaderData.partners.length > 0 && (
          <SelectField
            label={t("adminPartners.newPages.label")}
            hint={t("adminPartners.newPages.hint")}
            name="partner"
            value={partnerId}
            onChange={(event) => setPartnerId(event.target.value)}
            options={[
              { value: "", label: t("adminPartners.newPages.none") },
              ...loaderData.partners.map((partner) => ({ value: partner.id, label: partner.name })),
            ]}
            error={form.message("partnerId")}
          />
        )}
        <div>
          <Button type="submit" busy={form.busy}>
            {form.busy ? t("adminProfiles.new.busy") : t("adminProfiles.new.submit")}
          </Button>
        </div>
      </form>

      <div aria-live="polite" className="flex flex-col gap-4">
        {created && (
          <>
            <Alert
              tone="success"
              title={
                total === 1
                  ? t("adminProfiles.new.doneOne")
                  : t("adminProfiles.new.doneMany", { n: total.toLocaleString(i18n.language) })
              }
            />
            {(created.csvHref || created.batchId) && (
              <div className="flex flex-wrap items-center gap-3">
                {created.batchId && (
                  <Link to={`/admin/qr/manager?batch=${created.batchId}`} className={buttonClass("primary")}>
                    {t("adminProfiles.new.printCodes")}
                  </Link>
                )}
                {created.csvHref && (
                  <a
                    href={created.csvHref}
                    download={`kammare-pages-${created.profiles[0]?.id ?? "new"}-${total}.csv`}
                    className="inline-flex min-h-11 items-center rounded-[var(--radius-control)] border border-line bg-raised px-4 py-2 text-sm font-semibold text-ink hover:bg-brand-soft"
                  >
                    {t("adminProfiles.new.download")}
                  </a>
                )}
                {total > listedRows && (
                  <p className="text-sm text-muted">
                    {t("adminProfiles.new.shownFirst", {
                      shown: listedRows,
                      n: total.toLocaleString(i18n.language),
                    })}
                  </p>
                )}
              </div>
            )}
            <DataTable
              caption={t("adminProfiles.new.caption")}
              columns={columns}
              rows={created.profiles.slice(0, listedRows)}
              rowKey={(row) => row.id}
              empty={null}
            />
          </>
        )}
      </div>
    </section>
  );
}

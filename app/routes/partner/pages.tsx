// /partner/dashboard/pages (rules `partner` and `partner-name`): the pages a partner makes for its
// families (decisions "Pages a family can start, and funeral homes that hand them out"). It makes one
// page or a batch of up to 500, prints their QR cards (the admin's sheet, of its own pages only), sends
// a family the claim link with a personal note, sends it again or takes it back while unclaimed, and
// sees where each page is on its way: made, sent (to whom, when), taken back, claimed, with the page's
// own status. Address labels for the envelopes come from the admin's label maker. The loader reads the
// same list the API answers (GET /api/partner/pages), so the first paint has the rows.
import { useState } from "react";
import { Link, redirect, useNavigation, useRevalidator } from "react-router";
import {
  partnerPagesPageSizeDefault,
  partnerPagesQuerySchema,
  type PartnerPage,
} from "../../../contract/partner-pages";
import { ButtonLink } from "../../components/button";
import { cardClass } from "../../components/card";
import { DataTable, type Column } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { StatePill } from "../../components/state-pill";
import { StatusBadge } from "../../components/status-badge";
import { TextField } from "../../components/text-field";
import { useToast } from "../../components/toast";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { failureOf } from "../../lib/failure";
import { useTranslation } from "../../lib/i18n";
import { refusalText } from "../../lib/refusal";
import { viewerOrganisation } from "../../lib/partner-organisation.server";
import { listPartnerPages, servicesContext, viewerContext } from "../../lib/services.server";
import { serverRules } from "../../rules/index.server";
import { AddressLabels } from "../../components/partner/pages/address-labels";
import { MakePages } from "../../components/partner/pages/make-pages";
import { SendDialog } from "../../components/partner/pages/send-dialog";
import { downloadSheet, stateTones } from "../../components/partner/pages/sheet";
import { formatNumber } from "../../lib/format";
import { PageActions } from "../../components/partner/pages/page-actions";
import { listPath, useListSearch } from "../../lib/list-search";
import type { Route } from "./+types/pages";

export const middleware: Route.MiddlewareFunction[] = serverRules("partner", "partner-name");

const listRoot = "/partner/dashboard/pages";

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) throw redirect("/partner/signin");
  const search = new URL(request.url).searchParams;
  // What is not understood in the address is dropped rather than failing the page.
  const parsed = partnerPagesQuerySchema.safeParse({
    q: search.get("q") ?? undefined,
    page: search.get("page") ?? undefined,
  });
  const query = parsed.success
    ? parsed.data
    : { q: undefined, page: 1, pageSize: partnerPagesPageSizeDefault };
  const { db, config } = context.get(servicesContext);
  const [list, organisation] = await Promise.all([
    listPartnerPages({ db, publicUrl: config.publicUrl }, viewer, query),
    viewerOrganisation(context),
  ]);
  return {
    view: { q: query.q ?? "", page: query.page },
    list,
    organisation: organisation?.name ?? "",
    extendedTrialDays: config.EXTENDED_TRIAL_DAYS,
  };
}

export default function PartnerPages({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { view, list, organisation, extendedTrialDays } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const toast = useToast();
  const loading = navigation.state === "loading" && navigation.location.pathname === listRoot;
  const locale = i18n.language;
  const [sending, setSending] = useState<PartnerPage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // The search is typed freely and sent a moment after the typing stops; the address follows.
  const search = useListSearch(listRoot, view);
  const { q, setQ } = search;

  async function printCard(page: PartnerPage) {
    setBusy(`print:${page.id}`);
    const failed = await downloadSheet({ source: "ids", ids: [page.id] }, `kammare-qr-${page.id}.pdf`);
    setBusy(null);
    if (failed) {
      toast.show({
        tone: "error",
        title: t("partner.pages.printFailed"),
        description: refusalText(t, failed),
      });
      return;
    }
    toast.show({ title: t("partner.pages.printed", { id: page.id }) });
    await revalidator.revalidate();
  }

  async function act(page: PartnerPage, what: "resend" | "take-back") {
    setBusy(`${what}:${page.id}`);
    try {
      const path = what === "resend" ? "/partner/pages/{id}/resend" : "/partner/pages/{id}/take-back";
      await api.post(path, { params: { id: page.id } });
      toast.show({
        title:
          what === "resend"
            ? t("partner.pages.resent", { email: page.sentTo ?? "" })
            : t("partner.pages.takenBack", { id: page.id }),
      });
    } catch (caught) {
      toast.show({
        tone: "error",
        title: what === "resend" ? t("partner.pages.resendFailed") : t("partner.pages.takeBackFailed"),
        description: refusalText(t, failureOf(caught)),
      });
    } finally {
      setBusy(null);
      await revalidator.revalidate();
    }
  }

  const wayText = (row: PartnerPage) =>
    row.state === "taken_back" && row.takenBackAt
      ? t("partner.pages.takenBackOn", { date: formatDate(row.takenBackAt, locale) })
      : row.state !== "made" && row.sentTo && row.sentAt
        ? t("partner.pages.sentTo", {
            email: row.sentTo,
            date: formatDate(row.sentAt, locale),
            count: row.sentCount,
          })
        : t("partner.pages.madeOn", { date: formatDate(row.madeAt, locale) });

  const pageCell = (row: PartnerPage) => (
    <span className="flex flex-col">
      {row.state === "claimed" ? (
        <Link to={`/k/${encodeURIComponent(row.id)}`} className="font-medium text-brand underline">
          {row.pageName ?? t("partner.pages.unnamed")}
        </Link>
      ) : (
        <span className="font-medium">{t("partner.pages.waiting")}</span>
      )}
      <span className="font-mono text-xs tracking-wider text-muted">{row.id}</span>
    </span>
  );

  const actions = (row: PartnerPage) => (
    <PageActions row={row} busy={busy} printCard={printCard} setSending={setSending} act={act} />
  );

  const columns: Column<PartnerPage>[] = [
    {
      key: "page",
      header: t("partner.pages.page"),
      cell: pageCell,
      className: "min-w-32",
    },
    {
      key: "way",
      header: t("partner.pages.way"),
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <StatePill
            tone={stateTones[row.state]}
            label={t(`partner.pages.state.${row.state}`)}
            state={row.state}
          />
          <span className="text-xs text-muted [overflow-wrap:anywhere]">{wayText(row)}</span>
        </span>
      ),
      className: "min-w-48",
    },
    {
      key: "status",
      header: t("partner.pages.status"),
      // The partner's gift of the extended trial goes under the status it leads to.
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge status={row.status} />
          {row.extendedTrial && (
            <span className="text-xs text-muted">
              {t("partner.pages.trialGivenShort", { days: extendedTrialDays })}
            </span>
          )}
        </span>
      ),
      wrap: "never",
    },
    {
      key: "actions",
      header: t("partner.pages.actions"),
      cell: actions,
      wrap: "never",
    },
  ];

  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const empty = view.q ? (
    <EmptyState
      icon={emptyIcons.search}
      title={t("partner.pages.emptySearch")}
      text={t("partner.pages.emptySearchText")}
      action={
        <ButtonLink to={listRoot} variant="secondary">
          {t("partner.pages.clear")}
        </ButtonLink>
      }
    />
  ) : (
    <EmptyState icon={emptyIcons.list} title={t("partner.pages.empty")} text={t("partner.pages.emptyText")} />
  );

  return (
    <div className="flex flex-col gap-8">
      <title>{t("partner.pages.title")}</title>
      <PageHeader
        title={t("partner.pages.heading")}
        description={t("partner.pages.lead", { organisation })}
        breadcrumbs={[
          { label: t("partner.nav.dashboard"), to: "/partner/dashboard" },
          { label: t("partner.pages.heading") },
        ]}
      />

      <dl className="grid grid-cols-3 gap-3" aria-label={t("partner.pages.countsLabel")}>
        {(["made", "sent", "claimed"] as const).map((key) => (
          <div key={key} className={`flex flex-col gap-1 ${cardClass} p-4`}>
            <dt className="text-sm text-muted">{t(`partner.pages.counts.${key}`)}</dt>
            <dd
              className="font-serif text-3xl font-semibold tabular-nums text-ink"
              data-testid={`count-${key}`}
            >
              {formatNumber(list.counts[key], locale)}
            </dd>
          </div>
        ))}
      </dl>

      <MakePages extendedTrialDays={extendedTrialDays} onMade={() => void revalidator.revalidate()} />

      <section aria-labelledby="made-pages" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="made-pages" className="text-xl font-semibold">
            {t("partner.pages.listHeading")}
          </h2>
          <p className="text-sm text-muted">{t("partner.pages.listLead")}</p>
        </div>
        {list.counts.made > 0 && (
          <form
            role="search"
            aria-label={t("partner.pages.searchLabel")}
            onSubmit={(event) => {
              event.preventDefault();
              search.submit();
            }}
            className="max-w-md"
          >
            <TextField
              label={t("partner.pages.search")}
              hint={t("partner.pages.searchHint")}
              type="search"
              name="q"
              autoComplete="off"
              value={q}
              maxLength={254}
              onChange={(event) => setQ(event.target.value)}
            />
          </form>
        )}
        {list.rows.length === 0 ? (
          <div className={`${cardClass} p-2`}>{empty}</div>
        ) : (
          <>
            <div className="hidden md:block">
              <DataTable
                caption={t("partner.pages.caption")}
                columns={columns}
                rows={list.rows}
                rowKey={(row) => row.id}
                loading={loading}
                empty={empty}
              />
            </div>
            {/* On a phone each page is a card with its actions in reach, rather than a table to scroll. */}
            <div className="md:hidden">
              {list.rows.length > 0 && (
                <ul
                  aria-label={t("partner.pages.caption")}
                  className="flex flex-col gap-3"
                  aria-busy={loading || undefined}
                >
                  {list.rows.map((row) => (
                    <li
                      key={row.id}
                      data-testid="page-card"
                      className={`flex flex-col gap-3 ${cardClass} p-4`}
                    >
                      <div className="flex items-start justify-between gap-3">
                        {pageCell(row)}
                        <StatusBadge status={row.status} />
                      </div>
                      <div className="flex flex-col items-start gap-1">
                        <StatePill
                          tone={stateTones[row.state]}
                          label={t(`partner.pages.state.${row.state}`)}
                          state={row.state}
                        />
                        <span className="text-sm text-muted [overflow-wrap:anywhere]">{wayText(row)}</span>
                        {row.extendedTrial && (
                          <span className="text-sm">
                            {t("partner.pages.trialGivenShort", { days: extendedTrialDays })}
                          </span>
                        )}
                      </div>
                      {actions(row)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
        {pages > 1 && (
          <nav aria-label={t("partner.pages.pages")} className="flex flex-wrap items-center gap-3">
            {view.page > 1 && (
              <ButtonLink to={listPath(listRoot, { ...view, page: view.page - 1 })} variant="secondary">
                {t("partner.users.previous")}
              </ButtonLink>
            )}
            <span className="text-sm tabular-nums">
              {t("partner.users.pageOf", { page: view.page, pages })}
            </span>
            {view.page < pages && (
              <ButtonLink to={listPath(listRoot, { ...view, page: view.page + 1 })} variant="secondary">
                {t("partner.users.next")}
              </ButtonLink>
            )}
          </nav>
        )}
      </section>

      <AddressLabels />

      <SendDialog
        page={sending}
        organisation={organisation}
        extendedTrialDays={extendedTrialDays}
        onClose={() => setSending(null)}
        onSent={(email) => {
          setSending(null);
          toast.show({ title: t("partner.pages.sent", { email }) });
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}

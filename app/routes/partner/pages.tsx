// /partner/dashboard/pages (rules `partner` and `partner-name`): the pages a partner makes for its
// families (decisions "Pages a family can start, and funeral homes that hand them out"). It makes one
// page or a batch of up to 500, prints their QR cards (the admin's sheet, of its own pages only), sends
// a family the claim link with a personal note, sends it again or takes it back while unclaimed, and
// sees where each page is on its way: made, sent (to whom, when), taken back, claimed, with the page's
// own status. Address labels for the envelopes come from the admin's label maker. The loader reads the
// same list the API answers (GET /api/partner/pages), so the first paint has the rows.
import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, redirect, useNavigate, useNavigation, useRevalidator } from "react-router";
import {
  partnerPagesMax,
  partnerPagesPageSizeDefault,
  partnerPagesQuerySchema,
  type PartnerMadePages,
  type PartnerPage,
  type PartnerPageState,
} from "../../../contract/partners";
import { invitationNoteMaxLength } from "../../../contract/family-values";
import { Alert } from "../../components/alert";
import { Button, ButtonLink } from "../../components/button";
import { cardClass } from "../../components/card";
import { CheckboxField } from "../../components/checkbox-field";
import { DataTable, type Column } from "../../components/data-table";
import { Dialog } from "../../components/dialog";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { PartnerSection } from "../../components/partner/section";
import { RadioGroup } from "../../components/radio-group";
import { StatePill, type PillTone } from "../../components/state-pill";
import { StatusBadge } from "../../components/status-badge";
import { TextArea } from "../../components/text-area";
import { TextField } from "../../components/text-field";
import { useToast } from "../../components/toast";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { failureOf, type Failure } from "../../lib/failure";
import { useTranslation } from "../../lib/i18n";
import { refusalText } from "../../lib/refusal";
import { saveFile } from "../../lib/save-file";
import { viewerOrganisation } from "../../lib/partner-organisation.server";
import { listPartnerPages, servicesContext, viewerContext } from "../../lib/services.server";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/pages";

export const middleware: Route.MiddlewareFunction[] = serverRules("partner", "partner-name");

const listRoot = "/partner/dashboard/pages";

type View = { q: string; page: number };

function listPath({ q, page }: View): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${listRoot}?${search}` : listRoot;
}

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

const stateTones: Record<PartnerPageState, PillTone> = {
  made: "stopped",
  sent: "waiting",
  taken_back: "bad",
  claimed: "good",
};

/** Saves the QR sheet of the pages named (or of a batch) as a PDF; answers what went wrong, if anything. */
async function downloadSheet(
  body: { source: "ids"; ids: string[] } | { source: "batch"; batchId: string },
  name: string,
): Promise<Failure | null> {
  try {
    const pdf = await api.file("post", "/partner/pages/qr-sheet", { body });
    saveFile(new Blob([pdf], { type: "application/pdf" }), name);
    return null;
  } catch (caught) {
    return failureOf(caught);
  }
}

export default function PartnerPages({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { view, list, organisation, extendedTrialDays } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const toast = useToast();
  const loading = navigation.state === "loading" && navigation.location.pathname === listRoot;
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale);
  const [sending, setSending] = useState<PartnerPage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // The search is typed freely and sent a moment after the typing stops; the address follows.
  const [q, setQ] = useState(view.q);
  const [seen, setSeen] = useState(view.q);
  if (view.q !== seen) {
    setSeen(view.q);
    setQ(view.q);
  }
  useEffect(() => {
    if (q.trim() === view.q) return;
    const timer = setTimeout(() => {
      void navigate(listPath({ q: q.trim(), page: 1 }), { replace: true });
    }, 350);
    return () => clearTimeout(timer);
  }, [q, view.q, navigate]);

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
    <span className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        busy={busy === `print:${row.id}`}
        onClick={() => void printCard(row)}
        aria-label={t("partner.pages.printLabel", { id: row.id })}
      >
        {t("partner.pages.print")}
      </Button>
      {row.state === "made" || row.state === "taken_back" ? (
        <Button onClick={() => setSending(row)} aria-label={t("partner.pages.sendLabel", { id: row.id })}>
          {t("partner.pages.send")}
        </Button>
      ) : null}
      {row.state === "sent" ? (
        <>
          <Button
            variant="secondary"
            busy={busy === `resend:${row.id}`}
            onClick={() => void act(row, "resend")}
            aria-label={t("partner.pages.resendLabel", { id: row.id, email: row.sentTo ?? "" })}
          >
            {t("partner.pages.resend")}
          </Button>
          <Button
            variant="ghost"
            busy={busy === `take-back:${row.id}`}
            onClick={() => void act(row, "take-back")}
            aria-label={t("partner.pages.takeBackLabel", { id: row.id })}
          >
            {t("partner.pages.takeBack")}
          </Button>
        </>
      ) : null}
    </span>
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
              {number.format(list.counts[key])}
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
              void navigate(listPath({ q: q.trim(), page: 1 }));
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
              <ButtonLink to={listPath({ ...view, page: view.page - 1 })} variant="secondary">
                {t("partner.users.previous")}
              </ButtonLink>
            )}
            <span className="text-sm tabular-nums">
              {t("partner.users.pageOf", { page: view.page, pages })}
            </span>
            {view.page < pages && (
              <ButtonLink to={listPath({ ...view, page: view.page + 1 })} variant="secondary">
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

/** Making one page or a batch, then printing the batch's cards at once. */
function MakePages({ extendedTrialDays, onMade }: { extendedTrialDays: number; onMade: () => void }) {
  const { t, i18n } = useTranslation();
  const [count, setCount] = useState("1");
  const [extendedTrial, setExtendedTrial] = useState(false);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [made, setMade] = useState<PartnerMadePages | null>(null);
  const wanted = Number(count);
  const valid = /^\d{1,3}$/.test(count.trim()) && wanted >= 1 && wanted <= partnerPagesMax;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      setError(t("partner.pages.make.countError", { max: partnerPagesMax }));
      return;
    }
    setError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      const answer = await api.post("/partner/pages", { body: { count: wanted, extendedTrial } });
      setMade(answer);
      onMade();
    } catch (caught) {
      const found = failureOf(caught);
      if (found.fields.count) setError(t("partner.pages.make.countError", { max: partnerPagesMax }));
      else setFailure(found);
    } finally {
      setBusy(false);
    }
  }

  async function printMade() {
    if (!made) return;
    setPrinting(true);
    const body = made.batchId
      ? ({ source: "batch", batchId: made.batchId } as const)
      : ({ source: "ids", ids: made.pages.map((page) => page.id) } as const);
    const failed = await downloadSheet(
      body,
      `kammare-qr-${made.pages[0]?.id ?? "sheet"}-${made.pages.length}.pdf`,
    );
    setPrinting(false);
    setFailure(failed);
    if (!failed) onMade();
  }

  return (
    <PartnerSection title={t("partner.pages.make.heading")} lead={t("partner.pages.make.lead")}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label={t("partner.pages.make.count")}
            hint={t("partner.pages.make.countHint", { max: partnerPagesMax })}
            error={error}
            inputMode="numeric"
            name="count"
            value={count}
            onChange={(event) => setCount(event.target.value)}
            className="max-w-sm"
            required
          />
        </div>
        <CheckboxField
          label={t("partner.pages.make.extendedTrial", { days: extendedTrialDays })}
          hint={t("partner.pages.make.extendedTrialHint")}
          checked={extendedTrial}
          onChange={(event) => setExtendedTrial(event.target.checked)}
        />
        <div>
          <Button type="submit" busy={busy}>
            {busy
              ? t("partner.pages.make.busy")
              : t("partner.pages.make.submit", { count: valid ? wanted : 1 })}
          </Button>
        </div>
      </form>
      {failure && (
        <Alert tone="error" title={t("partner.pages.make.failed")}>
          {refusalText(t, failure)}
        </Alert>
      )}
      {made && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-line bg-brand-soft/40 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="pages-made"
        >
          <div className="flex flex-col gap-0.5">
            <p className="font-semibold">
              {t("partner.pages.make.done", {
                count: made.pages.length,
                formatted: new Intl.NumberFormat(i18n.language).format(made.pages.length),
              })}
            </p>
            <p className="text-sm text-muted">
              {made.pages.length === 1
                ? t("partner.pages.make.doneOne", { id: made.pages[0]?.id ?? "" })
                : t("partner.pages.make.doneMany", {
                    first: made.pages[0]?.id ?? "",
                    last: made.pages.at(-1)?.id ?? "",
                  })}
            </p>
          </div>
          <Button variant="secondary" busy={printing} onClick={() => void printMade()}>
            {t("partner.pages.make.print", { count: made.pages.length })}
          </Button>
        </div>
      )}
    </PartnerSection>
  );
}

/** The dialog that e-mails a family the claim link of one page, with a note and the trial gift. */
function SendDialog({
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

/** Address labels or envelopes for the families' cards: the admin's label maker, for pasted addresses. */
function AddressLabels() {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [layout, setLayout] = useState<"labels-3x8" | "c5">("labels-3x8");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(t("partner.pages.labels.empty"));
      return;
    }
    setError(undefined);
    setFailed(false);
    setBusy(true);
    try {
      const pdf = await api.file("post", "/partner/address-labels.pdf", {
        body: { source: "paste", text, layout, startPosition: 1 },
      });
      saveFile(
        new Blob([pdf], { type: "application/pdf" }),
        layout === "c5" ? "kuvert-c5.pdf" : "adressetiketter.pdf",
      );
    } catch (caught) {
      // The admin's tool names each bad block; here one plain sentence says what an address needs.
      if (Object.keys(failureOf(caught).fields).length > 0) setError(t("partner.pages.labels.bad"));
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <PartnerSection title={t("partner.pages.labels.heading")} lead={t("partner.pages.labels.lead")}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <TextArea
          label={t("partner.pages.labels.addresses")}
          hint={t("partner.pages.labels.hint")}
          name="addresses"
          rows={4}
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <RadioGroup
          label={t("partner.pages.labels.layout")}
          name="layout"
          inline
          value={layout}
          onChange={(value) => setLayout(value === "c5" ? "c5" : "labels-3x8")}
          options={[
            { value: "labels-3x8", label: t("partner.pages.labels.sheet") },
            { value: "c5", label: t("partner.pages.labels.c5") },
          ]}
        />
        {failed && <Alert tone="error" title={t("partner.pages.labels.failed")} />}
        <div>
          <Button type="submit" variant="secondary" busy={busy}>
            {t("partner.pages.labels.submit")}
          </Button>
        </div>
      </form>
    </PartnerSection>
  );
}

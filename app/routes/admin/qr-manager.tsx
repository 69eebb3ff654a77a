// /admin/qr/manager (issue 13): the admin picks pages (a batch, its unclaimed pages, or a search by code
// or owner), sees one page's code as it will print and downloads it as SVG or PNG, and downloads the
// A4 print sheet of all the picked pages' codes. The list then shows them as printed, with the date.
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator, useSearchParams } from "react-router";
import {
  codesPerSheet,
  maxSheetCodes,
  qrProfileListSchema,
  type QrBatch,
  type QrLevel,
  type QrProfile,
  type QrProfileList,
  type QrSheetRequest,
} from "../../../contract/qr";
import { Alert } from "../../components/alert";
import { Button, buttonClass } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { DataTable, type Column } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { AdminPageHeader } from "../../components/page-header";
import { RadioGroup } from "../../components/radio-group";
import { SelectField } from "../../components/select-field";
import { StatusBadge } from "../../components/status-badge";
import { TextField } from "../../components/text-field";
import { useToast } from "../../components/toast";
import { api } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/date-format";
import { saveFile } from "../../lib/save-file";
import { listQrBatches, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/qr-manager";

export async function loader({ context }: Route.LoaderArgs) {
  return listQrBatches(context.get(servicesContext).db);
}

type Mode = "batch" | "search";
type Pages = { state: "idle" | "loading" | "failed" } | { state: "ready"; list: QrProfileList };
type ImageOptions = { size: number; margin: number; level: QrLevel };

const sizes = [256, 512, 1024, 2048];
const margins = [0, 1, 2, 4, 8];

function imagePath(id: string, format: "svg" | "png", options: ImageOptions): string {
  const query = new URLSearchParams({
    size: String(options.size),
    margin: String(options.margin),
    level: options.level,
  });
  return `/api/admin/qr/${encodeURIComponent(id)}.${format}?${query}`;
}

export default function QrManagerScreen({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const { batches } = loaderData;
  const wanted = searchParams.get("batch");
  const [mode, setMode] = useState<Mode>(batches.length === 0 ? "search" : "batch");
  const [batchId, setBatchId] = useState(
    batches.find((batch) => batch.id === wanted)?.id ?? batches[0]?.id ?? "",
  );
  const [unclaimedOnly, setUnclaimedOnly] = useState(false);
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState("");
  const [queryProblem, setQueryProblem] = useState<string | undefined>();
  const [selected, setSelected] = useState<string | null>(null);
  const [options, setOptions] = useState<ImageOptions>({ size: 512, margin: 4, level: "Q" });
  const [busyPart, setBusyPart] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const number = new Intl.NumberFormat(i18n.language);
  const batch = batches.find((entry) => entry.id === batchId);

  // The pages of the current choice (its query string), loaded again after a sheet is printed (reload);
  // the list shown stays until the new one is there.
  const pagesQuery =
    mode === "batch"
      ? batchId
        ? `batch=${batchId}${unclaimedOnly ? "&unclaimed=1" : ""}`
        : null
      : searched
        ? `q=${encodeURIComponent(searched)}`
        : null;
  const [loaded, setLoaded] = useState<{ query: string; pages: Pages } | null>(null);
  useEffect(() => {
    if (!pagesQuery) return;
    let current = true;
    api()(`/api/admin/qr/profiles?${pagesQuery}`)
      .then((answer) => {
        if (!current) return;
        const list = qrProfileListSchema.parse(answer);
        setLoaded({ query: pagesQuery, pages: { state: "ready", list } });
        setSelected((before) =>
          before && list.profiles.some((page) => page.id === before)
            ? before
            : (list.profiles[0]?.id ?? null),
        );
      })
      .catch(() => current && setLoaded({ query: pagesQuery, pages: { state: "failed" } }));
    return () => {
      current = false;
    };
  }, [pagesQuery, reload]);
  const pages: Pages = !pagesQuery
    ? { state: "idle" }
    : loaded?.query === pagesQuery
      ? loaded.pages
      : { state: "loading" };

  function search(event: FormEvent) {
    event.preventDefault();
    const text = query.trim();
    if (!text) {
      setQueryProblem(t("adminQr.search.empty"));
      return;
    }
    setQueryProblem(undefined);
    setSearched(text);
  }

  const list = pages.state === "ready" ? pages.list : null;
  const total = list?.total ?? 0;
  const parts = mode === "batch" ? Math.ceil(total / maxSheetCodes) : total > 0 ? 1 : 0;

  async function printSheet(part: number) {
    if (!list) return;
    const body: QrSheetRequest =
      mode === "batch"
        ? { source: "batch", batchId, unclaimedOnly, part, level: options.level }
        : {
            source: "ids",
            ids: list.profiles.slice(0, maxSheetCodes).map((page) => page.id),
            level: options.level,
          };
    setBusyPart(part);
    try {
      const pdf = await api()<Blob, "blob">("/api/admin/qr/sheet", {
        method: "POST",
        body,
        responseType: "blob",
      });
      const first = mode === "batch" ? (part - 1) * maxSheetCodes + 1 : 1;
      const count = Math.min(maxSheetCodes, total - (first - 1));
      saveFile(
        new Blob([pdf], { type: "application/pdf" }),
        `kammare-qr-${list.profiles[0]?.id ?? "sheet"}-${part}.pdf`,
      );
      toast.show({
        title: t("adminQr.sheet.downloaded"),
        description: t("adminQr.sheet.downloadedText", { count, formatted: number.format(count) }),
      });
      setReload((value) => value + 1);
      void revalidator.revalidate();
    } catch {
      toast.show({
        tone: "error",
        title: t("adminQr.sheet.failed"),
        description: t("adminQr.sheet.failedText"),
      });
    } finally {
      setBusyPart(null);
    }
  }

  const columns: Column<QrProfile>[] = [
    {
      key: "id",
      header: t("adminQr.columns.id"),
      cell: (page) => <span className="font-mono font-semibold">{page.id}</span>,
      wrap: "never",
    },
    {
      key: "status",
      header: t("adminQr.columns.status"),
      cell: (page) => <StatusBadge status={page.status} />,
      wrap: "never",
    },
    {
      key: "owner",
      header: t("adminQr.columns.owner"),
      cell: (page) => page.ownerEmail ?? <span className="text-muted">{t("adminQr.columns.noOwner")}</span>,
      wrap: "anywhere",
      // An address breaks anywhere, but not down to a letter a line when the table is narrow.
      className: "min-w-[11rem]",
    },
    {
      key: "printed",
      header: t("adminQr.columns.printed"),
      cell: (page) =>
        page.qrPrintedAt ? (
          <time dateTime={page.qrPrintedAt} title={formatDateTime(page.qrPrintedAt, i18n.language)}>
            {formatDate(page.qrPrintedAt, i18n.language)}
          </time>
        ) : (
          <span className="text-muted">{t("adminQr.columns.notPrinted")}</span>
        ),
      wrap: "never",
    },
    {
      key: "show",
      header: t("adminQr.columns.code"),
      cell: (page) => (
        <button
          type="button"
          aria-pressed={selected === page.id}
          aria-label={t("adminQr.columns.showLabel", { id: page.id })}
          onClick={() => setSelected(page.id)}
          className="min-h-11 rounded-[var(--radius-control)] px-2 font-medium text-brand underline underline-offset-2 aria-pressed:bg-brand-soft aria-pressed:no-underline"
        >
          {selected === page.id ? t("adminQr.columns.shown") : t("adminQr.columns.show")}
        </button>
      ),
      wrap: "never",
    },
  ];

  return (
    <div className="flex flex-col gap-8">
      <title>{t("adminQr.title")}</title>
      <AdminPageHeader path="/admin/qr/manager" description={t("adminQr.lead")} />

      <section aria-labelledby="qr-choose" className="flex flex-col gap-4">
        <h2 id="qr-choose" className="text-lg font-semibold text-ink">
          {t("adminQr.choose.heading")}
        </h2>
        <RadioGroup
          label={t("adminQr.choose.label")}
          name="qr-mode"
          inline
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          options={[
            { value: "batch", label: t("adminQr.choose.batch") },
            { value: "search", label: t("adminQr.choose.search") },
          ]}
        />
        {mode === "batch" ? (
          batches.length === 0 ? (
            <EmptyState
              icon={emptyIcons.list}
              title={t("adminQr.batches.none")}
              text={t("adminQr.batches.noneText")}
              action={
                <Link
                  to="/admin/profiles/new"
                  className="font-medium text-brand underline underline-offset-2"
                >
                  {t("adminQr.batches.make")}
                </Link>
              }
            />
          ) : (
            <div className="flex max-w-2xl flex-col gap-3">
              <SelectField
                label={t("adminQr.batches.label")}
                name="batch"
                value={batchId}
                onChange={(event) => setBatchId(event.target.value)}
                options={batches.map((entry) => ({ value: entry.id, label: batchLabel(entry) }))}
              />
              {batch && <BatchFacts batch={batch} />}
              <CheckboxField
                label={t("adminQr.batches.unclaimedOnly")}
                hint={t("adminQr.batches.unclaimedHint")}
                checked={unclaimedOnly}
                onChange={(event) => setUnclaimedOnly(event.target.checked)}
              />
            </div>
          )
        ) : (
          <form
            role="search"
            noValidate
            onSubmit={search}
            className="flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-end"
          >
            <TextField
              className="flex-1"
              label={t("adminQr.search.label")}
              hint={t("adminQr.search.hint")}
              name="q"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              error={queryProblem}
            />
            <Button type="submit">{t("adminQr.search.submit")}</Button>
          </form>
        )}
      </section>

      {pages.state === "failed" && (
        <Alert tone="error" title={t("adminQr.pages.failed")}>
          <Button
            variant="secondary"
            onClick={() => {
              setLoaded(null);
              setReload((value) => value + 1);
            }}
          >
            {t("adminQr.pages.retry")}
          </Button>
        </Alert>
      )}

      {(pages.state === "loading" || list) && (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-labelledby="qr-pages" className="flex min-w-0 flex-col gap-4">
            <h2 id="qr-pages" className="text-lg font-semibold text-ink">
              {t("adminQr.pages.heading")}
            </h2>
            <SheetActions
              total={total}
              parts={parts}
              busyPart={busyPart}
              level={options.level}
              onLevel={(level) => setOptions((before) => ({ ...before, level }))}
              onPrint={(part) => void printSheet(part)}
              loading={pages.state === "loading"}
              search={mode === "search"}
            />
            <DataTable
              caption={t("adminQr.pages.caption", { count: total, formatted: number.format(total) })}
              columns={columns}
              rows={list?.profiles ?? []}
              rowKey={(page) => page.id}
              loading={pages.state === "loading"}
              empty={
                <EmptyState
                  icon={emptyIcons.search}
                  title={t(mode === "batch" ? "adminQr.pages.noneInBatch" : "adminQr.pages.noneFound")}
                  headingLevel={3}
                />
              }
            />
            {list && list.total > list.profiles.length && (
              <p className="text-sm text-muted">
                {t("adminQr.pages.shownFirst", {
                  shown: number.format(list.profiles.length),
                  total: number.format(list.total),
                })}
              </p>
            )}
          </section>
          {selected && <SingleCode id={selected} options={options} onOptions={setOptions} />}
        </div>
      )}
    </div>
  );

  function batchLabel(entry: QrBatch): string {
    return t("adminQr.batches.option", {
      date: formatDateTime(entry.createdAt, i18n.language),
      count: entry.count,
      formatted: number.format(entry.count),
    });
  }
}

function BatchFacts({ batch }: { batch: QrBatch }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <p className="text-sm text-muted">
      {t("adminQr.batches.facts", {
        unclaimed: number.format(batch.unclaimed),
        printed: number.format(batch.printed),
        count: number.format(batch.count),
      })}
      {batch.partner ? ` · ${t("adminQr.batches.partner", { name: batch.partner })}` : ""}
      {batch.createdBy ? ` · ${t("adminQr.batches.by", { email: batch.createdBy })}` : ""}
    </p>
  );
}

function SheetActions({
  total,
  parts,
  busyPart,
  level,
  onLevel,
  onPrint,
  loading,
  search,
}: {
  total: number;
  parts: number;
  busyPart: number | null;
  level: QrLevel;
  onLevel: (level: QrLevel) => void;
  onPrint: (part: number) => void;
  loading: boolean;
  search: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  // A search prints the pages it lists (the first 1,000); a batch prints all, in parts.
  const codes = search ? Math.min(total, maxSheetCodes) : total;
  const sheets = Math.ceil(codes / codesPerSheet);
  return (
    <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-raised p-4">
      <RadioGroup
        label={t("adminQr.level.label")}
        hint={t("adminQr.level.hint")}
        name="qr-level"
        inline
        value={level}
        onChange={(value) => onLevel(value as QrLevel)}
        options={[
          { value: "Q", label: t("adminQr.level.Q") },
          { value: "H", label: t("adminQr.level.H") },
        ]}
      />
      <p className="text-sm text-ink" aria-live="polite">
        {loading
          ? t("adminQr.sheet.counting")
          : total === 0
            ? t("adminQr.sheet.nothing")
            : t("adminQr.sheet.summary", {
                codes: t("adminQr.sheet.codes", {
                  count: codes,
                  formatted: number.format(codes),
                }),
                sheets: t("adminQr.sheet.sheets", { count: sheets, formatted: number.format(sheets) }),
              })}
      </p>
      <div className="flex flex-wrap gap-3">
        {parts <= 1 ? (
          <Button onClick={() => onPrint(1)} busy={busyPart === 1} disabled={loading || total === 0}>
            {busyPart === 1 ? t("adminQr.sheet.busy") : t("adminQr.sheet.download")}
          </Button>
        ) : (
          Array.from({ length: parts }, (_, index) => {
            const from = index * maxSheetCodes + 1;
            const to = Math.min(total, (index + 1) * maxSheetCodes);
            return (
              <Button
                key={index}
                variant={index === 0 ? "primary" : "secondary"}
                onClick={() => onPrint(index + 1)}
                busy={busyPart === index + 1}
                disabled={busyPart !== null}
              >
                {t("adminQr.sheet.part", { from: number.format(from), to: number.format(to) })}
              </Button>
            );
          })
        )}
      </div>
    </div>
  );
}

function SingleCode({
  id,
  options,
  onOptions,
}: {
  id: string;
  options: ImageOptions;
  onOptions: (update: (before: ImageOptions) => ImageOptions) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const preview = imagePath(id, "svg", options);
  // The address whose image failed to load; another choice of page or options tries again.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {t("adminQr.single.heading", { id })}
      </h2>
      <div className="relative mx-auto aspect-square w-full max-w-64 rounded-[var(--radius-card)] border border-line bg-white p-2">
        <img
          key={preview}
          src={preview}
          alt={t("adminQr.single.alt", { id })}
          className="size-full"
          onError={() => setFailedFor(preview)}
        />
        {failedFor === preview && (
          <p
            role="alert"
            className="absolute inset-0 grid place-items-center bg-white p-4 text-center text-sm text-danger"
          >
            {t("adminQr.single.failed")}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label={t("adminQr.single.size")}
          name="qr-size"
          value={String(options.size)}
          onChange={(event) => onOptions((before) => ({ ...before, size: Number(event.target.value) }))}
          options={sizes.map((size) => ({
            value: String(size),
            label: t("adminQr.single.pixels", { size }),
          }))}
        />
        <SelectField
          label={t("adminQr.single.margin")}
          name="qr-margin"
          value={String(options.margin)}
          onChange={(event) => onOptions((before) => ({ ...before, margin: Number(event.target.value) }))}
          options={margins.map((margin) => ({
            value: String(margin),
            label: t("adminQr.single.modules", { count: margin }),
          }))}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <a
          href={imagePath(id, "svg", options)}
          download={`kammare-${id}.svg`}
          className={buttonClass("secondary")}
        >
          {t("adminQr.single.svg")}
        </a>
        <a
          href={imagePath(id, "png", options)}
          download={`kammare-${id}.png`}
          className={buttonClass("secondary")}
        >
          {t("adminQr.single.png")}
        </a>
      </div>
    </section>
  );
}

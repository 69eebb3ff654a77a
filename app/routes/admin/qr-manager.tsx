// /admin/qr/manager (ADR 015): the admin picks pages (a batch, its unclaimed pages, or a search by code
// or owner), sees one page's code as it will print and downloads it as SVG or PNG, and downloads the
// A4 print sheet of all the picked pages' codes. The list then shows them as printed, with the date.
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link, useSearchParams } from "react-router";
import { maxSheetCodes, type QrBatch, type QrProfileList, type QrSheetRequest } from "../../../contract/qr";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { DataTable } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { RadioGroup } from "../../components/radio-group";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { useToast } from "../../components/toast";
import { BatchFacts } from "../../components/admin/qr/batch-facts";
import { usePageColumns } from "../../components/admin/qr/page-columns";
import { SheetActions } from "../../components/admin/qr/sheet-actions";
import { SingleCode, type ImageOptions } from "../../components/admin/qr/single-code";
import { api } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { saveFile } from "../../lib/save-file";
import { listQrBatches, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/qr-manager";
import { fieldRowClass } from "../../components/field";
import { formatNumber } from "../../lib/format";

export async function loader({ context }: Route.LoaderArgs) {
  return listQrBatches(context.get(servicesContext).db);
}

type Mode = "batch" | "search";
type Pages = { state: "idle" | "loading" | "failed" } | { state: "ready"; list: QrProfileList };

export default function QrManagerScreen({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
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
  const number = (value: number) => formatNumber(value, i18n.language);
  const batch = batches.find((entry) => entry.id === batchId);
  const columns = usePageColumns({ selected, onSelect: setSelected });

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
    api
      .get("/admin/qr/profiles", { query: Object.fromEntries(new URLSearchParams(pagesQuery)) })
      .then((list) => {
        if (!current) return;
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
      const pdf = await api.file("post", "/admin/qr/sheet", { body });
      const first = mode === "batch" ? (part - 1) * maxSheetCodes + 1 : 1;
      const count = Math.min(maxSheetCodes, total - (first - 1));
      saveFile(
        new Blob([pdf], { type: "application/pdf" }),
        `kammare-qr-${list.profiles[0]?.id ?? "sheet"}-${part}.pdf`,
      );
      toast.show({
        title: t("adminQr.sheet.downloaded"),
        description: t("adminQr.sheet.downloadedText", { count, formatted: number(count) }),
      });
      setReload((value) => value + 1);
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
          <form role="search" noValidate onSubmit={search} className={fieldRowClass("end", "max-w-2xl")}>
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
              caption={t("adminQr.pages.caption", { count: total, formatted: number(total) })}
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
                  shown: number(list.profiles.length),
                  total: number(list.total),
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
      formatted: number(entry.count),
    });
  }
}

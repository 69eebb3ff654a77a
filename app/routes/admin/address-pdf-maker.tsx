// /admin/address-pdf-maker (issue 13): the admin brings addresses in (pasted, a CSV file, or the pages
// whose plaque awaits mailing), chooses 3 x 8 labels (from a start position, so a half-used sheet is
// used up) or C5 envelopes, previews the first sheets to scale, and downloads the PDF. A bad list is
// shown problem by problem, by block or row, in the reader's language, and offers no download.
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  addressLabelMessages,
  addressLabelsErrorSchema,
  addressLabelsPreviewSchema,
  awaitingPlaquesSchema,
  plaquesSentAnswerSchema,
  type AddressLabelsPreview,
  type AddressLabelsRequest,
  type AwaitingPlaque,
  type AwaitingPlaques,
  type LabelLayout,
} from "../../../contract/address-labels";
import {
  addressMessages,
  maxAddresses,
  maxAddressInputChars,
  type AddressMessage,
} from "../../../contract/addresses";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { DataTable, type Column } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { FileDrop } from "../../components/file-drop";
import { AdminPageHeader } from "../../components/page-header";
import { RadioGroup } from "../../components/radio-group";
import { TextArea } from "../../components/text-area";
import { useToast } from "../../components/toast";
import { SheetPreview } from "../../components/admin/labels/sheet-preview";
import { StartPositionPicker } from "../../components/admin/labels/start-position";
import { api } from "../../lib/api";
import { saveFile } from "../../lib/save-file";
import { errorBodyOf } from "../../lib/validate";

type Source = "paste" | "csv" | "awaiting";
const sources: Source[] = ["paste", "csv", "awaiting"];

const exampleText = [
  "Anna Åkesson",
  "Storgatan 1",
  "123 45 Växjö",
  "",
  "Ola Nordmann",
  "Karl Johans gate 1",
  "0154 Oslo",
  "Norge",
].join("\n");
const csvHeader = "name,street,street2,postcode,city,country";
const csvSwedishHeader = "namn;adress;adress2;postnummer;ort;land";

/** A list with thousands of bad rows shows the first ones and says how many more there are. */
const shownProblems = 200;

/** One problem as the screen lists it: where (already in words) and what, in the reader's language. */
type ShownProblem = { where: string; message: string };

type Awaiting = { state: "idle" | "loading" | "failed" } | { state: "ready"; list: AwaitingPlaques };

const messageNames = Object.keys(addressMessages) as AddressMessage[];
const labelMessageNames = Object.keys(addressLabelMessages) as (keyof typeof addressLabelMessages)[];

export default function AddressPdfMakerScreen() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [source, setSource] = useState<Source>("paste");
  const [pasted, setPasted] = useState("");
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [csvProblem, setCsvProblem] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<Awaiting>({ state: "idle" });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [layout, setLayout] = useState<LabelLayout>("labels-3x8");
  const [startPosition, setStartPosition] = useState(1);
  const [busy, setBusy] = useState<"preview" | "download" | "mark" | null>(null);
  const [preview, setPreview] = useState<{ key: string; data: AddressLabelsPreview } | null>(null);
  const [problems, setProblems] = useState<ShownProblem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [printed, setPrinted] = useState<string[]>([]);
  const problemsRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  const number = new Intl.NumberFormat(i18n.language);

  const request = requestFor();
  const requestKey = request ? JSON.stringify(request) : null;
  const current = preview && preview.key === requestKey ? preview.data : null;

  function requestFor(): AddressLabelsRequest | null {
    const common = { layout, startPosition: layout === "c5" ? 1 : startPosition };
    if (source === "paste") return pasted.trim() ? { source, text: pasted, ...common } : null;
    if (source === "csv") return csv ? { source, text: csv.text, ...common } : null;
    return chosen.size > 0 ? { source, profileIds: [...chosen], ...common } : null;
  }

  async function loadAwaiting() {
    setAwaiting({ state: "loading" });
    try {
      const list = awaitingPlaquesSchema.parse(await api()("/api/admin/address-labels/awaiting"));
      setAwaiting({ state: "ready", list });
      // A choice that has left the list (marked elsewhere) is dropped.
      setChosen(
        (before) => new Set(list.rows.filter((row) => before.has(row.profileId)).map((r) => r.profileId)),
      );
    } catch {
      setAwaiting({ state: "failed" });
    }
  }

  function clearResult() {
    setProblems(null);
    setFailed(false);
  }

  /** Where a field of the 400 is, in words: "Row 3, postcode", "Address 2", "Page ABCD1234". */
  function whereOf(field: string, profileIds: string[]): string {
    const parts = field.split(".");
    const [head, at, name] = parts;
    const fieldWord = name ? `, ${t(`adminLabels.fields.${name}`)}` : "";
    if (head === "rows") return `${t("adminLabels.errors.row", { at })}${fieldWord}`;
    if (head === "blocks") return `${t("adminLabels.errors.block", { at })}${fieldWord}`;
    if (head === "profileIds" && at !== undefined) {
      return t("adminLabels.errors.page", { id: profileIds[Number(at)] ?? at });
    }
    return t("adminLabels.errors.whole");
  }

  /** A server message in the reader's language where the contract names it, else as the server said. */
  function messageOf(text: string): string {
    const addressName = messageNames.find((name) => addressMessages[name] === text);
    if (addressName) return addressMessageText(addressName);
    const labelName = labelMessageNames.find((name) => addressLabelMessages[name] === text);
    return labelName ? t(`adminLabels.errors.${labelName}`) : text;
  }

  function addressMessageText(name: AddressMessage | string): string {
    return t(`addresses.errors.${name}`, {
      max: number.format(name === "tooMany" ? maxAddresses : maxAddressInputChars),
    });
  }

  async function showFailure(caught: unknown, sent: AddressLabelsRequest) {
    const error = caught as { status?: unknown } | null;
    const parsed = addressLabelsErrorSchema.safeParse(await errorBodyOf(caught));
    if (error?.status === 413) {
      setProblems([{ where: t("adminLabels.errors.whole"), message: t("adminLabels.errors.tooLarge") }]);
    } else if (error?.status === 400 && parsed.success) {
      const ids = sent.source === "awaiting" ? sent.profileIds : [];
      const listed = parsed.data.error.problems ?? [];
      const shown: ShownProblem[] =
        listed.length > 0 && sent.source !== "awaiting"
          ? listed.map((problem) => ({
              where:
                problem.at === null
                  ? t("adminLabels.errors.whole")
                  : `${t(sent.source === "csv" ? "adminLabels.errors.row" : "adminLabels.errors.block", { at: problem.at })}${
                      problem.field ? `, ${t(`adminLabels.fields.${problem.field}`)}` : ""
                    }`,
              message: addressMessageText(problem.message),
            }))
          : Object.entries(parsed.data.error.fields ?? {}).map(([field, text]) => ({
              where: whereOf(field, ids),
              message: messageOf(text),
            }));
      setProblems(shown);
    } else {
      setFailed(true);
    }
    // The problems are where the eye goes next.
    requestAnimationFrame(() => problemsRef.current?.focus());
  }

  /** The request, or the reason there is none yet, shown like a problem. */
  function readyRequest(): AddressLabelsRequest | null {
    if (request) return request;
    const reason =
      source === "paste"
        ? "adminLabels.errors.nothingPasted"
        : source === "csv"
          ? "adminLabels.errors.noFile"
          : "adminLabels.errors.nothingChosen";
    setProblems([{ where: t(`adminLabels.sources.${source}`), message: t(reason) }]);
    requestAnimationFrame(() => problemsRef.current?.focus());
    return null;
  }

  async function makePreview() {
    clearResult();
    const sent = readyRequest();
    if (!sent) return;
    setBusy("preview");
    try {
      const answer = addressLabelsPreviewSchema.parse(
        await api()("/api/admin/address-labels/preview", { method: "POST", body: sent }),
      );
      setPreview({ key: JSON.stringify(sent), data: answer });
      requestAnimationFrame(() => previewRef.current?.focus());
    } catch (caught) {
      setPreview(null);
      await showFailure(caught, sent);
    } finally {
      setBusy(null);
    }
  }

  async function download() {
    clearResult();
    const sent = readyRequest();
    if (!sent) return;
    setBusy("download");
    try {
      const pdf = await api()<Blob, "blob">("/api/admin/address-labels.pdf", {
        method: "POST",
        body: sent,
        responseType: "blob",
      });
      const file = layout === "c5" ? "kuvert-c5.pdf" : "adressetiketter.pdf";
      saveFile(new Blob([pdf], { type: "application/pdf" }), file);
      toast.show({
        title: t("adminLabels.actions.downloaded"),
        description: t("adminLabels.actions.downloadedText", {
          count: current?.count ?? 0,
          file,
        }),
      });
      if (sent.source === "awaiting") setPrinted(sent.profileIds);
    } catch (caught) {
      await showFailure(caught, sent);
    } finally {
      setBusy(null);
    }
  }

  async function markSent() {
    const ids = [...chosen];
    if (ids.length === 0) return;
    setBusy("mark");
    try {
      const { marked } = plaquesSentAnswerSchema.parse(
        await api()("/api/admin/address-labels/plaques-sent", { method: "POST", body: { profileIds: ids } }),
      );
      toast.show({ title: t("adminLabels.awaiting.marked", { count: marked }) });
      setChosen(new Set());
      setPrinted([]);
      setPreview(null);
      await loadAwaiting();
    } catch {
      toast.show({ title: t("adminLabels.awaiting.markFailed"), tone: "error" });
    } finally {
      setBusy(null);
    }
  }

  const summary = current
    ? current.layout === "c5"
      ? t("adminLabels.preview.summaryC5", { count: current.count })
      : t("adminLabels.preview.summaryLabels", {
          addresses: t("adminLabels.preview.addresses", { count: current.count }),
          sheets: t("adminLabels.preview.sheets", { count: current.pages }),
        })
    : null;

  return (
    <div className="flex flex-col gap-8">
      <title>{t("adminLabels.title")}</title>
      <AdminPageHeader path="/admin/address-pdf-maker" description={t("adminLabels.lead")} />

      <section className="flex flex-col gap-4" aria-labelledby="labels-source">
        <h2 id="labels-source" className="text-lg font-semibold text-ink">
          {t("adminLabels.sources.label")}
        </h2>
        <SourceTabs
          value={source}
          onChange={(next) => {
            setSource(next);
            clearResult();
            // Loaded when the tab is first opened; "Try again" and marking plaques sent reload it.
            if (next === "awaiting" && awaiting.state === "idle") void loadAwaiting();
          }}
        >
          {source === "paste" && (
            <PastePanel
              value={pasted}
              onChange={(text) => {
                setPasted(text);
                clearResult();
              }}
            />
          )}
          {source === "csv" && (
            <CsvPanel
              file={csv}
              problem={csvProblem}
              onFile={(file, problem) => {
                setCsv(file);
                setCsvProblem(problem);
                clearResult();
              }}
            />
          )}
          {source === "awaiting" && (
            <AwaitingPanel
              awaiting={awaiting}
              chosen={chosen}
              printed={printed}
              busy={busy === "mark"}
              onRetry={() => void loadAwaiting()}
              onChoose={(next) => {
                setChosen(next);
                clearResult();
              }}
              onMarkSent={() => void markSent()}
            />
          )}
        </SourceTabs>
      </section>

      <section className="grid gap-8 md:grid-cols-2" aria-label={t("adminLabels.layout.label")}>
        <RadioGroup
          label={t("adminLabels.layout.label")}
          name="layout"
          value={layout}
          onChange={(value) => {
            setLayout(value === "c5" ? "c5" : "labels-3x8");
            clearResult();
          }}
          options={[
            {
              value: "labels-3x8",
              label: t("adminLabels.layout.labels"),
              hint: t("adminLabels.layout.labelsHint"),
            },
            { value: "c5", label: t("adminLabels.layout.c5"), hint: t("adminLabels.layout.c5Hint") },
          ]}
        />
        {layout === "labels-3x8" && (
          <StartPositionPicker
            value={startPosition}
            onChange={(position) => {
              setStartPosition(position);
              clearResult();
            }}
          />
        )}
      </section>

      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-3">
          <Button
            variant={current ? "secondary" : "primary"}
            busy={busy === "preview"}
            onClick={() => void makePreview()}
          >
            {busy === "preview" ? t("adminLabels.actions.previewing") : t("adminLabels.actions.preview")}
          </Button>
          {current && (
            <Button busy={busy === "download"} onClick={() => void download()}>
              {busy === "download" ? t("adminLabels.actions.downloading") : t("adminLabels.actions.download")}
            </Button>
          )}
        </div>
        <div ref={problemsRef} tabIndex={-1} aria-live="polite" className="outline-none">
          {problems && problems.length > 0 && (
            <Alert tone="error" title={t("adminLabels.errors.titleCount", { count: problems.length })}>
              <ul
                className="mt-1 flex max-h-80 list-disc flex-col gap-1 overflow-y-auto pl-5"
                data-testid="problems"
              >
                {problems.slice(0, shownProblems).map((problem, index) => (
                  <li key={index}>
                    <strong>{problem.where}:</strong> {problem.message}
                  </li>
                ))}
              </ul>
              {problems.length > shownProblems && (
                <p className="mt-2">
                  {t("adminLabels.errors.moreProblems", { count: problems.length - shownProblems })}
                </p>
              )}
            </Alert>
          )}
          {failed && <Alert tone="error" title={t("adminLabels.errors.failed")} />}
        </div>
      </div>

      <section
        ref={previewRef}
        tabIndex={-1}
        aria-labelledby="labels-preview"
        className="flex flex-col gap-4 outline-none"
        aria-busy={busy === "preview" || undefined}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="labels-preview" className="text-lg font-semibold text-ink">
            {t("adminLabels.preview.heading")}
          </h2>
          {summary && (
            <p className="text-sm font-medium text-ink" data-testid="preview-summary">
              {summary}
            </p>
          )}
        </div>
        {current ? (
          <SheetPreview preview={current} />
        ) : preview ? (
          <Alert tone="info" title={t("adminLabels.preview.stale")} />
        ) : (
          <p className="rounded-[var(--radius-card)] border border-dashed border-line px-4 py-8 text-center text-sm text-muted">
            {t("adminLabels.preview.empty")}
          </p>
        )}
      </section>
    </div>
  );
}

/** The three sources as tabs: arrow keys move between them, as the ARIA tabs pattern says. */
function SourceTabs({
  value,
  onChange,
  children,
}: {
  value: Source;
  onChange: (source: Source) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = sources.indexOf(value);
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % sources.length
        : event.key === "ArrowLeft"
          ? (index + sources.length - 1) % sources.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? sources.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(sources[next] ?? "paste");
    tabs.current[next]?.focus();
  }
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={t("adminLabels.sources.label")}
        className="flex flex-wrap gap-1 border-b border-line"
        onKeyDown={onKeyDown}
      >
        {sources.map((each, index) => {
          const selected = each === value;
          return (
            <button
              key={each}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${each}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(each)}
              className={`-mb-px min-h-11 rounded-t-[var(--radius-control)] border-b-2 px-4 py-2 text-sm font-semibold transition-colors ${
                selected
                  ? "border-brand text-brand"
                  : "border-transparent text-muted hover:bg-brand-soft hover:text-ink"
              }`}
            >
              {t(`adminLabels.sources.${each}`)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${value}`}>
        {children}
      </div>
    </div>
  );
}

function PastePanel({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <TextArea
        label={t("adminLabels.paste.label")}
        hint={t("adminLabels.paste.hint")}
        name="addresses"
        value={value}
        rows={12}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-ink">{t("adminLabels.paste.example")}</h3>
        <pre className="overflow-x-auto rounded-[var(--radius-card)] border border-line bg-raised p-3 text-sm text-ink">
          {exampleText}
        </pre>
        <div>
          <Button variant="secondary" onClick={() => onChange(exampleText)}>
            {t("adminLabels.paste.useExample")}
          </Button>
        </div>
      </div>
    </div>
  );
}

function CsvPanel({
  file,
  problem,
  onFile,
}: {
  file: { name: string; text: string } | null;
  problem: string | null;
  onFile: (file: { name: string; text: string } | null, problem: string | null) => void;
}) {
  const { t, i18n } = useTranslation();

  async function choose(chosen: File | null | undefined) {
    if (!chosen) return;
    try {
      const text = await chosen.text();
      if (text.length > maxAddressInputChars) {
        onFile(
          null,
          t("adminLabels.csv.tooLarge", {
            max: new Intl.NumberFormat(i18n.language).format(maxAddressInputChars),
          }),
        );
      } else {
        onFile({ name: chosen.name, text }, null);
      }
    } catch {
      onFile(null, t("adminLabels.csv.unreadable"));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <FileDrop
        name="csv"
        accept=".csv,text/csv,text/plain"
        title={file ? t("adminLabels.csv.change") : t("adminLabels.csv.choose")}
        hint={t("adminLabels.csv.chooseHint")}
        onFile={(chosen) => void choose(chosen)}
      />
      <p className="text-sm" aria-live="polite" data-testid="chosen-file">
        {file ? (
          <>
            {t("adminLabels.csv.chosen")} <strong className="break-all">{file.name}</strong>
          </>
        ) : (
          <span className="text-muted">{t("adminLabels.csv.noFile")}</span>
        )}
      </p>
      {problem && <Alert tone="error" title={problem} />}
      <div className="flex flex-col gap-1 text-sm">
        <p className="text-muted">{t("adminLabels.csv.header")}</p>
        <code className="block overflow-x-auto rounded border border-line bg-raised px-3 py-2 text-ink">
          {csvHeader}
        </code>
        <p className="mt-2 text-muted">{t("adminLabels.csv.swedishHeader")}</p>
        <code className="block overflow-x-auto rounded border border-line bg-raised px-3 py-2 text-ink">
          {csvSwedishHeader}
        </code>
      </div>
    </div>
  );
}

function AwaitingPanel({
  awaiting,
  chosen,
  printed,
  busy,
  onRetry,
  onChoose,
  onMarkSent,
}: {
  awaiting: Awaiting;
  chosen: Set<string>;
  printed: string[];
  busy: boolean;
  onRetry: () => void;
  onChoose: (chosen: Set<string>) => void;
  onMarkSent: () => void;
}) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  if (awaiting.state === "failed") {
    return (
      <Alert tone="error" title={t("adminLabels.awaiting.failed")}>
        <Button variant="secondary" className="mt-2" onClick={onRetry}>
          {t("adminLabels.awaiting.retry")}
        </Button>
      </Alert>
    );
  }
  const rows = awaiting.state === "ready" ? awaiting.list.rows : [];
  const choosable = rows.filter((row) => row.address !== null);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChoose(next);
  };
  const columns: Column<AwaitingPlaque>[] = [
    {
      key: "choose",
      header: t("adminLabels.awaiting.choose"),
      wrap: "never",
      cell: (row) => (
        <input
          type="checkbox"
          className="size-5 cursor-pointer accent-brand disabled:cursor-not-allowed"
          aria-label={t("adminLabels.awaiting.chooseRow", { id: row.profileId })}
          checked={chosen.has(row.profileId)}
          disabled={row.address === null}
          aria-describedby={row.address === null ? `no-address-${row.profileId}` : undefined}
          onChange={(event) => toggle(row.profileId, event.target.checked)}
        />
      ),
    },
    {
      key: "page",
      header: t("adminLabels.awaiting.page"),
      wrap: "never",
      cell: (row) => <code>{row.profileId}</code>,
    },
    {
      key: "customer",
      header: t("adminLabels.awaiting.customer"),
      wrap: "anywhere",
      className: "min-w-40",
      cell: (row) => row.ownerEmail ?? "–",
    },
    {
      key: "paid",
      header: t("adminLabels.awaiting.paid"),
      cell: (row) => (
        <span className="flex flex-col">
          <span>{date.format(new Date(row.paidAt))}</span>
          <span className="text-muted">
            {row.orderNumber} · {t(`adminLabels.awaiting.method.${row.method}`)}
          </span>
        </span>
      ),
    },
    {
      key: "address",
      header: t("adminLabels.awaiting.address"),
      className: "min-w-48",
      cell: (row) =>
        row.address ? (
          <span className="flex flex-col">
            {row.address.map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </span>
        ) : (
          <span className="flex flex-col" id={`no-address-${row.profileId}`}>
            <span className="font-medium text-danger">{t("adminLabels.awaiting.noAddress")}</span>
            <span className="text-muted">{t("adminLabels.awaiting.noAddressHint")}</span>
          </span>
        ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t("adminLabels.awaiting.hint")}</p>
      {rows.length > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={choosable.length === 0}
            onClick={() => onChoose(new Set(choosable.map((row) => row.profileId)))}
          >
            {t("adminLabels.awaiting.chooseAll")}
          </Button>
          <Button variant="ghost" disabled={chosen.size === 0} onClick={() => onChoose(new Set())}>
            {t("adminLabels.awaiting.chooseNone")}
          </Button>
          <span className="text-sm text-ink" aria-live="polite">
            {t("adminLabels.awaiting.chosen", { count: chosen.size })}
          </span>
        </div>
      )}
      {awaiting.state === "ready" && rows.length === 0 ? (
        // No table at all when none wait: an empty table is only wider than the message.
        <div className="rounded-[var(--radius-card)] border border-line bg-raised">
          <EmptyState
            title={t("adminLabels.awaiting.empty")}
            text={t("adminLabels.awaiting.emptyText")}
            icon={emptyIcons.list}
            headingLevel={3}
          />
        </div>
      ) : (
        <DataTable
          caption={t("adminLabels.awaiting.caption")}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.profileId}
          loading={awaiting.state !== "ready"}
          loadingRows={3}
          empty={t("adminLabels.awaiting.empty")}
        />
      )}
      {awaiting.state === "ready" && awaiting.list.more && (
        <p className="text-sm text-muted">{t("adminLabels.awaiting.more", { count: rows.length })}</p>
      )}
      {rows.length > 0 && (
        <div
          className={`flex flex-col gap-2 rounded-[var(--radius-card)] border p-4 ${
            printed.length > 0 ? "border-brand bg-brand-soft" : "border-line"
          }`}
        >
          <p className="text-sm text-ink">{t("adminLabels.awaiting.markSentHint")}</p>
          <div>
            <Button
              variant={printed.length > 0 ? "primary" : "secondary"}
              busy={busy}
              disabled={chosen.size === 0}
              onClick={onMarkSent}
            >
              {t("adminLabels.awaiting.markSent")}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

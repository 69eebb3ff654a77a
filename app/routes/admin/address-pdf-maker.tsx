// /admin/address-pdf-maker (ADR 015): the admin brings addresses in (pasted, a CSV file, or the pages
// whose plaque awaits mailing), chooses 3 x 8 labels (from a start position, so a half-used sheet is
// used up) or C5 envelopes, previews the first sheets to scale, and downloads the PDF. A bad list is
// shown problem by problem, by block or row, in the reader's language, and offers no download.
import { useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import type {
  AddressLabelsPreview,
  AddressLabelsRequest,
  LabelLayout,
} from "../../../contract/address-labels";
import { Button } from "../../components/button";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { RadioGroup } from "../../components/radio-group";
import { useToast } from "../../components/toast";
import { AwaitingPanel } from "../../components/admin/address-pdf/awaiting-panel";
import { CsvPanel, type CsvFile } from "../../components/admin/address-pdf/csv-panel";
import {
  ProblemList,
  useLabelProblems,
  type ShownProblem,
} from "../../components/admin/address-pdf/label-problems";
import { LabelPreview } from "../../components/admin/address-pdf/label-preview";
import { PastePanel } from "../../components/admin/address-pdf/paste-panel";
import { SourceTabs, type LabelSource } from "../../components/admin/address-pdf/source-tabs";
import { StartPositionPicker } from "../../components/admin/address-pdf/start-position";
import { useAwaitingPlaques } from "../../components/admin/address-pdf/use-awaiting-plaques";
import { api } from "../../lib/api";
import { saveFile } from "../../lib/save-file";

export default function AddressPdfMakerScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const [source, setSource] = useState<LabelSource>("paste");
  const [pasted, setPasted] = useState("");
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [csvProblem, setCsvProblem] = useState<string | null>(null);
  const [layout, setLayout] = useState<LabelLayout>("labels-3x8");
  const [startPosition, setStartPosition] = useState(1);
  const [busy, setBusy] = useState<"preview" | "download" | null>(null);
  const [preview, setPreview] = useState<{ key: string; data: AddressLabelsPreview } | null>(null);
  const [problems, setProblems] = useState<ShownProblem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  const plaques = useAwaitingPlaques({ onMarked: () => setPreview(null) });
  const { problemsOf, nothingFrom } = useLabelProblems();

  const request = requestFor();
  const requestKey = request ? JSON.stringify(request) : null;
  const current = preview && preview.key === requestKey ? preview.data : null;

  function requestFor(): AddressLabelsRequest | null {
    const common = { layout, startPosition: layout === "c5" ? 1 : startPosition };
    if (source === "paste") return pasted.trim() ? { source, text: pasted, ...common } : null;
    if (source === "csv") return csv ? { source, text: csv.text, ...common } : null;
    return plaques.chosen.size > 0 ? { source, profileIds: [...plaques.chosen], ...common } : null;
  }

  function clearResult() {
    setProblems(null);
    setFailed(false);
  }

  async function showFailure(caught: unknown, sent: AddressLabelsRequest) {
    const shown = await problemsOf(caught, sent);
    if (shown) setProblems(shown);
    else setFailed(true);
    // The problems are where the eye goes next.
    requestAnimationFrame(() => problemsRef.current?.focus());
  }

  /** The request, or the reason there is none yet, shown like a problem. */
  function readyRequest(): AddressLabelsRequest | null {
    if (request) return request;
    setProblems([nothingFrom(source)]);
    requestAnimationFrame(() => problemsRef.current?.focus());
    return null;
  }

  async function makePreview() {
    clearResult();
    const sent = readyRequest();
    if (!sent) return;
    setBusy("preview");
    try {
      const answer = await api.post("/admin/address-labels/preview", { body: sent });
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
      const pdf = await api.file("post", "/admin/address-labels.pdf", { body: sent, refresh: false });
      const file = layout === "c5" ? "kuvert-c5.pdf" : "adressetiketter.pdf";
      saveFile(new Blob([pdf], { type: "application/pdf" }), file);
      toast.show({
        title: t("adminLabels.actions.downloaded"),
        description: t("adminLabels.actions.downloadedText", {
          count: current?.count ?? 0,
          file,
        }),
      });
      if (sent.source === "awaiting") plaques.setPrinted(sent.profileIds);
    } catch (caught) {
      await showFailure(caught, sent);
    } finally {
      setBusy(null);
    }
  }

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
            if (next === "awaiting" && plaques.awaiting.state === "idle") void plaques.load();
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
              awaiting={plaques.awaiting}
              chosen={plaques.chosen}
              printed={plaques.printed}
              busy={plaques.marking}
              onRetry={() => void plaques.load()}
              onChoose={(next) => {
                plaques.setChosen(next);
                clearResult();
              }}
              onMarkSent={() => void plaques.markSent()}
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
        <ProblemList problems={problems} failed={failed} focusRef={problemsRef} />
      </div>

      <LabelPreview
        current={current}
        stale={preview !== null}
        busy={busy === "preview"}
        focusRef={previewRef}
      />
    </div>
  );
}

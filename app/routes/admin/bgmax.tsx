// /admin/capway/bgmax: the admin imports Bankgirot's BgMax payment file (POST /api/admin/invoices/bgmax,
// the file's bytes as the body) and reads the report: what was booked on which invoice, what is still
// owed, what matched nothing, what was overpaid, and what the bank took back. A file imported before is
// refused (409) and a broken file names its line (400); both are said plainly, and nothing is booked.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { maxBgMaxFileBytes, type BgMaxImportSummary } from "../../../contract/bgmax";
import { Alert } from "../../components/alert";
import { Button, ButtonLink } from "../../components/button";
import { FileDrop } from "../../components/file-drop";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { useToast } from "../../components/toast";
import { invoiceFailureOf, type InvoiceCallFailure } from "../../components/admin/invoices/api-failure";
import { BgMaxReport } from "../../components/admin/invoices/bgmax-report";
import { api } from "../../lib/api";
import { refusalText } from "../../lib/refusal";
import type { Translate } from "../../../i18n/translator";

type Problem =
  | { kind: "imported"; on?: string }
  | { kind: "invalid"; line?: number; reason?: string }
  | { kind: "tooLarge" }
  | { kind: "failed" };

/** Why a file was refused (400), from the refusal's code and parameters (ADR 032), never its English. */
function invalidFileProblem(failure: InvoiceCallFailure, t: Translate): Problem {
  const { line, reason } = (failure.params ?? {}) as { line?: unknown; reason?: unknown };
  if (failure.refusal === "bgmax.invalid" && typeof line === "number" && typeof reason === "string") {
    return { kind: "invalid", line, reason };
  }
  return { kind: "invalid", reason: refusalText(t, failure) };
}

export default function BgMaxImportScreen() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [report, setReport] = useState<{ name: string; summary: BgMaxImportSummary } | null>(null);
  const size = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });

  function choose(chosen: File | null | undefined) {
    setProblem(null);
    setFile(chosen ?? null);
    if (chosen && chosen.size > maxBgMaxFileBytes) setProblem({ kind: "tooLarge" });
  }

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file || file.size > maxBgMaxFileBytes) return;
    setBusy(true);
    setProblem(null);
    try {
      const summary = await api.post("/admin/invoices/bgmax", { body: file });
      setReport({ name: file.name, summary });
      toast.show({ title: t("adminInvoices.bgmax.imported", { count: summary.payments }) });
      setFile(null);
    } catch (caught) {
      const failure = await invoiceFailureOf(caught);
      if (failure.status === 409) {
        const on = failure.refusal === "bgmax.imported" ? failure.params?.importedOn : undefined;
        setProblem({ kind: "imported", on: typeof on === "string" ? on : undefined });
      } else if (failure.status === 400) {
        setProblem(invalidFileProblem(failure, t));
      } else if (failure.status === 413) {
        setProblem({ kind: "tooLarge" });
      } else {
        setProblem({ kind: "failed" });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <title>{t("adminInvoices.bgmax.title")}</title>
      <AdminPageHeader
        path="/admin/capway/bgmax"
        title={t("adminInvoices.bgmax.heading")}
        description={t("adminInvoices.bgmax.lead")}
        actions={
          <ButtonLink to="/admin/capway/invoices" variant="secondary">
            {t("adminInvoices.nav.list")}
          </ButtonLink>
        }
      />
      <form noValidate onSubmit={(event) => void upload(event)} className="flex max-w-3xl flex-col gap-4">
        <FileDrop
          name="file"
          accept=".txt,.bgm,.bgmax,text/plain,application/octet-stream"
          title={t("adminInvoices.bgmax.choose")}
          hint={t("adminInvoices.bgmax.chooseHint")}
          onFile={choose}
        />
        <p className="text-sm" aria-live="polite" data-testid="chosen-file">
          {file ? (
            <>
              {t("adminInvoices.bgmax.chosen")} <strong className="break-all">{file.name}</strong>{" "}
              <span className="text-muted tabular-nums">
                ({t("adminInvoices.bgmax.size", { size: size.format(file.size / 1024) })})
              </span>
            </>
          ) : (
            <span className="text-muted">{t("adminInvoices.bgmax.noFile")}</span>
          )}
        </p>
        <div aria-live="polite">{problem && <ImportProblem problem={problem} />}</div>
        <div>
          <Button type="submit" busy={busy} disabled={!file || problem?.kind === "tooLarge"}>
            {busy ? t("adminInvoices.bgmax.importing") : t("adminInvoices.bgmax.import")}
          </Button>
        </div>
      </form>
      {report && <BgMaxReport name={report.name} summary={report.summary} />}
    </div>
  );
}

function ImportProblem({ problem }: { problem: Problem }) {
  const { t, i18n } = useTranslation();
  switch (problem.kind) {
    case "imported":
      return (
        <Alert tone="error" title={t("adminInvoices.bgmax.alreadyImported")}>
          {problem.on
            ? t("adminInvoices.bgmax.alreadyImportedOn", {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
                  new Date(`${problem.on}T12:00:00Z`),
                ),
              })
            : t("adminInvoices.bgmax.alreadyImportedText")}
        </Alert>
      );
    case "invalid":
      return (
        <Alert tone="error" title={t("adminInvoices.bgmax.invalid")}>
          {problem.line !== undefined
            ? t("adminInvoices.bgmax.invalidLine", { line: problem.line, reason: problem.reason })
            : (problem.reason ?? t("adminInvoices.bgmax.invalidText"))}
        </Alert>
      );
    case "tooLarge":
      return (
        <Alert
          tone="error"
          title={t("adminInvoices.bgmax.tooLarge", { max: maxBgMaxFileBytes / 1024 / 1024 })}
        />
      );
    default:
      return (
        <Alert tone="error" title={t("validation.failed")}>
          {t("adminInvoices.tryAgain")}
        </Alert>
      );
  }
}

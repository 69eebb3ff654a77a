// One reported memory in the admin's queue: the page it is on, who wrote it and what, why it was
// reported (the first reasons given) and by how many addresses, and when, and the admin's two answers (hide the memory, keep it). A decided report says
// what was decided and when instead.
import { useId, useState } from "react";
import { Link } from "react-router";
import type { MemoryReport, MemoryState } from "../../../../contract/memories";
import { photoSizeKey, uploadUrl } from "../../../../contract/photo-values";
import { api } from "../../../lib/api";
import { formatDateTime } from "../../../lib/date-format";
import { failureOf } from "../../../lib/failure";
import { useTranslation } from "../../../lib/i18n";
import { Button } from "../../button";
import { StatePill, type PillTone } from "../../state-pill";
import { useToast } from "../../toast";
import { Card } from "../../card";

type Decision = "hide" | "keep";

const memoryTones: Record<MemoryState, PillTone> = {
  shown: "good",
  pending: "waiting",
  hidden: "stopped",
  removed: "bad",
};

export function ReportCard({ report, onDecided }: { report: MemoryReport; onDecided: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const headingId = useId();
  const [busy, setBusy] = useState<Decision | null>(null);
  const locale = i18n.language;
  const { memory } = report;

  async function decide(decision: Decision) {
    setBusy(decision);
    try {
      await api.post("/admin/memory-reports/decision", { body: { reportId: report.id, decision } });
      toast.show({ title: t(`adminMemories.decided.${decision}`, { name: memory.name }) });
      onDecided();
    } catch (caught) {
      const { code } = failureOf(caught);
      toast.show({
        tone: "error",
        title: t("adminMemories.decided.failed"),
        description:
          code === "not_found" ? t("adminMemories.decided.gone") : t("adminMemories.decided.retry"),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card
      as="article"
      aria-labelledby={headingId}
      data-report={report.id}
      className="flex flex-col gap-4 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="font-sans text-base font-semibold text-ink [overflow-wrap:anywhere]">
            {t("adminMemories.card.heading", { name: memory.name })}
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
            <span>
              {t("adminMemories.card.page")}{" "}
              <Link
                to={`/k/${encodeURIComponent(memory.profileId)}`}
                className="font-mono font-medium text-brand underline underline-offset-2"
              >
                {memory.profileId}
              </Link>
            </span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span>
              {t("adminMemories.card.reported")}{" "}
              <time dateTime={report.createdAt} className="tabular-nums">
                {formatDateTime(report.createdAt, locale)}
              </time>
            </span>
          </p>
        </div>
        <span className="flex items-center gap-2 text-sm text-muted">
          {t("adminMemories.card.memoryIs")}
          <StatePill
            tone={memoryTones[memory.state]}
            label={t(`adminMemories.memoryState.${memory.state}`)}
            state={memory.state}
          />
        </span>
      </div>
      <blockquote className="whitespace-pre-line border-l-4 border-line pl-4 text-ink [overflow-wrap:anywhere]">
        {memory.text}
      </blockquote>
      {memory.photos.length > 0 && (
        <ul
          className="flex flex-wrap gap-2"
          aria-label={t("adminMemories.card.photos", { count: memory.photos.length })}
        >
          {memory.photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col items-start gap-1">
              <img
                src={uploadUrl(
                  photoSizeKey(memory.profileId, photo.id, photo.sizes[0]?.width ?? photo.width, "webp"),
                )}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                alt={t("adminMemories.card.photo", { number: index + 1, count: memory.photos.length })}
                className="size-24 rounded-[var(--radius-control)] bg-raised object-cover"
              />
              <span className="text-xs text-muted">{t(`adminMemories.card.photoState.${photo.state}`)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-1 rounded-[var(--radius-control)] bg-status-past-due-soft px-4 py-3">
        <p className="text-sm font-semibold text-ink">{t("adminMemories.card.reason")}</p>
        <ul className="flex flex-col gap-1">
          {report.reasons.map((reason, index) => (
            <li key={index} className="whitespace-pre-line text-sm text-ink [overflow-wrap:anywhere]">
              {reason}
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted" data-testid="reporters">
          {t("adminMemories.card.reporters", { count: report.reporters })}
        </p>
      </div>
      {report.state === "open" ? (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="danger"
            busy={busy === "hide"}
            disabled={busy !== null}
            aria-describedby={headingId}
            onClick={() => void decide("hide")}
          >
            {busy === "hide" ? t("adminMemories.card.hiding") : t("adminMemories.card.hide")}
          </Button>
          <Button
            variant="secondary"
            busy={busy === "keep"}
            disabled={busy !== null}
            aria-describedby={headingId}
            onClick={() => void decide("keep")}
          >
            {busy === "keep" ? t("adminMemories.card.keeping") : t("adminMemories.card.keep")}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">
          {t(`adminMemories.card.decided.${report.state}`, {
            date: report.decidedAt ? formatDateTime(report.decidedAt, locale) : "–",
          })}
        </p>
      )}
    </Card>
  );
}

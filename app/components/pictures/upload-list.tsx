// The photos on their way: each file with its own progress, and a failed one with its reason, a retry
// (when sending again can help) and a way to let it go. A live region says how the uploads stand, so a
// screen reader hears it without moving there.
import { useTranslation } from "../../lib/i18n";
import { refusalText } from "../../lib/refusal";
import { Button } from "../button";
import type { UploadItem, UploadProblem } from "./use-upload-queue";

type Props = {
  items: UploadItem[];
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
  onClearDone: () => void;
};

/** Sending again can help: the connection, the server or the limits may be different now. */
const retryable = (problem: UploadProblem | undefined) =>
  problem !== undefined && problem.kind !== "too-large" && problem.kind !== "not-a-photo";

export function UploadList({ items, onRetry, onDismiss, onClearDone }: Props) {
  const { t } = useTranslation();
  const done = items.filter((item) => item.state === "done").length;
  const failed = items.filter((item) => item.state === "failed").length;
  const busy = items.length - done - failed;

  const reason = (problem: UploadProblem | undefined) => {
    if (!problem) return "";
    if (problem.kind === "refused") return refusalText(t, problem.failure) ?? t("albumEditor.upload.server");
    return t(`albumEditor.upload.${problem.kind}`);
  };

  const summary =
    items.length === 0
      ? ""
      : busy > 0
        ? t("albumEditor.upload.summarySending", { done, total: items.length })
        : failed > 0
          ? t("albumEditor.upload.summaryFailed", { count: failed, done })
          : t("albumEditor.upload.summaryDone", { count: done });

  return (
    <div className="flex flex-col gap-3">
      <p
        role="status"
        aria-live="polite"
        className={items.length ? "text-sm font-medium text-ink" : "sr-only"}
      >
        {summary}
      </p>
      {items.length > 0 && (
        <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-card)] border border-line bg-raised">
          {items.map((item) => (
            <li key={item.key} className="flex flex-col gap-2 px-4 py-2.5" data-upload-state={item.state}>
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">{item.file.name}</span>
                <span
                  className={`text-sm ${item.state === "done" ? "font-medium text-brand" : item.state === "failed" ? "font-medium text-danger" : "text-muted"}`}
                >
                  {item.state === "done" && (
                    <svg aria-hidden="true" viewBox="0 0 16 16" className="mr-1 inline size-4 align-[-3px]">
                      <path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                  )}
                  {item.state === "sending"
                    ? t("albumEditor.upload.percent", { percent: Math.round(item.progress * 100) })
                    : t(`albumEditor.upload.state.${item.state}`)}
                </span>
              </div>
              {(item.state === "waiting" || item.state === "sending") && (
                <div
                  role="progressbar"
                  aria-label={t("albumEditor.upload.progressOf", { name: item.file.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(item.progress * 100)}
                  className="h-1.5 w-full overflow-hidden rounded-full bg-line"
                >
                  <div
                    className="h-full rounded-full bg-brand transition-[width]"
                    style={{ width: `${Math.round(item.progress * 100)}%` }}
                  />
                </div>
              )}
              {item.state === "failed" && (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <p className="text-sm text-danger">{reason(item.problem)}</p>
                  <div className="flex gap-2">
                    {retryable(item.problem) && (
                      <Button
                        variant="secondary"
                        onClick={() => onRetry(item.key)}
                        aria-label={t("albumEditor.upload.retryOf", { name: item.file.name })}
                      >
                        {t("albumEditor.upload.retry")}
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      onClick={() => onDismiss(item.key)}
                      aria-label={t("albumEditor.upload.dismissOf", { name: item.file.name })}
                    >
                      {t("albumEditor.upload.dismiss")}
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {done > 0 && busy === 0 && (
        <div>
          <Button variant="ghost" onClick={onClearDone}>
            {t("albumEditor.upload.clearDone")}
          </Button>
        </div>
      )}
    </div>
  );
}

// One toast in the corner (toast.tsx's region): its tone in colour and in words, its own clock that
// waits while the toasts are read, and its dismiss button.
import { useEffect, useRef } from "react";
import { useTranslation } from "../lib/i18n";

export type ToastTone = "success" | "info" | "error";

export type Toast = {
  id: number;
  tone: ToastTone;
  title: string;
  /** One more line, when the title alone does not say enough. */
  description?: string;
};

/** How long a toast stays, unless the pointer or focus is on the toasts (then it waits). */
export const toastDurationMs = 6000;
/** An error stays longer: it is worth reading, and it may be what the user looks for next. */
export const errorToastDurationMs = 10_000;

const tones: Record<ToastTone, { box: string; mark: string }> = {
  success: { box: "border-success/30", mark: "bg-success" },
  info: { box: "border-brand/30", mark: "bg-brand" },
  error: { box: "border-danger/40", mark: "bg-danger" },
};

export function ToastItem({
  toast,
  paused,
  onDismiss,
}: {
  toast: Toast;
  paused: boolean;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const remaining = useRef(toast.tone === "error" ? errorToastDurationMs : toastDurationMs);

  // The clock runs only while nobody is reading: hovering or focusing the toasts stops it, and it
  // goes on with the time that was left.
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(onDismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, onDismiss]);

  const tone = tones[toast.tone];
  return (
    <li
      className={`pointer-events-auto flex items-start gap-3 rounded-[var(--radius-card)] border bg-raised py-3 pl-4 pr-2 text-sm text-ink shadow-lg motion-safe:animate-toast-in ${tone.box}`}
    >
      <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${tone.mark}`} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 py-0.5">
        {/* The tone in words for screen readers, so an error is not told by colour alone. */}
        <p className="font-semibold">
          {toast.tone === "error" && <span className="sr-only">{t("toast.error")} </span>}
          {toast.title}
        </p>
        {toast.description && <p className="text-muted">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={(event) => {
          // The button goes with its toast: hand focus to another toast, or back to the page.
          const item = event.currentTarget.closest("li");
          const next = item?.nextElementSibling ?? item?.previousElementSibling;
          const target = next?.querySelector("button") ?? document.getElementById("main");
          onDismiss();
          target?.focus();
        }}
        aria-label={t("toast.dismiss")}
        className="-my-1 flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-muted hover:bg-brand-soft hover:text-ink"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
          <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

// A modal dialog on the native <dialog> element: focus is trapped, Escape closes, focus returns.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { cardClass } from "./card";

type DialogProps = { open: boolean; title: string; onClose: () => void; children: ReactNode };

export function Dialog({ open, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className={`m-auto w-[min(32rem,calc(100vw-2rem))] ${cardClass} p-0 text-ink backdrop:bg-ink/40`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded-[var(--radius-control)] px-2 py-1 text-muted hover:bg-brand-soft"
          aria-label={t("common.close")}
        >
          ×
        </button>
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}

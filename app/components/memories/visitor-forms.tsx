// A visitor's forms on the public page: write a memory, light a candle, report a memory. Plain HTML
// forms posted to the API, which answers with a redirect back to the page (ADR 026): they work on
// the light page, where no script runs (ADR 011), and the same in the app.
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { apiFormAction } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import {
  candleNameMaxLength,
  memoryTextMaxLength,
  relationMaxLength,
  reportReasonMaxLength,
  writerNameMaxLength,
  type ModerationMode,
} from "../../../contract/memory-values";
import { buttonClass } from "../button";
import { TextArea } from "../text-area";
import { TextField } from "../text-field";
import { fieldRowClass } from "../field";

/** What every visitor's form carries: the page, the signed render time, and the hidden field. */
function VisitorFields({ profileId, formToken }: { profileId: string; formToken: string }) {
  const { t } = useTranslation();
  return (
    <>
      <input type="hidden" name="profileId" value={profileId} />
      <input type="hidden" name="formToken" value={formToken} />
      {/* The honeypot: out of sight and out of the tab order; people leave it empty, robots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label>
          {t("memories.form.website")}
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

function VisitorForm({
  path,
  label,
  children,
}: {
  path: "/memories" | "/memories/candles" | "/memories/reports";
  label: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={apiFormAction(path)}
      aria-label={label}
      className="relative flex flex-col gap-4"
    >
      {children}
    </form>
  );
}

export type Refill = { name: string; relation: string; text: string };

export function WriteMemoryForm({
  profileId,
  formToken,
  moderation,
  refill,
}: {
  profileId: string;
  formToken: string;
  moderation: ModerationMode;
  refill: Refill | null;
}) {
  const { t, i18n } = useTranslation();
  return (
    <VisitorForm path="/memories" label={t("memories.form.heading")}>
      <VisitorFields profileId={profileId} formToken={formToken} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("memories.form.name")}
          name="name"
          required
          maxLength={writerNameMaxLength}
          autoComplete="name"
          defaultValue={refill?.name}
        />
        <TextField
          label={t("memories.form.relation")}
          name="relation"
          maxLength={relationMaxLength}
          placeholder={t("memories.form.relationHint")}
          defaultValue={refill?.relation}
        />
      </div>
      <TextArea
        label={t("memories.form.text")}
        hint={t("memories.form.textHint", { max: formatNumber(memoryTextMaxLength, i18n.language) })}
        name="text"
        required
        maxLength={memoryTextMaxLength}
        defaultValue={refill?.text}
      />
      <TextField
        label={t("memories.form.email")}
        hint={t("memories.form.emailHint")}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          {moderation === "open" ? t("memories.form.openNote") : t("memories.form.reviewNote")}
        </p>
        <button type="submit" className={buttonClass("primary")}>
          {t("memories.form.send")}
        </button>
      </div>
    </VisitorForm>
  );
}

export function CandleForm({
  profileId,
  formToken,
  moderation,
  refillName,
}: {
  profileId: string;
  formToken: string;
  moderation: ModerationMode;
  /** The name a refused candle came back with (a link in it), to mend. */
  refillName?: string;
}) {
  const { t } = useTranslation();
  return (
    <VisitorForm path="/memories/candles" label={t("memories.candles.light")}>
      <VisitorFields profileId={profileId} formToken={formToken} />
      <div className={fieldRowClass("end")}>
        <TextField
          label={t("memories.candles.name")}
          name="name"
          maxLength={candleNameMaxLength}
          autoComplete="name"
          className="flex-1"
          defaultValue={refillName}
        />
        <button type="submit" className={buttonClass("secondary", "gap-2")}>
          <CandleIcon />
          {t("memories.candles.light")}
        </button>
      </div>
      {/* A name waits for the family where memories wait. */}
      {moderation !== "open" && <p className="text-sm text-muted">{t("memories.candles.reviewNote")}</p>}
    </VisitorForm>
  );
}

/** Report: a disclosure that opens without a script, with the reason to send. */
export function ReportForm({
  profileId,
  memoryId,
  formToken,
}: {
  profileId: string;
  memoryId: string;
  formToken: string;
}) {
  const { t } = useTranslation();
  return (
    <details className="group text-sm print:hidden">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center text-muted underline-offset-4 hover:text-ink hover:underline">
        {t("memories.report.summary")}
      </summary>
      <VisitorForm path="/memories/reports" label={t("memories.report.summary")}>
        <VisitorFields profileId={profileId} formToken={formToken} />
        <input type="hidden" name="memoryId" value={memoryId} />
        <TextArea
          label={t("memories.report.reason")}
          name="reason"
          required
          maxLength={reportReasonMaxLength}
          className="[&_textarea]:min-h-24"
        />
        <button type="submit" className={buttonClass("secondary", "self-start")}>
          {t("memories.report.send")}
        </button>
      </VisitorForm>
    </details>
  );
}

export function CandleIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${className} fill-none stroke-current stroke-[1.6]`}
    >
      <path
        d="M12 3c1.8 2 2.6 3.6 2.6 5a2.6 2.6 0 0 1-5.2 0c0-1.4.8-3 2.6-5Z"
        className="fill-accent/40 stroke-accent"
      />
      <rect x="8.5" y="12" width="7" height="9" rx="1" />
    </svg>
  );
}

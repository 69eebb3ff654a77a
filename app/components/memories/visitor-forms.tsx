// A visitor's forms on the public page: write a memory, light a candle, report a memory. Plain HTML
// forms posted to the API, which answers with a redirect back to the page (ADR 026): they work on
// the light page, where no script runs (ADR 011), and the same in the app.
import { useState, type ReactNode } from "react";
import { acceptedImageTypes } from "../../../contract/image-values";
import { maxPhotosPerMemory } from "../../../contract/photo-values";
import { useTranslation } from "../../lib/i18n";
import { apiFormAction } from "../../lib/api";
import { formatNumber } from "../../lib/format";
import {
  candleNameMaxLength,
  memoryTextMaxLength,
  relationMaxLength,
  reportReasonMaxLength,
  writerNameMaxLength,
  memoryPhotosField,
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
  withFiles = false,
}: {
  path: "/memories" | "/memories/candles" | "/memories/reports";
  label: string;
  children: ReactNode;
  /** A form with a file field is sent as multipart/form-data. */
  withFiles?: boolean;
}) {
  return (
    <form
      method="post"
      action={apiFormAction(path)}
      encType={withFiles ? "multipart/form-data" : undefined}
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
    <VisitorForm path="/memories" label={t("memories.form.heading")} withFiles>
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
      <MemoryPhotoField />
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

/**
 * Up to three photos with the memory: a button-like label around the file field (never the browser's
 * "No file chosen"), and how many were chosen beside it, said by React in the app and by the light
 * page's script (app/light/chosen-photos.ts) from the texts on the element.
 */
function MemoryPhotoField() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  const says = (count: number) =>
    count > maxPhotosPerMemory
      ? t("memories.form.photosTooMany", { count, max: maxPhotosPerMemory })
      : count > 0
        ? t("memories.form.photosChosen", { count })
        : "";
  const texts = Object.fromEntries([1, 2, 3, 4].map((count) => [`data-chosen-${count}`, says(count)]));
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-semibold text-ink" id="memory-photos-label">
        {t("memories.form.photos")}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={buttonClass(
            "secondary",
            "cursor-pointer gap-2 focus-within:outline-2 focus-within:outline-offset-2",
          )}
        >
          <PhotoIcon />
          {t("memories.form.photosChoose")}
          <input
            type="file"
            name={memoryPhotosField}
            multiple
            accept={acceptedImageTypes.join(",")}
            className="sr-only"
            aria-labelledby="memory-photos-label"
            aria-describedby="memory-photos-hint memory-photos-chosen"
            data-chosen-photos="memory-photos-chosen"
            onChange={(event) => setChosen(event.currentTarget.files?.length ?? 0)}
          />
        </label>
        <output
          id="memory-photos-chosen"
          aria-live="polite"
          className={`text-sm ${chosen > maxPhotosPerMemory ? "font-semibold text-danger" : "text-muted"}`}
          {...texts}
        >
          {says(chosen)}
        </output>
      </div>
      <p id="memory-photos-hint" className="text-sm text-muted">
        {t("memories.form.photosHint")}
      </p>
    </div>
  );
}

function PhotoIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-[1.6]">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m4 17 5-4.5 3.5 3 3-2.5L20 17" />
    </svg>
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

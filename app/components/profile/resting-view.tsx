// An expired page, as the public sees it: resting, not gone (decisions, "The memorial itself"). The
// name, the dates (else the subtitle), the portrait and the story's first paragraph, quietly, with
// "This page is resting", and its candles with the form to light one. Rendered on the light page (no
// JavaScript, ADR 011) and kept by the page cache like any other answer for visitors (ADR 008).
import { useTranslation } from "../../lib/i18n";
import { uploadedImageSrcSet } from "../../../contract/image-values";
import type { RestingSummary } from "../../../contract/owner-pages";
import { Candles, type Outcome } from "../memories/memories-section";
import { UpcomingCeremony } from "./life/ceremony";
import type { RestingPage } from "./page-data";
import { formatDate } from "../../lib/date-format";
import { typeset } from "../../lib/typography";
import { GiftCall } from "./gift-call";

/** "12 March 1931 – 4 May 2024", or one of them alone, in the reader's language; null without dates. */
export function LifeDates({ birthDate, deathDate }: Pick<RestingSummary, "birthDate" | "deathDate">) {
  const { t, i18n } = useTranslation();
  const day = (date: string) => (
    <time dateTime={date}>{formatDate(`${date}T12:00:00Z`, i18n.language, "long")}</time>
  );
  if (birthDate && deathDate) {
    return (
      <>
        {day(birthDate)} <span aria-hidden="true">–</span>
        <span className="sr-only">{t("profile.resting.to")}</span> {day(deathDate)}
      </>
    );
  }
  if (birthDate)
    return (
      <>
        {t("profile.resting.born")} {day(birthDate)}
      </>
    );
  if (deathDate)
    return (
      <>
        {t("profile.resting.died")} {day(deathDate)}
      </>
    );
  return null;
}

export function RestingView({
  id,
  page,
  language,
  outcome,
}: {
  id: string;
  page: RestingPage;
  language: string;
  /** What a visitor's candle came back with (`?memory=`), said by the candles. */
  outcome: Outcome | null;
}) {
  const { t } = useTranslation();
  const { name, birthDate, deathDate, subtitle, portraitImageUrl, firstParagraph, ceremony, candles } = page;
  const hasDates = !!(birthDate || deathDate);
  return (
    <section
      aria-labelledby="resting-name"
      data-testid="resting-page"
      className="flex flex-col items-center gap-5 text-center"
    >
      <title>{name ? t("profile.resting.titleNamed", { name }) : t("profile.resting.title")}</title>
      <p className="inline-flex items-center gap-2 rounded-full border border-line bg-raised px-3.5 py-1 text-xs font-semibold uppercase tracking-[0.14em] text-muted">
        <span aria-hidden="true" className="h-0.5 w-3 rounded-full bg-current" />
        {t("profile.resting.heading")}
      </p>
      {portraitImageUrl ? (
        <img
          src={portraitImageUrl}
          srcSet={uploadedImageSrcSet(portraitImageUrl, "portrait")}
          sizes="8rem"
          alt={t("profile.portraitAlt", { name })}
          className="mt-2 size-32 rounded-full border-4 border-surface object-cover shadow-sm ring-1 ring-line saturate-[.85]"
          width={256}
          height={256}
        />
      ) : (
        <span
          aria-hidden="true"
          className="mt-2 flex size-20 items-center justify-center rounded-full border border-line bg-raised text-muted"
        >
          {/* A sprig: the resting page's quiet mark where a portrait would be. */}
          <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.4">
            <path d="M12 21V9" strokeLinecap="round" />
            <path d="M12 14c-3.5 0-5-2.2-5-5 2.8 0 5 1.5 5 5Zm0-3c0-3 1.7-5 5-5 0 3-1.7 5-5 5Z" />
          </svg>
        </span>
      )}
      <div className="flex flex-col items-center gap-2">
        <h1
          id="resting-name"
          lang={name ? language : undefined}
          className="text-balance font-serif text-4xl font-semibold leading-tight text-ink sm:text-5xl"
        >
          {name || t("profile.resting.heading")}
        </h1>
        {hasDates ? (
          <p className="text-base tracking-wide text-muted tabular-nums sm:text-lg">
            <LifeDates birthDate={birthDate} deathDate={deathDate} />
          </p>
        ) : (
          subtitle && (
            <p
              lang={language}
              className="max-w-prose text-balance text-base tracking-wide text-muted sm:text-lg"
            >
              {typeset(subtitle, language)}
            </p>
          )
        )}
      </div>
      <span aria-hidden="true" className="h-0.5 w-12 rounded-full bg-line" />
      {firstParagraph && (
        <p
          lang={language}
          className="max-w-[34rem] whitespace-pre-line text-pretty font-serif text-lg leading-[1.75] text-ink/85 hyphens-auto sm:text-xl sm:leading-[1.8]"
        >
          {typeset(firstParagraph, language)}
        </p>
      )}
      {/* The ceremony still ahead: the family's guests need its time and place, paid or not. */}
      {/* As wide as the candles below (the block brings its own side padding), with the site's colour
          at its edge: a resting page shows none of the owner's. */}
      <div className="w-[calc(100%+2.5rem)] max-w-[calc(34rem+2.5rem)] text-left [--profile-colour:var(--color-brand)] empty:hidden">
        <UpcomingCeremony id={id} scope={`resting-${id.toLowerCase()}`} ceremony={ceremony} />
      </div>
      {/* Lit candles stay, and a visitor at the grave may light one more; writing waits for payment. */}
      {candles && (
        <div data-testid="resting-candles" className="mt-2 w-full max-w-[34rem] text-left">
          <Candles
            profileId={id}
            candles={candles.summary}
            formToken={candles.formToken}
            moderation={candles.moderation}
            outcome={outcome}
            heading="h2"
          />
        </div>
      )}
      {/* Anyone may give the page a year, and it shows again at once (ADR 044). */}
      <GiftCall id={id} />
      <p className="mt-4 max-w-sm border-t border-line pt-5 text-sm text-muted">
        {t("profile.resting.visitorNote")}
      </p>
    </section>
  );
}

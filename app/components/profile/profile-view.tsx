// The page itself: cover, portrait, name, subtitle, story, its chapters and links, typeset for reading, in the
// owner's colour made readable (contract/colour.ts). It renders the same for the light page (no
// JavaScript: ADR 011) and inside the app; the print rules give a clean single sheet.
import { useState, type ReactNode } from "react";
import type { PublicPhotos } from "../../../contract/public-photos";
import { useTranslation } from "../../lib/i18n";
import { readableOn } from "../../../contract/colour";
import { uploadedImageSrcSet } from "../../../contract/image-values";
import type { ProfileContent } from "../../../contract/profiles";
import { pageBackground } from "../../lib/colour";
import { useNonce } from "../../lib/nonce";
import { shareLink, useHydrated } from "../../lib/share";
import { paragraphs, typeset } from "../../lib/typography";
import { PastCeremony, UpcomingCeremony } from "./life/ceremony";
import { ChapterTimeline } from "./life/chapters";
import { LifeCalendarLink, LifeDates } from "./life/life-dates";
import { RestingPlaceSection } from "./life/resting-place";
import { CoverBand } from "./cover-band";

type Props = {
  id: string;
  content: ProfileContent;
  pageUrl: string;
  /** The language the owner writes in (the profile's metadata), for quotes and hyphenation. */
  language: string;
  /** Shown inside the walkthrough's preview: the name one heading level down, no share button. */
  preview?: boolean;
  /** The page's photos (public-photo-grid.tsx), shown after the story. */
  photos?: ReactNode;
  /** The same photos as data: each chapter of the time line shows those that belong to it. */
  photoData?: PublicPhotos | null;
};

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** The owner's colour as CSS custom properties, and the print rules, scoped to this page. */
function pageStyle(scope: string, themeColor: string): string {
  const accent = readableOn(themeColor, pageBackground);
  return (
    `.${scope}{--profile-colour:${themeColor};--profile-accent:${accent}}` +
    `@media print{@page{margin:14mm}.${scope}{font-size:10.5pt}` +
    `.${scope} .profile-cover{max-height:52mm}.${scope} .profile-story p{orphans:3;widows:3}}`
  );
}

export function ProfileView({ id, content, pageUrl, language, preview = false, photos, photoData }: Props) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const scope = `kammare-${id.toLowerCase()}`;
  const set = (text: string) => typeset(text, language);
  const story = paragraphs(content.story);
  // Inside the walkthrough the step has the page's one h1; the preview's name is a level below.
  const Name = preview ? "h2" : "h1";
  return (
    <article
      aria-labelledby={preview ? undefined : "profile-name"}
      aria-label={preview ? t("publicPage.previewLabel") : undefined}
      lang={language}
      className={`${scope} mx-auto flex w-full max-w-3xl flex-col pb-8 print:max-w-none print:pb-0`}
    >
      {/* The owner's colour, as a class rule: the CSP allows no inline style attributes. */}
      <style nonce={nonce}>{pageStyle(scope, content.themeColor)}</style>
      {content.coverImageUrl ? (
        <img
          src={content.coverImageUrl}
          srcSet={uploadedImageSrcSet(content.coverImageUrl, "cover")}
          sizes="(min-width: 48rem) 48rem, 100vw"
          alt=""
          className="profile-cover aspect-[8/3] w-full object-cover sm:mt-6 sm:rounded-[var(--radius-card)] print:rounded-none"
          width={1600}
          height={600}
          fetchPriority="high"
        />
      ) : (
        <CoverBand scope={scope} />
      )}
      <header className="flex flex-col items-center gap-3 px-5 text-center">
        {/* Positioned, so it paints above the cover it overlaps (a positioned cover band would
            otherwise be drawn over the portrait's top, whatever the order in the page). */}
        {content.portraitImageUrl ? (
          <img
            src={content.portraitImageUrl}
            srcSet={uploadedImageSrcSet(content.portraitImageUrl, "portrait")}
            sizes="(min-width: 40rem) 10rem, 8rem"
            alt={t("profile.portraitAlt", { name: content.displayName })}
            className="relative -mt-16 size-32 rounded-full border-4 border-surface object-cover shadow-md ring-2 ring-[var(--profile-colour)] sm:-mt-20 sm:size-40 print:mt-4 print:size-28 print:shadow-none"
            width={320}
            height={320}
          />
        ) : (
          <div className="h-6" aria-hidden="true" />
        )}
        <Name
          id={preview ? undefined : "profile-name"}
          className="mt-2 text-balance font-serif text-4xl font-semibold leading-tight text-[var(--profile-accent)] sm:text-5xl"
        >
          {content.displayName}
        </Name>
        <LifeDates content={content} language={language} />
        {content.subtitle && (
          <p className="max-w-prose text-balance text-base tracking-wide text-muted sm:text-lg">
            {set(content.subtitle)}
          </p>
        )}
        {!preview && <LifeCalendarLink id={id} content={content} />}
        <span aria-hidden="true" className="mt-3 h-0.5 w-12 rounded-full bg-[var(--profile-colour)]" />
      </header>
      <UpcomingCeremony id={id} scope={scope} ceremony={content.ceremony} preview={preview} />
      {story.length > 0 && (
        <div className="profile-story mx-auto mt-8 flex w-full max-w-[42.5rem] flex-col gap-5 px-5 font-serif text-[1.1875rem] leading-[1.75] text-ink hyphens-auto sm:text-xl sm:leading-[1.8] print:mt-5 print:gap-3 print:text-[11pt] print:leading-normal">
          {story.map((lines, index) => (
            <p key={index}>
              {lines.map((line, lineIndex) => (
                <span key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  {set(line)}
                </span>
              ))}
            </p>
          ))}
        </div>
      )}
      <ChapterTimeline
        scope={scope}
        chapters={content.chapters}
        language={language}
        headingLevel={preview ? 3 : 2}
        photos={photoData ? { profileId: id, albums: photoData.albums } : undefined}
      />
      {photos}
      <RestingPlaceSection scope={scope} place={content.restingPlace} />
      <PastCeremony scope={scope} ceremony={content.ceremony} />
      {content.links.length > 0 && (
        <section
          aria-labelledby={`${scope}-links`}
          className="mx-auto mt-10 flex w-full max-w-[42.5rem] flex-col gap-3 px-5 print:mt-5"
        >
          <h2
            id={`${scope}-links`}
            className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-muted"
          >
            {t("profile.links")}
          </h2>
          <ul className="flex flex-col border-t border-line">
            {content.links.map((link) => (
              <li key={`${link.label}-${link.url}`} className="border-b border-line">
                <a
                  href={link.url}
                  rel="noopener noreferrer nofollow"
                  className="group flex min-h-14 items-center justify-between gap-4 py-3 text-ink"
                >
                  <span className="flex flex-col">
                    <span className="font-medium group-hover:text-[var(--profile-accent)] group-hover:underline group-hover:underline-offset-4">
                      {link.label}
                    </span>
                    <span className="text-sm text-muted print:text-ink">{hostOf(link.url)}</span>
                  </span>
                  <span aria-hidden="true" className="text-[var(--profile-accent)] print:hidden">
                    ↗
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!preview && <ShareButton url={pageUrl} title={content.displayName} />}
    </article>
  );
}

/**
 * For visitors: the share sheet, or the link copied. Without JavaScript it could do nothing, so it is
 * hidden until React (the app) or the visitor script (the light page) makes it work.
 */
function ShareButton({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [said, setSaid] = useState("");
  async function share() {
    const result = await shareLink(url, title);
    if (result === "copied") setSaid(t("profile.copied"));
    if (result === "failed") setSaid(t("publicPage.copyFailed"));
  }
  return (
    <div className="mx-auto mt-10 flex flex-col items-center gap-2 px-5 print:hidden">
      <button
        type="button"
        hidden={!hydrated}
        data-share-url={url}
        data-share-title={title}
        data-copied={t("profile.copied")}
        data-copy-failed={t("publicPage.copyFailed")}
        onClick={() => void share()}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-raised px-5 text-sm font-semibold text-ink shadow-sm hover:border-[var(--profile-colour)]"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-none stroke-current stroke-[1.8]">
          <path d="M10 3v10M6 7l4-4 4 4M4 11v5h12v-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t("profile.share")}
      </button>
      <p data-share-status role="status" className="min-h-5 text-sm text-muted">
        {said}
      </p>
    </div>
  );
}

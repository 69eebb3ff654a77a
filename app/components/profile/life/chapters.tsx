// The life in chapters on the page (decisions "A life in pictures"): after the story, a time line in
// the family's order (never re-sorted), each chapter's year or period as its marker, then its title
// and text. An ordered list with a heading per chapter; plain HTML and CSS, so the light page needs no
// JavaScript for it, and the print rules keep a chapter's heading with its first lines.
import { periodParts } from "../../../../contract/chapter-values";
import type { Chapter } from "../../../../contract/profiles";
import { photoPagePath, type PublicAlbum, type PublicPhoto } from "../../../../contract/public-photos";
import { useTranslation } from "../../../lib/i18n";
import { PhotoPicture } from "../public-photo-grid";
import { paragraphs, typeset } from "../../../lib/typography";

/** A year is a `<time>`; two years a span between them; the family's own words as they wrote them. */
function Period({ period, language }: { period: string; language: string }) {
  const parts = periodParts(period);
  if ("words" in parts) return <>{typeset(parts.words, language)}</>;
  return (
    <>
      <time dateTime={parts.from}>{parts.from}</time>
      {parts.to !== null && <>–{parts.to && <time dateTime={parts.to}>{parts.to}</time>}</>}
    </>
  );
}

/** The photos of a chapter under its text: small, each a plain link to its own page. */
function ChapterPhotos({
  profileId,
  photos,
  title,
}: {
  profileId: string;
  photos: readonly PublicPhoto[];
  title: string;
}) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <ul
      className="grid grid-cols-3 gap-1.5 sm:grid-cols-4 sm:gap-2"
      aria-label={t("life.chapters.photos", { title, count: photos.length })}
    >
      {photos.map((photo, index) => {
        return (
          <li key={photo.id}>
            <a
              href={photoPagePath(profileId, photo.id)}
              className="block overflow-hidden rounded-[var(--radius-control)] bg-raised outline-offset-2 focus-visible:outline-2"
            >
              <PhotoPicture
                profileId={profileId}
                photo={photo}
                sizes={chapterPhotoSizes}
                alt={
                  photo.caption ||
                  t("life.chapters.photoAlt", { title, number: index + 1, count: photos.length })
                }
                className="aspect-square size-full object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** A chapter's small photos: three across a phone, four across the column on a wider screen. */
const chapterPhotoSizes = "(min-width: 640px) 9rem, 25vw";

export function ChapterTimeline({
  scope,
  chapters,
  language,
  headingLevel = 2,
  photos,
}: {
  scope: string;
  chapters: readonly Chapter[];
  /** The language the owner writes in, for quotes and hyphenation. */
  language: string;
  /** The walkthrough's preview sets the page a level down. */
  headingLevel?: 2 | 3;
  /** The page's shown photos: each chapter shows those that belong to it. */
  photos?: { profileId: string; albums: readonly PublicAlbum[] };
}) {
  const { t, i18n } = useTranslation();
  if (chapters.length === 0) return null;
  const byChapter = new Map<string, PublicPhoto[]>();
  for (const photo of photos?.albums.flatMap((album) => album.photos) ?? []) {
    if (!photo.chapterId) continue;
    byChapter.set(photo.chapterId, [...(byChapter.get(photo.chapterId) ?? []), photo]);
  }
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Title = headingLevel === 2 ? "h3" : "h4";
  return (
    <section
      aria-labelledby={`${scope}-chapters`}
      data-testid="chapter-timeline"
      className="mx-auto mt-12 flex w-full max-w-[42.5rem] flex-col gap-6 px-5 print:mt-6 sm:max-w-[48rem]"
    >
      <Heading
        id={`${scope}-chapters`}
        lang={i18n.language}
        className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-muted sm:pl-[10.5rem]"
      >
        {t("life.chapters.heading")}
      </Heading>
      <ol className="flex flex-col">
        {chapters.map((chapter) => (
          <li
            key={chapter.id}
            className="group relative grid pb-10 pl-8 last:pb-0 sm:grid-cols-[7.5rem_minmax(0,1fr)] sm:gap-x-8 sm:pl-0 print:pb-5"
          >
            {/* The line from this chapter's marker down to the next one's. */}
            <span
              aria-hidden="true"
              className="absolute top-3 bottom-0 left-[5px] w-0.5 bg-line group-last:hidden sm:left-[calc(7.5rem+1rem-1px)] print:hidden"
            />
            <span
              aria-hidden="true"
              className="absolute top-[0.4rem] left-0 size-3 rounded-full border-2 border-[var(--profile-colour)] bg-surface ring-4 ring-surface sm:left-[calc(7.5rem+1rem-6px)] print:hidden"
            />
            <p className="font-sans text-sm font-semibold tracking-wide text-[var(--profile-accent)] tabular-nums empty:hidden sm:pt-0.5 sm:text-right sm:empty:block">
              {chapter.period && <Period period={chapter.period} language={language} />}
            </p>
            <div className="flex min-w-0 flex-col gap-3 sm:pl-4">
              <Title className="text-balance font-serif text-2xl font-semibold leading-snug text-ink print:break-after-avoid">
                {typeset(chapter.title, language)}
              </Title>
              {chapter.text.trim() && (
                <div className="profile-story flex flex-col gap-4 font-serif text-[1.125rem] leading-[1.75] text-ink hyphens-auto sm:text-[1.1875rem] print:gap-2 print:text-[11pt] print:leading-normal">
                  {paragraphs(chapter.text).map((lines, index) => (
                    <p key={index}>
                      {lines.map((line, lineIndex) => (
                        <span key={lineIndex}>
                          {lineIndex > 0 && <br />}
                          {typeset(line, language)}
                        </span>
                      ))}
                    </p>
                  ))}
                </div>
              )}
              {photos && (
                <ChapterPhotos
                  profileId={photos.profileId}
                  photos={byChapter.get(chapter.id) ?? []}
                  title={chapter.title}
                />
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

// /k/{id}/photos/{photoId} (rule `profile`): one photo of a page at its own address, large, with its
// caption, date, album, "n of m", previous and next links and the way back to the page's grid
// (decisions "A life in pictures"). Light for anonymous visitors like the page (ADR 011): it works
// without JavaScript, the light script adds the arrow keys; cached like the page (ADR 008, 038).
import type { MetaDescriptor } from "react-router";
import { photoSizeKey, uploadUrl } from "../../../contract/photo-values";
import { photoAnchor, photoPagePath, type PublicPhotoPage } from "../../../contract/public-photos";
import type { ProfileView } from "../../../contract/profiles";
import { PhotoPicture, usePhotoTexts } from "../../components/profile/public-photo-grid";
import { useTranslation } from "../../lib/i18n";
import { notFound } from "../../lib/not-found";
import {
  hasRole,
  isProfileEditor,
  liveStatuses,
  profileContext,
  publicPhotoPage,
  servicesContext,
  keptPagePart,
  viewerContext,
} from "../../lib/services.server";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/photo";

export const middleware: Route.MiddlewareFunction[] = serverRules("profile");

type PhotoPageData = {
  id: string;
  name: string;
  language: string;
  visibility: ProfileView["metadata"]["visibility"];
  live: boolean;
  pageUrl: string;
  publicUrl: string;
  page: PublicPhotoPage;
};

export async function loader({ context, params, request }: Route.LoaderArgs): Promise<PhotoPageData> {
  const profile = context.get(profileContext);
  if (!profile) throw notFound(request);
  const viewer = context.get(viewerContext);
  const services = context.get(servicesContext);
  const { config, db } = services;
  const live = liveStatuses.includes(profile.status);
  // What the page shows its visitors, or its owner, editors and admins an unfinished or resting one;
  // a suspended page's photos are an admin's only (its owner is told on the page itself).
  const admin = hasRole(viewer, "admin");
  const own =
    !!viewer && (viewer.id === profile.ownerUserId || (await isProfileEditor(db, profile.id, viewer.id)));
  const allowed = profile.status === "suspended" ? admin : live || own || admin;
  // The same for every viewer let in: kept until the page changes (ADR 047).
  const { photoId } = params;
  const page = allowed
    ? await keptPagePart(services, profile.id, `photo ${photoId}`, () =>
        publicPhotoPage(db, { profileId: profile.id, photoId }),
      )
    : null;
  if (!page) throw notFound(request);
  return {
    id: profile.id,
    name: profile.content.displayName ?? "",
    language: profile.metadata.language,
    visibility: profile.metadata.visibility,
    live,
    pageUrl: `${config.publicUrl}${photoPagePath(profile.id, page.photo.id)}`,
    publicUrl: config.publicUrl,
    page,
  };
}

/** The largest width made up to 1280, for link previews (og:image). */
function previewImage(data: PhotoPageData): string {
  const { photo } = data.page;
  const size = [...photo.sizes].reverse().find((made) => made.width <= 1280) ?? photo.sizes[0];
  return `${data.publicUrl}${uploadUrl(photoSizeKey(data.id, photo.id, size?.width ?? photo.width, "webp"))}`;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { name, page, pageUrl, live, visibility } = loaderData;
  const tags: MetaDescriptor[] = [
    { property: "og:title", content: page.photo.caption ? `${name}: ${page.photo.caption}` : name },
    { property: "og:type", content: "article" },
    { property: "og:url", content: pageUrl },
    { property: "og:site_name", content: "Kammare" },
    { property: "og:image", content: previewImage(loaderData) },
    { tagName: "link", rel: "canonical", href: pageUrl },
  ];
  if (page.photo.caption) tags.push({ name: "description", content: page.photo.caption });
  if (!live || visibility !== "public") tags.push({ name: "robots", content: "noindex" });
  return tags;
};

const navLink =
  "inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full border border-line bg-raised px-4 text-sm font-semibold text-ink shadow-sm hover:border-ink/40 focus-visible:outline-2 focus-visible:outline-offset-2";

export default function PhotoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const texts = usePhotoTexts();
  const { id, name, language, page } = loaderData;
  const { photo, album, number, total, previous, next } = page;
  const said = texts(photo, number, total);
  const back = `/k/${id}#${photoAnchor(photo.id)}`;
  return (
    <article
      data-photo-page=""
      aria-labelledby="photo-heading"
      className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 pb-8 pt-4 sm:px-6 sm:pt-8"
    >
      <title>{t("publicPhotos.pageTitle", { name, number, total })}</title>
      <h1 id="photo-heading" className="sr-only">
        {t("publicPhotos.photoHeading", { name, number, total })}
      </h1>
      <nav
        aria-label={t("publicPhotos.heading")}
        className="grid grid-cols-[auto_1fr_auto] items-center gap-3"
      >
        <a href={back} className={`${navLink} justify-self-start`}>
          <span aria-hidden="true">←</span>
          {t("publicPhotos.backToAll")}
        </a>
        <a
          href={`/k/${id}`}
          className="truncate text-center font-serif text-lg font-semibold text-brand underline-offset-4 hover:underline sm:text-xl"
        >
          {name}
        </a>
        <p className="justify-self-end text-sm tabular-nums text-muted" data-testid="photo-counter">
          {t("publicPhotos.counter", { number, total })}
        </p>
      </nav>
      <figure className="flex flex-col items-center gap-4">
        <PhotoPicture
          profileId={id}
          photo={photo}
          sizes="(min-width: 64rem) 64rem, 100vw"
          alt={said.alt}
          eager
          className="h-auto max-h-[75dvh] w-auto max-w-full rounded-[var(--radius-card)] object-contain shadow-md"
        />
        <figcaption className="flex max-w-prose flex-col items-center gap-1 text-center">
          {photo.caption && (
            <p lang={language} className="text-pretty font-serif text-xl text-ink sm:text-2xl">
              {photo.caption}
            </p>
          )}
          <p className="text-sm text-muted">
            {said.date && <time dateTime={photo.taken ?? undefined}>{said.date}</time>}
            {said.date && " · "}
            <span lang={language}>{t("publicPhotos.album", { title: album.title })}</span>
          </p>
        </figcaption>
      </figure>
      <nav
        aria-label={t("publicPhotos.paging")}
        className="flex items-center justify-between gap-3 border-t border-line pt-5"
      >
        {previous ? (
          <a href={photoPagePath(id, previous)} rel="prev" className={navLink}>
            <span aria-hidden="true">‹</span>
            {t("publicPhotos.previous")}
          </a>
        ) : (
          <span />
        )}
        {next ? (
          <a href={photoPagePath(id, next)} rel="next" className={navLink}>
            {t("publicPhotos.next")}
            <span aria-hidden="true">›</span>
          </a>
        ) : (
          <span />
        )}
      </nav>
    </article>
  );
}

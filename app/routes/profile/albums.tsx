// /k/{id}/albums (rule `page-memories`, which guards the page's family screens): the album editor for
// whoever may change the page (its owner, an editor, an admin: the domain's rule). Anyone else gets the
// 404, as for a page that is not there.
import { Link } from "react-router";
import { isProfileId, normalizeProfileId } from "../../../contract/profile-id";
import { AlbumEditor } from "../../components/pictures/album-editor";
import { PageHeader } from "../../components/page-header";
import { useTranslation } from "../../lib/i18n";
import { notFound } from "../../lib/not-found";
import {
  DomainError,
  familyPhotos,
  profileView,
  servicesContext,
  viewerContext,
} from "../../lib/services.server";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/albums";

export const middleware: Route.MiddlewareFunction[] = serverRules("page-memories");

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const id = normalizeProfileId(params.id);
  if (!viewer || !isProfileId(id)) throw notFound(request);
  const { db, config } = context.get(servicesContext);
  try {
    const photos = await familyPhotos(db, { profileId: id, photosPerPage: config.PHOTOS_PER_PAGE }, viewer);
    const profile = await profileView(db, id);
    return { id, name: profile?.content.displayName || id, photos };
  } catch (error) {
    // Someone else's page is as unknown to this viewer as one that does not exist.
    if (error instanceof DomainError && (error.code === "forbidden" || error.code === "not_found")) {
      throw notFound(request);
    }
    throw error;
  }
}

export default function PageAlbums({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { id, name, photos } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <title>{t("albumEditor.documentTitle", { name })}</title>
      <p>
        <Link
          to={`/k/${id}`}
          className="inline-flex min-h-11 items-center gap-1 font-medium text-brand underline-offset-4 hover:underline"
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
            <path d="M10 3.5 5.5 8l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
          </svg>
          {t("albumEditor.back")}
        </Link>
      </p>
      <PageHeader title={t("albumEditor.title")} description={t("albumEditor.lead", { name })} />
      <AlbumEditor data={photos} />
    </div>
  );
}

// /k/{id}/memories (rule `page-memories`): the owner's moderation screen (ADR 026). The memories of
// one state at a time (Waiting, Shown, Hidden: ?state=), each to show, hide, remove or reply to; the
// candles lit, with the names waiting to be shown (ADR 026); the page's settings for memories and
// candles. Whoever may not change the page (the domain's rule: its owner, an editor or an admin) gets
// the 404, as for a page that is not there.
import { useRef } from "react";
import { Link, useNavigation } from "react-router";
import { isProfileId, normalizeProfileId } from "../../../contract/profile-id";
import { Alert } from "../../components/alert";
import { ButtonLink } from "../../components/button";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { MemoryCard } from "../../components/memories/moderation/memory-card";
import { CandlesPanel } from "../../components/memories/moderation/candles-panel";
import { SettingsPanel } from "../../components/memories/moderation/settings-panel";
import {
  isModerationFilter,
  StateFilter,
  type ModerationFilter,
} from "../../components/memories/moderation/state-filter";
import { PageHeader } from "../../components/page-header";
import { useTranslation } from "../../lib/i18n";
import { notFound } from "../../lib/not-found";
import {
  DomainError,
  ownerMemories,
  profileView,
  servicesContext,
  viewerContext,
} from "../../lib/services.server";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/memories";

export const middleware: Route.MiddlewareFunction[] = serverRules("page-memories");

export async function loader({ context, params, request }: Route.LoaderArgs) {
  // The rule has sent a visitor to sign in: a viewer is here.
  const viewer = context.get(viewerContext);
  const id = normalizeProfileId(params.id);
  if (!viewer || !isProfileId(id)) throw notFound(request);
  const asked = new URL(request.url).searchParams.get("state");
  const state: ModerationFilter = isModerationFilter(asked) ? asked : "pending";
  const { db } = context.get(servicesContext);
  try {
    const answer = await ownerMemories(db, { profileId: id, state }, viewer);
    const profile = await profileView(db, id);
    return { id, name: profile?.content.displayName || id, state, ...answer };
  } catch (error) {
    // Someone else's page is as unknown to this viewer as one that does not exist.
    if (error instanceof DomainError && (error.code === "forbidden" || error.code === "not_found")) {
      throw notFound(request);
    }
    throw error;
  }
}

export default function PageMemories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { id, name, state, settings, counts, memories, candles } = loaderData;
  const navigation = useNavigation();
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Another state's list is on its way: the one on screen says so until it comes.
  const loading = navigation.state === "loading" && navigation.location.pathname === `/k/${id}/memories`;

  return (
    <div className="flex flex-col gap-6">
      <title>{t("memoryModeration.documentTitle", { name })}</title>
      <p>
        <Link
          to={`/k/${id}`}
          className="inline-flex min-h-11 items-center gap-1 font-medium text-brand underline-offset-4 hover:underline"
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
            <path d="M10 3.5 5.5 8l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
          </svg>
          {t("memoryModeration.back")}
        </Link>
      </p>
      <PageHeader title={t("memoryModeration.title")} description={t("memoryModeration.lead", { name })} />
      {settings.moderation === "off" && <Alert tone="info" title={t("memoryModeration.offNote")} />}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="memory-list" className="flex min-w-0 flex-col gap-4">
          <StateFilter current={state} counts={counts} />
          <div className="flex flex-col gap-1">
            <h2
              id="memory-list"
              ref={listHeading}
              tabIndex={-1}
              className="text-xl font-semibold focus:outline-none"
            >
              {t(`memoryModeration.list.${state}`)}
            </h2>
            <p className="text-sm text-muted">{t(`memoryModeration.list.${state}Lead`)}</p>
          </div>
          <div
            aria-busy={loading || undefined}
            className={`flex flex-col gap-4 ${loading ? "opacity-60" : ""}`}
          >
            {loading && (
              <p role="status" className="sr-only">
                {t("memoryModeration.list.loading")}
              </p>
            )}
            {memories.length === 0 ? (
              <div className="rounded-[var(--radius-card)] border border-dashed border-line">
                <EmptyState
                  icon={emptyIcons.list}
                  title={t(`memoryModeration.empty.${state}`)}
                  text={t(`memoryModeration.empty.${state}Text`)}
                  action={
                    state !== "shown" && (counts.shown ?? 0) > 0 ? (
                      <ButtonLink to={{ search: "?state=shown" }} variant="secondary">
                        {t("memoryModeration.empty.seeShown")}
                      </ButtonLink>
                    ) : undefined
                  }
                />
              </div>
            ) : (
              <ul className="flex flex-col gap-4">
                {memories.map((memory) => (
                  <li key={memory.id}>
                    <MemoryCard
                      memory={memory}
                      profileId={id}
                      onDecided={() => listHeading.current?.focus()}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
        <div className="flex flex-col gap-6">
          {/* The candles first: names waiting for the owner are there. */}
          <CandlesPanel candles={candles} on={settings.candlesOn} />
          <SettingsPanel profileId={id} initial={settings} />
        </div>
      </div>
    </div>
  );
}

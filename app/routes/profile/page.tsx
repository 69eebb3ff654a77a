// /k/{id} (rule `profile`): the public page, reached by a printed QR code; what it shows depends on
// the profile's status and on who is looking (decisions "Profiles").
import { Suspense } from "react";
import { lazyPart } from "../../lib/lazy-part";
import { useTranslation } from "../../lib/i18n";
import type { MetaDescriptor } from "react-router";
import {
  liveStatuses,
  profileContext,
  publicVideos,
  requestContext,
  servicesContext,
  pastDueRestsOn,
  unpaidInvoiceOfPage,
  viewerContext,
  customerSubscriptions,
  issueFormToken,
  isProfileEditor,
  memoriesWaitingOn,
  publicMemories,
  readDraft,
  restingSummary,
  madePageOrigin,
  publicPhotos,
  pageDoorContext,
  pageDoor,
  keptPagePart,
} from "../../lib/services.server";
import { doorOutcomeParam, doorOutcomes, type DoorOutcome } from "../../../contract/private-page-values";
import { PageDoorView } from "../../components/profile/page-door";
import {
  memoryDraftParam,
  memoryFormAnchors,
  memoryOutcomes,
  isMemoryPosition,
  type MemoryFormPlace,
  type MemoryOutcome,
} from "../../../contract/memory-values";
import { notFound } from "../../lib/not-found";
import { videoFrameOrigins } from "../../../contract/video-values";
import { VideoSection } from "../../components/video/video-section";
import { OwnerArea } from "../../components/profile/owner-area";
import type {
  DoorPageData,
  ProfilePageData,
  RestingPage,
  SuspendedPageData,
} from "../../components/profile/page-data";
import type { Ceremony } from "../../../contract/profiles";
import { ProfileView } from "../../components/profile/profile-view";
import { MemoriesSection } from "../../components/memories/memories-section";
import { PublicPhotoGrid } from "../../components/profile/public-photo-grid";
import { RestingView } from "../../components/profile/resting-view";
import { GiftCall } from "../../components/profile/gift-call";
import { serverRules } from "../../rules/index.server";
import { Card } from "../../components/card";
import type { Route } from "./+types/page";

// Only an unclaimed page shows the claim screen: its code is a file of its own.
const ClaimView = lazyPart("claim-view", () =>
  import("../../components/profile/claim-view").then((m) => m.ClaimView),
);

export const middleware: Route.MiddlewareFunction[] = serverRules("profile");

export async function loader({
  context,
  request,
}: Route.LoaderArgs): Promise<ProfilePageData | SuspendedPageData | DoorPageData> {
  const profile = context.get(profileContext);
  // The rule found no page to show (or did not run): the 404, answered here (app/lib/not-found.ts).
  if (!profile) throw notFound(request);
  const viewer = context.get(viewerContext);
  const services = context.get(servicesContext);
  const { config, db } = services;
  // What every viewer of the page is shown alike is kept until the page changes (ADR 047); the
  // viewer's own parts below (rights, the owner bar's figures, an invoice) are read for each request.
  const kept = <T,>(part: string, read: () => Promise<T>) => keptPagePart(services, profile.id, part, read);
  // A private page to a visitor who is not let in (the `profile` rule decided): its door only.
  if (context.get(pageDoorContext)) {
    const query = new URL(request.url).searchParams;
    const said = query.get(doorOutcomeParam);
    const retry = Number(query.get("retry"));
    const outcome = doorOutcomes.includes(said as DoorOutcome) ? (said as DoorOutcome) : null;
    return {
      door: await pageDoor(db, profile, {
        outcome,
        retryAfter:
          outcome === "limited" && Number.isInteger(retry) && retry > 0 && retry < 3600 ? retry : null,
      }),
    };
  }
  // Only its owner and editors get this far (the `profile` rule; an admin sees the page itself).
  if (profile.status === "suspended" && !viewer?.roles.includes("admin")) {
    return {
      suspended: true,
      id: profile.id,
      name: profile.content.displayName ?? "",
      supportEmail: config.SUPPORT_EMAIL ?? config.SELLER_EMAIL,
    };
  }
  const isOwner = !!viewer && viewer.id === profile.ownerUserId;
  // The page's editors edit it and decide its memories; paying stays the owner's.
  const isEditor = !!viewer && !isOwner && (await isProfileEditor(db, profile.id, viewer.id));
  const canEdit = isOwner || isEditor || !!viewer?.roles.includes("admin");
  const live = liveStatuses.includes(profile.status);
  const query = new URL(request.url).searchParams;
  // `?before=` pages back through the memories; anything that is no position starts from the newest.
  const asked = query.get("before");
  const before = asked && isMemoryPosition(asked) ? asked : undefined;
  const outcome = query.get("memory");
  // A visitor sent back here after writing or lighting a candle sees what they did: the memories and
  // candles are read anew for them (a candle is announced to the kept data seconds later, ADR 047).
  const justActed = memoryOutcomes.includes(outcome as MemoryOutcome);
  const keptUnlessActed = <T,>(part: string, read: () => Promise<T>) =>
    justActed ? read() : kept(part, read);
  const videos = live || canEdit ? await kept("videos", () => publicVideos(db, profile.id)) : [];
  // A page with a video link may frame its player, once a visitor presses play (ADR 040).
  if (videos.some((video) => video.kind === "link")) {
    for (const origin of videoFrameOrigins) context.get(requestContext).frameOrigins.add(origin);
  }
  return {
    id: profile.id,
    status: profile.status,
    live,
    // Unfinished or resting content is the owner's business only.
    content: live || canEdit ? profile.content : null,
    // A resting page never goes dark: its name, dates, portrait and first lines, its ceremony and
    // its candles, still lit by visitors (decisions "Where money meets people").
    resting:
      profile.status === "expired" ? await keptUnlessActed("resting", () => restingPage(db, profile)) : null,
    visibility: profile.metadata.visibility,
    language: profile.metadata.language,
    walkthroughDone: canEdit ? profile.walkthrough.map((step) => step.step) : [],
    trialEndsAt: canEdit ? profile.trialEndsAt : null,
    paidUntil: isOwner ? profile.paidUntil : null,
    canEdit,
    isOwner,
    isEditor,
    viewer: viewer ? { id: viewer.id, email: viewer.email } : null,
    pageUrl: `${config.publicUrl}/k/${profile.id}`,
    publicUrl: config.publicUrl,
    videos,
    // Only an owner who has paid by invoice has one; nobody else's page view waits for the query.
    unpaidInvoice: isOwner && viewer ? await unpaidInvoiceOfPage(db, profile.id, viewer.id) : null,
    payBy:
      isOwner && profile.status === "past_due"
        ? ((await pastDueRestsOn(db, profile.id, config.GRACE_DAYS))?.toISOString() ?? null)
        : null,
    // The owner's plan for the page, for the owner bar's way to manage it.
    subscription:
      isOwner && viewer
        ? ((await customerSubscriptions(db, viewer.id)).find((row) => row.profileId === profile.id) ?? null)
        : null,
    memories: live
      ? {
          ...(context.get(requestContext).staticCopy
            ? await everyShownMemory(db, profile.id)
            : before
              ? await publicMemories(db, profile.id, before)
              : await keptUnlessActed("memories", () => publicMemories(db, profile.id))),
          formToken: await issueFormToken(db, profile.id),
          before: before ?? null,
        }
      : null,
    photos: live || canEdit ? await kept("photos", () => publicPhotos(db, profile.id)) : null,
    memoryOutcome: justActed ? await memoryOutcomeOf(db, profile.id, outcome as MemoryOutcome, query) : null,
    memoriesWaiting: canEdit ? await memoriesWaitingOn(db, profile.id) : 0,
    madeBy:
      profile.status === "unclaimed" ? await kept("made-by", () => madePageOrigin(db, profile.id)) : null,
  };
}

/**
 * The static copy (ADR 046) has no `?before=` pages to follow: it holds every shown memory at once,
 * newest first, as the pages would have shown them one after the other.
 */
async function everyShownMemory(db: Parameters<typeof publicMemories>[0], profileId: string) {
  const first = await publicMemories(db, profileId);
  const memories = [...first.memories];
  let next = first.next;
  while (next) {
    const page = await publicMemories(db, profileId, next);
    memories.push(...page.memories);
    next = page.next;
  }
  return { ...first, memories, next: null };
}

/** The outcome of a visitor's form, where it is said, and what they wrote back from its draft. */
async function memoryOutcomeOf(
  db: Parameters<typeof readDraft>[0],
  profileId: string,
  outcome: MemoryOutcome,
  query: URLSearchParams,
) {
  const at = (Object.keys(memoryFormAnchors) as MemoryFormPlace[]).find((place) => place === query.get("at"));
  const draft = await readDraft(db, { profileId, token: query.get(memoryDraftParam) ?? "" });
  return {
    outcome,
    at: at ?? "list",
    name: draft?.name ?? "",
    relation: draft?.relation ?? "",
    text: draft?.text ?? "",
  };
}

async function restingPage(
  db: Parameters<typeof publicMemories>[0],
  profile: { id: string; content: Parameters<typeof restingSummary>[0] & { ceremony?: Ceremony | null } },
): Promise<RestingPage> {
  const memories = await publicMemories(db, profile.id);
  return {
    ...restingSummary(profile.content),
    ceremony: profile.content.ceremony ?? null,
    candles: memories.candlesOn
      ? {
          summary: memories.candles,
          moderation: memories.moderation,
          formToken: await issueFormToken(db, profile.id),
        }
      : null,
  };
}

function absolute(url: string | null | undefined, base: string): string | undefined {
  if (!url) return undefined;
  return url.startsWith("/") ? `${base}${url}` : url;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  if ("suspended" in loaderData || "door" in loaderData) return [{ name: "robots", content: "noindex" }];
  const { content, live, visibility, pageUrl, publicUrl } = loaderData;
  const name = live && content?.displayName ? content.displayName : "Kammare";
  const description = live && content ? content.subtitle || content.story.slice(0, 160).trim() : "";
  const image = live ? absolute(content?.coverImageUrl ?? content?.portraitImageUrl, publicUrl) : undefined;
  const tags: MetaDescriptor[] = [
    { title: live && content?.displayName ? `${content.displayName} – Kammare` : "Kammare" },
    { property: "og:title", content: name },
    { property: "og:type", content: "profile" },
    { property: "og:url", content: pageUrl },
    { property: "og:site_name", content: "Kammare" },
    { tagName: "link", rel: "canonical", href: pageUrl },
  ];
  if (description) {
    tags.push(
      { name: "description", content: description },
      { property: "og:description", content: description },
    );
  }
  if (image) tags.push({ property: "og:image", content: image });
  // Only live, public pages belong in search engines.
  if (!live || visibility !== "public") tags.push({ name: "robots", content: "noindex" });
  return tags;
};

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  if ("door" in data) return <PageDoorView door={data.door} />;
  if ("suspended" in data) {
    return (
      <div className="mx-auto w-full max-w-xl px-5 py-12 sm:py-20">
        <SuspendedNotice page={data} />
      </div>
    );
  }
  if (data.canEdit && data.status !== "unclaimed") return <OwnerArea data={data} />;
  if (data.live && data.content) {
    return (
      <>
        <ProfileView
          id={data.id}
          content={data.content}
          pageUrl={data.pageUrl}
          language={data.language}
          photoData={data.photos}
          photos={
            data.photos && (
              <PublicPhotoGrid profileId={data.id} name={data.content.displayName} photos={data.photos} />
            )
          }
        />
        <VideoSection videos={data.videos} language={data.language} />
        {data.memories && (
          <MemoriesSection profileId={data.id} memories={data.memories} outcome={data.memoryOutcome} />
        )}
        {/* A past-due page asks its visitors, as a resting one does, to keep it open (ADR 044). */}
        {data.status === "past_due" && (
          <div className="mx-auto flex w-full max-w-3xl justify-center px-5 py-10">
            <GiftCall id={data.id} />
          </div>
        )}
      </>
    );
  }
  // The pages without content: a short message, centred, with room to breathe on a phone.
  return (
    <div className="mx-auto w-full max-w-xl px-5 py-12 sm:py-20">
      {data.status === "unclaimed" ? (
        <Suspense>
          <ClaimView data={data} />
        </Suspense>
      ) : data.status === "expired" ? (
        data.resting && (
          <RestingView
            id={data.id}
            page={data.resting}
            language={data.language}
            outcome={data.memoryOutcome}
          />
        )
      ) : data.status === "removed" ? (
        <PageNotice of="removed" />
      ) : (
        <PageNotice of="comingSoon" />
      )}
    </div>
  );
}

/** A page without content to show: its status said in a heading and a line (coming soon, removed). */
function PageNotice({ of }: { of: "comingSoon" | "removed" }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={of} className="flex flex-col gap-3 text-center">
      <title>{t(`profile.${of}.title`)}</title>
      <h1 id={of} className="text-3xl font-semibold text-brand">
        {t(`profile.${of}.heading`)}
      </h1>
      <p className="text-muted">{t(`profile.${of}.lead`)}</p>
    </section>
  );
}

/** A suspended page, to its owner or an editor: what happened, that nothing is lost, and whom to write to. */
function SuspendedNotice({ page }: { page: SuspendedPageData }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="suspended"
      data-testid="suspended-page"
      className="flex flex-col gap-4 text-center"
    >
      <title>{t("profile.suspended.title")}</title>
      <h1 id="suspended" className="text-3xl font-semibold text-brand">
        {t("profile.suspended.heading")}
      </h1>
      <p className="text-pretty text-ink">
        {page.name ? t("profile.suspended.lead", { name: page.name }) : t("profile.suspended.leadUnnamed")}
      </p>
      <Card className="mt-2 flex flex-col items-center gap-1 p-5">
        <p className="text-ink">{t("profile.suspended.contact")}</p>
        <a
          href={`mailto:${page.supportEmail}?subject=${encodeURIComponent(page.id)}`}
          className="inline-flex min-h-11 items-center text-lg font-semibold text-brand underline underline-offset-4"
        >
          {page.supportEmail}
        </a>
        <p className="text-sm text-muted">{t("profile.suspended.contactNote", { id: page.id })}</p>
      </Card>
    </section>
  );
}

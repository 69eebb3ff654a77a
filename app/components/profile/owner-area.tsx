// What the owner (or an admin) sees on their page: the walkthrough until it is published, the
// publish moment right after, then the page under a small owner bar (status, share, edit) with
// banners for the trial, a due payment or a resting page.
import { lazy, Suspense, useState, type ReactNode } from "react";
import { lazyPart } from "../../lib/lazy-part";
import { useTranslation } from "../../lib/i18n";
import { walkthroughSteps } from "../../../contract/profile-values";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import type { CustomerInvoice } from "../../../contract/invoices";
import type { CustomerSubscription } from "../../../contract/subscriptions";
import type { ProfilePageData } from "./page-data";
import { Alert } from "../alert";
import { Button, ButtonLink } from "../button";
import { Dialog } from "../dialog";
import { StatusBadge } from "../status-badge";
import { ClaimedNotice } from "./claimed-notice";
import { RestingOwnerNotice } from "./resting-owner-notice";
import { ProfileView } from "./profile-view";
import { PublicPhotoGrid } from "./public-photo-grid";
import { MemoriesSection } from "../memories/memories-section";
import { PhotosPanel } from "./photos-panel";
import { KeepsakePanel } from "./keepsake-panel";
import { AnniversaryReminders } from "./anniversary-reminders";
import { VideoSection } from "../video/video-section";

// Each part the owner may not need on this visit (the editor until "Edit", the share panel until
// "Share", the walkthrough while the page is a draft) is a file of its own, fetched when it shows: the
// page that everyone sees, and its owner bar, load without them.
const Editor = lazy(() => import("./editor").then((m) => ({ default: m.Editor })));
// Parts the first HTML may hold with buttons in them are lazy parts (app/lib/lazy-part.tsx).
const OrdersList = lazyPart("orders-list", () => import("./orders-list").then((m) => m.OrdersList));
const PublishedMoment = lazy(() =>
  import("./published-moment").then((m) => ({ default: m.PublishedMoment })),
);
const SharePanel = lazy(() => import("./share-panel").then((m) => ({ default: m.SharePanel })));
const Walkthrough = lazyPart("walkthrough", () => import("./walkthrough").then((m) => m.Walkthrough));
const VideoPanel = lazy(() => import("../video/video-panel").then((m) => ({ default: m.VideoPanel })));
const FamilyPanel = lazy(() => import("../family/family-panel").then((m) => ({ default: m.FamilyPanel })));

/** Until a part's file is here: a quiet line saying so (screen readers hear it once). */
function Loading({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <p role="status" className="px-4 py-6 text-sm text-muted">
          {t("common.loading")}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

export function OwnerArea({ data }: { data: ProfilePageData }) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<"view" | "edit">("view");
  const [justPublished, setJustPublished] = useState(false);
  const [sharing, setSharing] = useState(false);
  // "This page is now yours" is said once: it goes when the owner saves the first step.
  const [claimedNoticeShown, setClaimedNoticeShown] = useState(true);
  const content = data.content;
  if (!content) return null;
  const published = data.walkthroughDone.includes("publish");
  // An editor's bar says whose page it is not.
  const barLabel = data.isEditor ? t("family.editorBar") : t("profile.ownerBar.label");
  // Each banner leads to the card checkout; only the owner pays (an admin sees the banner alone).
  const checkout = (label: string) =>
    data.isOwner ? (
      <ButtonLink to={`/k/${data.id}/checkout/card`} variant="secondary" className="mt-2">
        {label}
      </ButtonLink>
    ) : null;
  if (!published && data.status === "draft") {
    return (
      <div className="px-4 py-6 sm:py-10">
        {/* An editor claimed nothing: the page is not theirs. */}
        {claimedNoticeShown && !data.isEditor && <ClaimedNotice />}
        <Loading>
          <Walkthrough
            id={data.id}
            initial={content}
            visibility={data.visibility}
            language={data.language}
            pageUrl={data.pageUrl}
            done={data.walkthroughDone.filter((step) => walkthroughSteps.includes(step))}
            onPublished={() => {
              setJustPublished(true);
            }}
            onStepSaved={() => setClaimedNoticeShown(false)}
          />
        </Loading>
      </div>
    );
  }
  if (justPublished) {
    return (
      <Loading>
        <PublishedMoment
          id={data.id}
          name={content.displayName}
          pageUrl={data.pageUrl}
          trialEndsAt={data.trialEndsAt}
          onDone={() => setJustPublished(false)}
        />
      </Loading>
    );
  }
  /** The plan in one line: its first or next charge, or the day it ends. */
  const subscriptionLine = (subscription: CustomerSubscription) => {
    const date = (iso: string) => formatDate(iso, i18n.language, "long");
    if (subscription.cancelAtPeriodEnd && subscription.endsAt) {
      return t("profile.subscription.ends", { date: date(subscription.endsAt) });
    }
    if (!subscription.nextCharge) return t("profile.subscription.none");
    const amount = formatMoney(
      { amountOre: subscription.nextCharge.amountOre, currency: "SEK" },
      i18n.language,
    );
    return t(subscription.trialEndsAt ? "profile.subscription.first" : "profile.subscription.next", {
      date: date(subscription.nextCharge.at),
      amount,
    });
  };
  return (
    <div className="flex flex-col">
      <div
        role="region"
        aria-label={barLabel}
        className="sticky top-0 z-20 border-b border-line bg-raised/95 backdrop-blur print:hidden"
      >
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-2">
          {/* On a phone the bar is one row of actions (it stays on screen while the page scrolls);
              the status is said by the banners below it there. */}
          <div className="hidden min-w-0 items-center gap-2 sm:flex">
            <p className="text-sm font-semibold text-brand">{barLabel}</p>
            <StatusBadge status={data.status} />
          </div>
          <p className="sr-only sm:hidden">{barLabel}</p>
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <MemoriesLink id={data.id} waiting={data.memoriesWaiting} />
            {/* On a phone the bar stays one row: the photos are reached from their panel below. */}
            <span className="hidden sm:contents">
              <ButtonLink to={`/k/${data.id}/albums`} variant="ghost" className="px-3">
                {t("albumEditor.ownerLink")}
              </ButtonLink>
            </span>
            <Button variant="secondary" onClick={() => setSharing(true)} disabled={!data.live}>
              {t("share.button")}
            </Button>
            {/* While editing, the editor's own Close (which asks about unsaved changes) leads back. */}
            {mode === "view" && <Button onClick={() => setMode("edit")}>{t("profile.ownerBar.edit")}</Button>}
          </div>
        </div>
      </div>
      <Dialog open={sharing} title={t("share.title")} onClose={() => setSharing(false)}>
        <Loading>
          <SharePanel id={data.id} pageUrl={data.pageUrl} title={content.displayName} />
        </Loading>
      </Dialog>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 pt-4 empty:hidden print:hidden">
        {data.subscription && (
          <Alert tone="info" title={subscriptionLine(data.subscription)}>
            <ButtonLink to="/account#account-subscriptions" variant="secondary" className="mt-2">
              {t("profile.subscription.manage")}
            </ButtonLink>
          </Alert>
        )}
        {data.status === "trial" && data.trialEndsAt && !data.subscription && !data.unpaidInvoice && (
          <Alert
            tone="info"
            title={t("profile.trialBanner", {
              date: formatDate(data.trialEndsAt, i18n.language, "long"),
            })}
          >
            {checkout(t("profile.ownerChoosePlan"))}
          </Alert>
        )}
        {/* Paid for by nobody's running plan (the owner before a hand-over, or one invoice): when the
            time paid for ends, and the way to a plan before it does (decisions "Where money meets people"). */}
        {data.status === "active" && data.paidUntil && !data.subscription && !data.unpaidInvoice && (
          <Alert
            tone="info"
            title={t("profile.paidBanner", { date: formatDate(data.paidUntil, i18n.language, "long") })}
          >
            {checkout(t("profile.ownerChoosePlan"))}
          </Alert>
        )}
        {data.unpaidInvoice && <UnpaidInvoice invoice={data.unpaidInvoice} status={data.status} />}
        {data.status === "past_due" && !data.unpaidInvoice && (
          <Alert
            tone="error"
            title={
              data.payBy
                ? t("profile.pastDueBy", { date: formatDate(data.payBy, i18n.language, "long") })
                : t("profile.pastDue")
            }
          >
            {checkout(t("profile.ownerPayNow"))}
          </Alert>
        )}
        {data.status === "expired" && !data.unpaidInvoice && (
          <RestingOwnerNotice id={data.id} isOwner={data.isOwner} />
        )}
      </div>
      {mode === "edit" ? (
        <div className="px-4 py-6">
          <Loading>
            <Editor
              id={data.id}
              initial={content}
              visibility={data.visibility}
              onClose={() => setMode("view")}
            />
          </Loading>
        </div>
      ) : (
        <>
          <ProfileView
            id={data.id}
            content={content}
            pageUrl={data.pageUrl}
            language={data.language}
            photoData={data.photos}
            photos={
              data.photos && (
                <PublicPhotoGrid profileId={data.id} name={content.displayName} photos={data.photos} />
              )
            }
          />
          <VideoSection videos={data.videos} language={data.language} />
          {/* The memories as visitors see them; deciding them is on the page's memories screen. */}
          {data.memories && (
            <MemoriesSection profileId={data.id} memories={data.memories} outcome={data.memoryOutcome} />
          )}
        </>
      )}
      {mode === "view" && <PhotosPanel profileId={data.id} />}
      {/* The family's own copy of the page, to keep without us (ADR 045). */}
      {mode === "view" && <KeepsakePanel profileId={data.id} />}
      {mode === "view" && <AnniversaryReminders profileId={data.id} />}
      {/* The page's videos: links and clips, for its owner and editors. */}
      {mode === "view" && (
        <Loading>
          <VideoPanel profileId={data.id} />
        </Loading>
      )}
      {/* The page's family: its owner manages it, an editor sees it and may leave. */}
      {mode === "view" && data.viewer && (
        <Loading>
          <FamilyPanel profileId={data.id} viewerId={data.viewer.id} />
        </Loading>
      )}
      {/* Orders and receipts are the owner's (and an admin's), never an editor's. */}
      {mode === "view" && !data.isEditor && (
        <Loading>
          <OrdersList profileId={data.id} />
        </Loading>
      )}
    </div>
  );
}

/** The way to the page's memories (/k/{id}/memories), with how many wait for a decision. */
function MemoriesLink({ id, waiting }: { id: string; waiting: number }) {
  const { t } = useTranslation();
  return (
    <ButtonLink to={`/k/${id}/memories`} variant="ghost" className="px-3">
      {t("memoryModeration.ownerBar.link")}
      {waiting > 0 && (
        <span className="min-w-6 rounded-full bg-brand px-1.5 text-center text-xs leading-5 text-white tabular-nums">
          <span aria-hidden="true">{waiting}</span>
          <span className="sr-only"> {t("memoryModeration.ownerBar.waiting", { count: waiting })}</span>
        </span>
      )}
    </ButtonLink>
  );
}

/**
 * The owner's unpaid invoice: while it runs, paying it is how the page is kept (a new checkout is
 * refused), so the banner says how, with the invoice itself to download.
 */
function UnpaidInvoice({ invoice, status }: { invoice: CustomerInvoice; status: ProfilePageData["status"] }) {
  const { t, i18n } = useTranslation();
  const late = status === "past_due" || status === "expired" || invoice.status === "overdue";
  const values = {
    number: invoice.number,
    date: formatDate(`${invoice.dueDate}T12:00:00Z`, i18n.language, "long"),
    amount: formatMoney({ amountOre: invoice.toPayOre, currency: "SEK" }, i18n.language),
  };
  return (
    <Alert
      tone={late ? "error" : "info"}
      title={t(late ? "profile.unpaidInvoice.late" : "profile.unpaidInvoice.due", values)}
    >
      <p className="mt-1 text-sm">
        {t("profile.unpaidInvoice.how", {
          amount: values.amount,
          account: invoice.bankgiro ?? invoice.plusgiro ?? "",
          ocr: invoice.ocr,
        })}
      </p>
      <a
        href={invoice.pdfPath}
        download
        className="mt-2 inline-flex min-h-11 items-center font-medium underline underline-offset-2"
      >
        {t("profile.unpaidInvoice.download", { number: invoice.number })}
      </a>
    </Alert>
  );
}

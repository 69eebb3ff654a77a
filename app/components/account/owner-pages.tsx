// An account's pages (ADR 029), on /account and, for an editor without pages of
// their own, on "/": each page by its portrait, name and status with its code small beside it, and
// the one next step as a button (publish, pay, renew, pay the invoice, open). The pages the account
// helps keep as an editor come in a second group. Read by the route's loader (ownerPages: one query).
import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import type { OwnerPage } from "../../../contract/owner-pages";
import { useTranslation } from "../../lib/i18n";
import { formatDate } from "../../lib/date-format";
import { ButtonLink } from "../button";
import { EmptyState, emptyIcons } from "../empty-state";
import { CardSection } from "../card";
import { LoadingRegion } from "../skeleton";
import { StatusBadge } from "../status-badge";
import { StartPageButton } from "./start-page-button";

/** Steps that keep the page going: the row's main button; opening it is a quieter one. */
const urgentSteps = new Set(["publish", "pay", "renew", "invoice"]);

/** The pages the account owns: always shown, with the way to claim one when there are none, and to
 * start one (another one) beside them. */
export function OwnedPages({ pages }: { pages: OwnerPage[] }) {
  const { t } = useTranslation();
  return (
    <CardSection id="account-pages" title={t("account.pages.title")}>
      <PagesLoading label={t("account.pages.title")}>
        {pages.length === 0 ? (
          <EmptyState
            icon={emptyIcons.list}
            title={t("account.pages.none")}
            className="py-4"
            action={
              <Link to="/" className="font-medium text-brand underline underline-offset-2">
                {t("account.pages.claim")}
              </Link>
            }
          />
        ) : (
          <PageList pages={pages} />
        )}
      </PagesLoading>
      {/* Another page, for someone else: made at once, opening its walkthrough. */}
      <div className="mt-4 border-t border-line pt-4 sm:w-fit">
        <StartPageButton
          variant={pages.length === 0 ? "primary" : "secondary"}
          label={pages.length === 0 ? undefined : t("auth.start.another")}
        />
      </div>
    </CardSection>
  );
}

/** The pages the account helps keep as an editor; nothing at all when there are none. */
export function HelpingPages({ pages }: { pages: OwnerPage[] }) {
  const { t } = useTranslation();
  if (pages.length === 0) return null;
  return (
    <CardSection id="account-helping" title={t("account.pages.helpingTitle")}>
      <p className="-mt-2 text-sm text-muted">{t("account.pages.helpingLead")}</p>
      <PagesLoading label={t("account.pages.helpingTitle")}>
        <PageList pages={pages} />
      </PagesLoading>
    </CardSection>
  );
}

/** While this screen's data comes again (after a change), the list on screen says so, dimmed. */
function PagesLoading({ label, children }: { label: string; children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <LoadingRegion loading={loading} label={label} className={loading ? "opacity-60" : ""}>
      {children}
    </LoadingRegion>
  );
}

function PageList({ pages }: { pages: OwnerPage[] }) {
  return (
    <ul className="flex flex-col divide-y divide-line">
      {pages.map((page) => (
        <PageRow key={page.id} page={page} />
      ))}
    </ul>
  );
}

function PageRow({ page }: { page: OwnerPage }) {
  const { t } = useTranslation();
  const name = page.name || t("account.pages.unnamed");
  const describedBy = `owner-page-${page.id}`;
  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
      data-testid="owner-page"
      data-page={page.id}
    >
      <div className="flex min-w-0 items-center gap-3">
        <Portrait url={page.portraitUrl} name={page.name} />
        <div className="flex min-w-0 flex-col gap-1" id={describedBy}>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <Link
              to={`/k/${page.id}`}
              className={`break-words font-semibold text-brand underline underline-offset-2 hover:text-brand-strong ${page.name ? "text-lg" : "italic"}`}
            >
              {name}
            </Link>
            <span className="font-mono text-xs tracking-widest text-muted">
              <span className="sr-only">{t("account.pages.code", { id: page.id })}</span>
              <span aria-hidden="true">{page.id}</span>
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
            <StatusBadge status={page.status} />
            <PageNote page={page} />
          </p>
        </div>
      </div>
      {page.next && (
        <ButtonLink
          to={page.next.href}
          variant={urgentSteps.has(page.next.step) ? "primary" : "secondary"}
          aria-describedby={describedBy}
          className="ml-15 shrink-0 self-start sm:ml-0 sm:self-center"
        >
          {t(`account.pages.steps.${page.next.step}`)}
        </ButtonLink>
      )}
    </li>
  );
}

/** A small round portrait, or a quiet placeholder with the name's first letter. */
function Portrait({ url, name }: { url: string | null; name: string }) {
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className="size-12 shrink-0 rounded-full border border-line object-cover"
      />
    );
  }
  const initial = [...name.trim()][0]?.toUpperCase() ?? "";
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-full border border-line bg-brand-soft font-serif text-lg text-brand"
    >
      {initial || (
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M12 21V9" strokeLinecap="round" />
          <path d="M12 14c-3.5 0-5-2.2-5-5 2.8 0 5 1.5 5 5Zm0-3c0-3 1.7-5 5-5 0 3-1.7 5-5 5Z" />
        </svg>
      )}
    </span>
  );
}

/** One line on where the page stands: the trial's or the paid period's end, or why it waits. */
function PageNote({ page }: { page: OwnerPage }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language, "long");
  switch (page.status) {
    case "draft":
      return <span>{t("account.pages.draftNote")}</span>;
    case "trial":
    case "extended_trial":
      if (!page.trialEndsAt) return null;
      // Paid for the period after the trial (by invoice): one period, said with what comes next.
      return page.paidUntil && page.paidUntil > page.trialEndsAt && !page.renews ? (
        <span data-testid="page-note">
          {t("account.pages.trialThenPaidOnce", {
            trial: date(page.trialEndsAt),
            date: date(page.paidUntil),
          })}
        </span>
      ) : (
        <span>{t("account.pages.trialUntil", { date: date(page.trialEndsAt) })}</span>
      );
    case "active":
      // A cancelled plan, one invoice's period or a page taken over: nothing renews it by itself.
      if (!page.paidUntil) return null;
      return (
        <span data-testid="page-note">
          {t(page.renews ? "account.pages.paidUntil" : "account.pages.paidOnce", {
            date: date(page.paidUntil),
          })}
        </span>
      );
    case "past_due":
      return page.payBy ? (
        <span data-testid="page-note">{t("account.pages.pastDueBy", { date: date(page.payBy) })}</span>
      ) : (
        <span>{t("account.pages.pastDueNote")}</span>
      );
    case "expired":
      return <span>{t("account.pages.restingNote")}</span>;
    case "suspended":
      return <span>{t("account.pages.suspendedNote")}</span>;
    default:
      return null;
  }
}

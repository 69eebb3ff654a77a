// The error page (spec sections 2 and 8): status code, status message and the error's message.
// 404 and every other error have separate views. Stack traces are never shown. It is the content of
// a layout's ErrorBoundary, inside that layout's frame (header, footer): `<ErrorPage error={error} />`.
// On a page's address (/k/{code}) the 404 view also offers the code field.
import { useTranslation } from "../lib/i18n";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { ButtonLink } from "./button";
import { Suspense } from "react";
import { lazyPart } from "../lib/lazy-part";
import { Card } from "./card";

// Only the 404 of a mistyped page code asks for the code again: its form is a file of its own.
const ProfileCodeForm = lazyPart("profile-code-form", () =>
  import("./profile-code-form").then((m) => m.ProfileCodeForm),
);

export function ErrorPage({ error }: { error: unknown }) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundView path={location.pathname} />;
  }
  return <ServerErrorView status={statusOf(error)} message={messageOf(error)} />;
}

function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return typeof error.data === "string" && error.data ? error.data : error.statusText;
  }
  if (error instanceof Error) return error.message;
  return "";
}

export function NotFoundView({ path }: { path: string }) {
  const { t } = useTranslation();
  const profilePath = isProfilePath(path);
  // A person's sentence first; the spec's status text and message stay, quieter, below it.
  return (
    <ErrorLayout
      status={404}
      title={t("error.notFoundTitle")}
      heading={t(profilePath ? "error.codeHeading" : "error.notFoundHeading")}
      message={t("error.notFoundMessage", { path })}
    >
      {profilePath ? (
        // Most visitors here scanned or typed a printed code: the likely fix is the code itself.
        <div className="flex w-full flex-col gap-4">
          <p>{t("error.codeLead")}</p>
          <Card className="p-6">
            {/* Each 404 address starts with an empty field (the visitor moves from one to the next). */}
            <Suspense>
              <ProfileCodeForm key={path} />
            </Suspense>
          </Card>
          <p className="text-muted">{t("error.codeContact")}</p>
          <p>
            <Link to="/" className="inline-flex min-h-11 items-center text-brand underline">
              {t("error.backHome")}
            </Link>
          </p>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <p>{t("error.notFoundLead")}</p>
          <ButtonLink to="/">{t("error.backHome")}</ButtonLink>
        </div>
      )}
    </ErrorLayout>
  );
}

/** A page's address, /k/{code}, where a mistyped or misprinted code is the likely reason for a 404. */
function isProfilePath(path: string): boolean {
  return path.startsWith("/k/");
}

/** React Router's stand-in for a server error's message (the real one stays in the server's log). */
const sanitizedMessage = "Unexpected Server Error";

export function ServerErrorView({ status, message }: { status: number; message: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  // React Router gives a production server error no code, only this stand-in text (ADR 032's one
  // exception: not our refusal, and nothing else to tell it by).
  // eslint-disable-next-line no-restricted-syntax
  const shown = message === sanitizedMessage ? t("error.serverMessage") : message;
  return (
    <ErrorLayout status={status} title={t("error.serverTitle")} message={shown}>
      <a href={location.pathname + location.search} className="text-brand underline">
        {t("error.tryAgain")}
      </a>
      <ButtonLink to="/" reloadDocument>
        {t("error.backHome")}
      </ButtonLink>
    </ErrorLayout>
  );
}

function ErrorLayout({
  status,
  title,
  heading = title,
  message,
  children,
}: {
  status: number;
  /** The spec's status message ("Page Not Found", "Internal Server Error"). */
  title: string;
  /** What the page says first, in a person's words; the status message when there is none. */
  heading?: string;
  message: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const spoken = heading !== title;
  return (
    <section
      aria-labelledby="error-title"
      data-testid={status === 404 ? "not-found-view" : "error-view"}
      className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16"
    >
      <title>{`${status} ${title}`}</title>
      <p className="flex items-baseline gap-3">
        <span
          className={`font-bold tabular-nums text-brand ${spoken ? "text-4xl" : "text-6xl"}`}
          aria-label={t("error.statusLabel", { status })}
        >
          {status}
        </span>
        {spoken && (
          <span className="text-sm font-semibold uppercase tracking-[0.14em] text-muted">{title}</span>
        )}
      </p>
      <h1 id="error-title" className="text-balance text-3xl font-semibold">
        {heading}
      </h1>
      {!spoken && message && <p className="break-words text-muted">{message}</p>}
      <div className="flex w-full flex-wrap items-center gap-4">{children}</div>
      {spoken && message && <p className="break-words text-sm text-muted">{message}</p>}
    </section>
  );
}

// The error page (spec sections 2 and 8): status code, status message and the error's message.
// 404 and every other error have separate views. Stack traces are never shown.
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation } from "react-router";
import { ButtonLink } from "./button";

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
  return (
    <ErrorLayout status={404} title={t("error.notFoundTitle")} message={t("error.notFoundMessage", { path })}>
      <ButtonLink to="/">{t("error.backHome")}</ButtonLink>
    </ErrorLayout>
  );
}

export function ServerErrorView({ status, message }: { status: number; message: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <ErrorLayout status={status} title={t("error.serverTitle")} message={message}>
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
  message,
  children,
}: {
  status: number;
  title: string;
  message: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="error-title"
      data-testid={status === 404 ? "not-found-view" : "error-view"}
      className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16"
    >
      <title>{`${status} ${title}`}</title>
      <p
        className="text-6xl font-bold tabular-nums text-brand"
        aria-label={t("error.statusLabel", { status })}
      >
        {status}
      </p>
      <h1 id="error-title" className="text-3xl font-semibold">
        {title}
      </h1>
      {message && <p className="break-words text-muted">{message}</p>}
      <div className="flex flex-wrap items-center gap-4">{children}</div>
    </section>
  );
}

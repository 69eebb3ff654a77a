// The empty layout: the page alone, with only a small language switch (used by trial pages).
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import { LanguageSwitcher } from "../components/language-switcher";
import { SkipLink } from "../components/site-header";
import type { Route } from "./+types/empty";

function EmptyFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <div className="flex justify-end px-4 pt-3">
        <LanguageSwitcher />
      </div>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl px-4 pb-12 focus:outline-none">
        {children}
      </main>
    </div>
  );
}

export default function EmptyLayout() {
  return (
    <EmptyFrame>
      <Outlet />
    </EmptyFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <EmptyFrame>
      <ErrorPage error={error} />
    </EmptyFrame>
  );
}

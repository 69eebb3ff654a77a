// /account (rule `account`): the signed-in customer's own account (ADR 016): the e-mail address and
// its verification, their pages (and those they help keep) by name, portrait, status and next step,
// their subscriptions, the history of their orders and receipts, a download of all their data (a
// ZIP), and deleting the account after the password again, which says
// plainly what goes and what the law keeps.
import { useId, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { accountOrderLimit } from "../../../contract/admin-orders";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { EmailVerification } from "../../components/email-verification";
import { CardSection } from "../../components/card";
import { FormAlert } from "../../components/form-alert";
import { PageHeader } from "../../components/page-header";
import { TextField } from "../../components/text-field";
import { useToast } from "../../components/toast";
import { api } from "../../lib/api";
import { saveFile } from "../../lib/save-file";
import {
  customerOrders,
  customerSubscriptions,
  isEmailVerified,
  ownerPages,
  servicesContext,
  viewerContext,
} from "../../lib/services.server";
import { OrderHistory } from "../../components/account/order-history";
import { HelpingPages, OwnedPages } from "../../components/account/owner-pages";
import { Subscriptions } from "../../components/account/subscriptions";
import { KeepsakeBeforeDeletion } from "../../components/account/keepsake-before-deletion";
import { useFormSubmit } from "../../lib/use-form-submit";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/account";

export const middleware: Route.MiddlewareFunction[] = serverRules("account");

export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = context.get(servicesContext);
  // The rule has sent everyone else away: a signed-in customer.
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Response(null, { status: 401 });
  const [emailVerified, pages, subscriptions, orders] = await Promise.all([
    isEmailVerified(db, viewer.id),
    ownerPages(db, viewer.id, { graceDays: config.GRACE_DAYS }),
    customerSubscriptions(db, viewer.id),
    customerOrders(db, viewer, { limit: accountOrderLimit }),
  ]);
  return { email: viewer.email, emailVerified, pages, subscriptions, orders };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <title>{t("account.title")}</title>
      <PageHeader title={t("account.heading")} description={t("account.lead")} />
      {/* The pages first: for an owner of several, this is where each one's next step is. */}
      <OwnedPages pages={loaderData.pages.owned} />
      <HelpingPages pages={loaderData.pages.helping} />
      <EmailVerification email={loaderData.email} verified={loaderData.emailVerified} />
      <Subscriptions subscriptions={loaderData.subscriptions} />
      <OrderHistory orders={loaderData.orders.orders} capped={loaderData.orders.capped} />
      <DownloadData />
      <DeleteAccount
        email={loaderData.email}
        pages={loaderData.pages.owned.length}
        keepsakes={loaderData.pages.owned.map(({ id, name }) => ({ id, name }))}
      />
    </div>
  );
}

function DownloadData() {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      const zip = await api.file("get", "/kammare/account/export");
      saveFile(
        new Blob([zip], { type: "application/zip" }),
        `kammare-data-${new Date().toISOString().slice(0, 10)}.zip`,
      );
      toast.show({ title: t("account.export.done"), description: t("account.export.doneText") });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardSection id="account-export" title={t("account.export.title")}>
      <p className="text-muted">{t("account.export.lead")}</p>
      {failed && <Alert tone="error" title={t("account.export.failed")} />}
      <div>
        <Button variant="secondary" busy={busy} onClick={() => void download()}>
          {busy ? t("account.export.busy") : t("account.export.submit")}
        </Button>
      </div>
    </CardSection>
  );
}

function DeleteAccount({
  email,
  pages,
  keepsakes,
}: {
  email: string;
  pages: number;
  keepsakes: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const confirmId = useId();
  const [password, setPassword] = useState("");
  const [understood, setUnderstood] = useState(false);
  const form = useFormSubmit({
    fields: ["password", "understood"],
    messages: { wrong_password: "account.delete.wrongPassword" },
  });

  return (
    <section
      aria-labelledby="account-delete"
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-danger/40 bg-raised p-6"
    >
      <h2 id="account-delete" className="text-xl font-semibold text-danger">
        {t("account.delete.title")}
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
        <li>{t("account.delete.pages", { count: pages })}</li>
        <li>{t("account.delete.sessions")}</li>
        <li>{t("account.delete.kept")}</li>
      </ul>
      <p className="text-sm text-muted">{t("account.delete.exportFirst")}</p>
      {/* The pages' keepsakes while they are still there: the password below erases them (ADR 045). */}
      <KeepsakeBeforeDeletion pages={keepsakes} />
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) =>
          void form.submit(event, {
            check: () => ({
              password: password ? undefined : "validation.passwordRequired",
              understood: understood ? undefined : "account.delete.understoodRequired",
            }),
            send: async () => {
              const answer = await api.post("/kammare/account/delete", {
                body: { password },
              });
              // This browser's copy of the session goes with the server's (as at signing out), and a
              // full load starts the whole page, its header too, again without the account.
              window.localStorage.clear();
              window.location.assign(`/account/deleted?pages=${answer.removedPages.length}`);
            },
            staysBusy: true,
          })
        }
      >
        <FormAlert form={form} />
        {/* The address, for the browser's password manager to know which password is asked for. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={t("account.delete.password")}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={form.message("password")}
        />
        <CheckboxField
          id={confirmId}
          label={t("account.delete.understood")}
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
          error={form.message("understood")}
        />
        <div>
          <Button type="submit" variant="danger" busy={form.busy}>
            {form.busy ? t("account.delete.busy") : t("account.delete.submit")}
          </Button>
        </div>
      </form>
    </section>
  );
}

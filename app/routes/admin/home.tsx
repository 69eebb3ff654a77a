// /admin: the dashboard of today and this month (ADR 015), the admin's menu of every admin screen,
// and the user tool (find by e-mail, see the user's pages, set a new password).
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link } from "react-router";
import type { AccountDeleted } from "../../../contract/account";
import type { AdminUser } from "../../../contract/auth";
import { Alert } from "../../components/alert";
import { FormAlert } from "../../components/form-alert";
import { Button } from "../../components/button";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { TextField } from "../../components/text-field";
import { Dashboard } from "../../components/admin/dashboard";
import { adminScreens } from "../../lib/admin-screens";
import { api } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { useFormSubmit } from "../../lib/use-form-submit";
import { useUserLookup } from "../../lib/use-user-lookup";
import { newPasswordProblem } from "../../lib/validate";
import { activeCreditor, adminDashboard, servicesContext, setupGaps } from "../../lib/services.server";
import type { SetupGap } from "../../lib/services.server";
import type { Route } from "./+types/home";
import { Card, Section } from "../../components/card";
import { fieldRowClass } from "../../components/field";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config, logger, videoUploadsAvailable } = context.get(servicesContext);
  const gaps = setupGaps(config, {
    hasCreditor: (await activeCreditor(db)) !== null,
    videoUploads: await videoUploadsAvailable?.(),
  });
  try {
    return { gaps, dashboard: await adminDashboard(db) };
  } catch (error) {
    // The figures are a convenience: without them the menu and the user tool still work.
    logger.error({ err: error }, "the admin dashboard failed");
    return { gaps, dashboard: null };
  }
}

/** Where each gap is closed: a screen of ours, or the README's settings. */
const gapLinks: Partial<Record<SetupGap, string>> = { no_creditor: "/admin/capway/creditor" };

/** What the site runs without (decisions: the admin dashboard says what is not configured). */
function SetupGaps({ gaps }: { gaps: SetupGap[] }) {
  const { t } = useTranslation();
  if (gaps.length === 0) return null;
  return (
    <section
      aria-labelledby="setup-heading"
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-status-past-due/40 bg-status-past-due-soft p-5"
    >
      <h2 id="setup-heading" className="text-lg font-semibold">
        {t("adminDashboard.setup.heading")}
      </h2>
      <ul className="flex list-disc flex-col gap-2 pl-5">
        {gaps.map((gap) => (
          <li key={gap}>
            <span className="font-medium">{t(`adminDashboard.setup.${gap}.title`)}</span>{" "}
            <span className="text-muted">{t(`adminDashboard.setup.${gap}.text`)}</span>
            {gapLinks[gap] && (
              <>
                {" "}
                <Link to={gapLinks[gap]} className="font-medium text-brand underline underline-offset-2">
                  {t(`adminDashboard.setup.${gap}.action`)}
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-10">
      <title>{t("admin.title")}</title>
      <AdminPageHeader path="/admin" title={t("admin.heading")} />
      <SetupGaps gaps={loaderData.gaps} />
      {loaderData.dashboard ? (
        <Dashboard data={loaderData.dashboard} />
      ) : (
        <Alert tone="error" title={t("adminDashboard.failed")}>
          {t("adminDashboard.failedText")}
        </Alert>
      )}
      <nav aria-labelledby="admin-menu">
        <h2 id="admin-menu" className="text-xl font-semibold">
          {t("admin.menu")}
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {adminScreens.map((screen) => (
            <Card as="li" key={screen.path} className="relative flex flex-col gap-1 p-4 hover:bg-brand-soft">
              {/* The whole card is the link's target; its name stays the screen's name. */}
              <Link to={screen.path} className="font-medium text-brand after:absolute after:inset-0">
                {t(screen.label)}
              </Link>
              <p className="text-sm text-muted">{t(screen.description)}</p>
            </Card>
          ))}
        </ul>
      </nav>
      <UserTool />
    </div>
  );
}

function UserTool() {
  const { t, i18n } = useTranslation();
  const [user, setUser] = useState<AdminUser | null>(null);
  const [erased, setErased] = useState<{ email: string; result: AccountDeleted }>();
  const { email, setEmail, emailError, state, find } = useUserLookup((found) => {
    setErased(undefined);
    setUser(found);
  });

  return (
    <Section id="users-heading" title={t("admin.users.heading")} className="flex max-w-2xl flex-col gap-4">
      <p className="text-muted">{t("admin.users.lead")}</p>
      <form noValidate role="search" onSubmit={(event) => void find(event)} className={fieldRowClass("end")}>
        <TextField
          className="flex-1"
          label={t("auth.email")}
          type="email"
          name="user-email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError && t(emailError)}
        />
        <Button type="submit" busy={state === "busy"}>
          {state === "busy" ? t("admin.users.busy") : t("admin.users.find")}
        </Button>
      </form>
      <div aria-live="polite">
        {state === "not-found" && <Alert tone="info" title={t("admin.users.notFound")} />}
        {erased && (
          <Alert tone="success" title={t("admin.users.erase.done", { email: erased.email })}>
            {t("admin.users.erase.doneText", {
              pages: erased.result.removedPages.length,
              orders: erased.result.keptOrders,
            })}
          </Alert>
        )}
        {state === "failed" && <Alert tone="error" title={t("validation.failed")} />}
        {user && (
          <Card as="article" aria-label={user.email} className="p-5">
            <h3 className="text-lg font-semibold">{user.email}</h3>
            <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted">{t("admin.users.id")}</dt>
              <dd className="break-all font-mono">{user.id}</dd>
              <dt className="text-muted">{t("admin.users.roles")}</dt>
              <dd>{user.roles.map((role) => t(`admin.role.${role}`)).join(", ")}</dd>
              <dt className="text-muted">{t("admin.users.created")}</dt>
              <dd>
                <time dateTime={user.createdAt}>{formatDateTime(user.createdAt, i18n.language)}</time>
              </dd>
              <dt className="text-muted">{t("admin.users.profiles")}</dt>
              <dd>
                {user.ownedProfiles.length === 0 ? (
                  t("admin.users.noProfiles")
                ) : (
                  <ul className="flex flex-wrap gap-2">
                    {user.ownedProfiles.map((id) => (
                      <li key={id}>
                        <Link to={`/k/${id}`} className="font-mono text-brand underline">
                          {id}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </dl>
            <SetPassword key={user.id} user={user} />
            {!user.roles.includes("admin") && (
              <EraseAccount
                key={`erase-${user.id}`}
                user={user}
                onErased={(result) => {
                  setErased({ email: user.email, result });
                  setUser(null);
                }}
              />
            )}
          </Card>
        )}
      </div>
    </Section>
  );
}

/** On the customer's request: the same deletion the customer can do on /account. */
function EraseAccount({ user, onErased }: { user: AdminUser; onErased: (result: AccountDeleted) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const form = useFormSubmit({ fields: ["confirm"] });
  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.submit(event, {
          check: () => ({
            confirm:
              typed.trim().toLowerCase() === user.email.toLowerCase()
                ? undefined
                : "admin.users.erase.confirmWrong",
          }),
          send: async () => {
            const result = await api.post("/admin/user/erase", {
              body: { userId: user.id },
            });
            onErased(result);
          },
          staysBusy: true,
        })
      }
      className="mt-5 flex flex-col gap-3 border-t border-line pt-5"
    >
      <h4 className="font-semibold text-danger">{t("admin.users.erase.heading")}</h4>
      <p className="text-sm text-muted">{t("admin.users.erase.lead")}</p>
      <FormAlert form={form} />
      <TextField
        label={t("admin.users.erase.confirm", { email: user.email })}
        name="erase-confirm"
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={form.message("confirm")}
      />
      <div>
        <Button type="submit" variant="danger" busy={form.busy}>
          {form.busy ? t("admin.users.erase.busy") : t("admin.users.erase.submit")}
        </Button>
      </div>
    </form>
  );
}

function SetPassword({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const form = useFormSubmit({ fields: ["password"] });

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.submit(event, {
          check: () => ({ password: newPasswordProblem(password, user.email) }),
          send: async () => {
            await api.patch("/admin/user", { body: { userId: user.id, password } });
          },
          onDone: () => setPassword(""),
        })
      }
      className="mt-5 flex flex-col gap-3 border-t border-line pt-5"
    >
      <h4 className="font-semibold">{t("admin.users.setPassword")}</h4>
      <FormAlert form={form} done={t("admin.users.saved")} />
      <TextField
        label={t("admin.users.newPassword")}
        hint={t("auth.passwordHint")}
        type="password"
        name="user-new-password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={form.message("password")}
      />
      <div>
        <Button type="submit" variant="secondary" busy={form.busy}>
          {form.busy ? t("admin.users.saving") : t("admin.users.save")}
        </Button>
      </div>
    </form>
  );
}

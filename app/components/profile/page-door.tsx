// A private page's door (ADR 043): what a visitor who is not let in sees at /k/{id}: the name, the
// portrait if the family allowed it, and the password field. A plain form posted to the API, which
// answers with a redirect (to the page, or back here with the refusal said at the field), so it works
// on the light page without JavaScript (ADR 011) and the same in the app.
import { doorAnchor, visitorAccessDays } from "../../../contract/private-page-values";
import type { PageDoor } from "../../../contract/private-pages";
import { passwordMaxLength } from "../../../contract/account-rules";
import { apiFormAction } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { Button } from "../button";
import { Card } from "../card";
import { TextField } from "../text-field";

export function PageDoorView({ door }: { door: PageDoor }) {
  const { t } = useTranslation();
  const refusal =
    door.outcome === "wrong"
      ? t("privatePage.door.wrong")
      : door.outcome === "limited"
        ? door.retryAfter
          ? t("privatePage.door.limited", { seconds: door.retryAfter })
          : t("privatePage.door.limitedSoon")
        : undefined;
  const linkProblem =
    door.outcome === "revoked" || door.outcome === "missing"
      ? t(`privatePage.door.${door.outcome}`)
      : undefined;
  return (
    <div className="mx-auto w-full max-w-md px-5 py-10 sm:py-16">
      <title>
        {door.name ? t("privatePage.door.title", { name: door.name }) : t("privatePage.door.titleUnnamed")}
      </title>
      <Card className="flex flex-col items-center gap-4 p-6 text-center sm:p-8">
        {door.portraitImageUrl && (
          <img
            src={door.portraitImageUrl}
            alt={t("privatePage.door.portraitAlt", { name: door.name })}
            width={128}
            height={128}
            className="size-32 rounded-full object-cover"
            data-testid="door-portrait"
          />
        )}
        <p className="text-sm font-medium tracking-wide text-muted uppercase">
          {t("privatePage.door.eyebrow")}
        </p>
        {door.name && (
          <h1 className="text-3xl font-semibold text-balance text-brand" data-testid="door-name">
            {door.name}
          </h1>
        )}
        <p className="text-pretty text-ink">
          {door.name ? t("privatePage.door.lead", { name: door.name }) : t("privatePage.door.leadUnnamed")}
        </p>
        {linkProblem && (
          <p role="alert" className="text-sm font-medium text-danger">
            {linkProblem}
          </p>
        )}
        <form
          id={doorAnchor}
          method="post"
          action={apiFormAction("/page-access")}
          className="flex w-full flex-col gap-4 text-left"
        >
          <input type="hidden" name="profileId" value={door.id} />
          <TextField
            label={t("privatePage.door.password")}
            hint={t("privatePage.door.passwordHint", { days: visitorAccessDays })}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={passwordMaxLength}
            error={refusal}
            // The refusal is said at the field, and the field is where the visitor tries again.
            autoFocus={!!refusal}
          />
          <Button type="submit" className="w-full">
            {t("privatePage.door.enter")}
          </Button>
        </form>
        <p className="text-sm text-muted">{t("privatePage.door.invitationNote")}</p>
      </Card>
    </div>
  );
}

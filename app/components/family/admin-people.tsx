// The admin's view of a page's people (ADR 029): its owner, its editors with since when, and the
// invitations still open (to edit, or to take the page over). Read-only: the owner manages them.
import { useTranslation } from "../../lib/i18n";
import { formatDate } from "../../lib/date-format";
import type { PagePeople } from "../../../contract/family";
import { Card } from "../card";

export function AdminPagePeople({ people }: { people: PagePeople }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language);
  const rows = [
    ...(people.owner
      ? [
          {
            key: people.owner.userId,
            email: people.owner.email,
            what: t("family.role.owner"),
            at: people.owner.since,
          },
        ]
      : []),
    ...people.editors.map((editor) => ({
      key: editor.userId,
      email: editor.email,
      what: t("family.role.editor"),
      at: editor.since,
    })),
  ];
  return (
    <section aria-labelledby="people-heading" className="flex min-w-0 flex-col gap-3">
      <Card className="p-5">
        <h2 id="people-heading" className="text-xl font-semibold">
          {t("family.admin.heading")}
        </h2>
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {rows.map((row) => (
            <li key={row.key} className="break-all">
              <span className="font-medium">{row.email}</span>{" "}
              <span className="text-muted">
                · {row.what}
                {row.at && ` · ${t("family.since", { date: date(row.at) })}`}
              </span>
            </li>
          ))}
          {people.invitations.map((invitation) => (
            <li key={invitation.id} className="break-all">
              <span className="font-medium">{invitation.email}</span>{" "}
              <span className="text-muted">
                ·{" "}
                {t("family.admin.invitedAs", {
                  kind: t(`family.kind.${invitation.kind}`).toLowerCase(),
                  state: invitation.expired
                    ? t("family.admin.expired")
                    : t("family.admin.open", { date: date(invitation.expiresAt) }),
                })}
              </span>
            </li>
          ))}
        </ul>
        {people.editors.length === 0 && people.invitations.length === 0 && (
          <p className="mt-2 text-sm text-muted">{t("family.admin.none")}</p>
        )}
      </Card>
    </section>
  );
}

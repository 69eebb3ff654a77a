// The way to the page's album editor (/k/{id}/albums) in the owner's area, for its owner and editors.
import { useId } from "react";
import { useTranslation } from "../../lib/i18n";
import { ButtonLink } from "../button";
import { Card } from "../card";

export function PhotosPanel({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-3xl px-4 pt-6 print:hidden">
      <Card className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-xl font-semibold text-brand">
            {t("albumEditor.panel.heading")}
          </h2>
          <p className="text-sm text-muted">{t("albumEditor.panel.text")}</p>
        </div>
        <ButtonLink
          to={`/k/${profileId}/albums`}
          variant="secondary"
          className="shrink-0 self-start sm:self-auto"
        >
          {t("albumEditor.panel.link")}
        </ButtonLink>
      </Card>
    </section>
  );
}

// The keepsake panel in the owner's area (ADR 045): the page's ZIP to keep (a copy that opens with no
// internet, the originals, the book) and the memorial book alone in A4 or A5. Plain links the browser
// downloads itself, signed in by the session cookie: a ZIP of gigabytes is streamed to the disk, never
// held in the page's memory. `#keepsake` is where the e-mails' link lands.
import { useId } from "react";
import { keepsakeAnchor } from "../../../contract/keepsake-values";
import { apiHref } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { buttonClass } from "../button";
import { Card } from "../card";

export function KeepsakePanel({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const bookId = useId();
  return (
    <section
      id={keepsakeAnchor}
      aria-labelledby={headingId}
      className="mx-auto w-full max-w-3xl scroll-mt-20 px-4 pt-6 print:hidden"
    >
      <Card className="flex flex-col gap-4 p-5">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-xl font-semibold text-brand">
            {t("keepsake.heading")}
          </h2>
          <p className="text-sm text-muted">{t("keepsake.intro")}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <a
            href={apiHref("/kammare/keepsake", { query: { profileId } })}
            download={`keepsake-${profileId}.zip`}
            className={`${buttonClass("primary")} shrink-0 self-start sm:self-auto`}
          >
            {t("keepsake.download")}
          </a>
          <p className="text-xs text-muted">{t("keepsake.contents")}</p>
        </div>
        <div className="flex flex-col gap-2 border-t border-line pt-4" role="group" aria-labelledby={bookId}>
          <h3 id={bookId} className="font-semibold">
            {t("keepsake.book")}
          </h3>
          <p className="text-sm text-muted">{t("keepsake.bookNote")}</p>
          <div className="flex flex-wrap gap-2">
            {(["a4", "a5"] as const).map((size) => (
              <a
                key={size}
                href={apiHref("/kammare/keepsake/book", { query: { profileId, size } })}
                download={`${profileId}-memorial-book-${size}.pdf`}
                className={buttonClass("secondary")}
              >
                {t(size === "a4" ? "keepsake.bookA4" : "keepsake.bookA5")}
              </a>
            ))}
          </div>
        </div>
      </Card>
    </section>
  );
}

// The "test mode" ribbon on every page of a site whose card payments go to the sandbox although it is
// reached over https (a staging site): nobody should take its receipts for real ones (decisions:
// test payments never by accident).
import { useTranslation } from "../lib/i18n";

export function TestModeRibbon() {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      aria-label={t("testMode.label")}
      className="bg-status-past-due px-4 py-1.5 text-center text-sm font-semibold text-white"
      data-test-mode-ribbon=""
    >
      {t("testMode.ribbon")}
    </div>
  );
}

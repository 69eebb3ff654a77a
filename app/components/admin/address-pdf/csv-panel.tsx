// The address PDF maker's CSV tab: a file with a header row (English or Swedish column names), read in
// the browser and refused here when it is larger than the server takes.
import { useTranslation } from "../../../lib/i18n";
import { maxAddressInputChars } from "../../../../contract/addresses";
import { Alert } from "../../alert";
import { FileDrop } from "../../file-drop";
import { formatNumber } from "../../../lib/format";

/** A CSV file as chosen: its name, for the screen, and its text, for the request. */
export type CsvFile = { name: string; text: string };

const csvHeader = "name,street,street2,postcode,city,country";
const csvSwedishHeader = "namn;adress;adress2;postnummer;ort;land";

export function CsvPanel({
  file,
  problem,
  onFile,
}: {
  file: CsvFile | null;
  problem: string | null;
  onFile: (file: CsvFile | null, problem: string | null) => void;
}) {
  const { t, i18n } = useTranslation();

  async function choose(chosen: File | null | undefined) {
    if (!chosen) return;
    try {
      const text = await chosen.text();
      if (text.length > maxAddressInputChars) {
        onFile(
          null,
          t("adminLabels.csv.tooLarge", {
            max: formatNumber(maxAddressInputChars, i18n.language),
          }),
        );
      } else {
        onFile({ name: chosen.name, text }, null);
      }
    } catch {
      onFile(null, t("adminLabels.csv.unreadable"));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <FileDrop
        name="csv"
        accept=".csv,text/csv,text/plain"
        title={file ? t("adminLabels.csv.change") : t("adminLabels.csv.choose")}
        hint={t("adminLabels.csv.chooseHint")}
        onFile={(chosen) => void choose(chosen)}
      />
      <p className="text-sm" aria-live="polite" data-testid="chosen-file">
        {file ? (
          <>
            {t("adminLabels.csv.chosen")} <strong className="break-all">{file.name}</strong>
          </>
        ) : (
          <span className="text-muted">{t("adminLabels.csv.noFile")}</span>
        )}
      </p>
      {problem && <Alert tone="error" title={problem} />}
      <div className="flex flex-col gap-1 text-sm">
        <p className="text-muted">{t("adminLabels.csv.header")}</p>
        <code className="block overflow-x-auto rounded border border-line bg-raised px-3 py-2 text-ink">
          {csvHeader}
        </code>
        <p className="mt-2 text-muted">{t("adminLabels.csv.swedishHeader")}</p>
        <code className="block overflow-x-auto rounded border border-line bg-raised px-3 py-2 text-ink">
          {csvSwedishHeader}
        </code>
      </div>
    </div>
  );
}

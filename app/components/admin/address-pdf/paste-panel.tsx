// The address PDF maker's paste tab: addresses typed or pasted, one block per address, beside an
// example the admin can start from.
import { useTranslation } from "../../../lib/i18n";
import { Button } from "../../button";
import { TextArea } from "../../text-area";
import { cardClass } from "../../card";

const exampleText = [
  "Anna Åkesson",
  "Storgatan 1",
  "123 45 Växjö",
  "",
  "Ola Nordmann",
  "Karl Johans gate 1",
  "0154 Oslo",
  "Norge",
].join("\n");

export function PastePanel({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <TextArea
        label={t("adminLabels.paste.label")}
        hint={t("adminLabels.paste.hint")}
        name="addresses"
        value={value}
        rows={12}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-ink">{t("adminLabels.paste.example")}</h3>
        <pre className={`overflow-x-auto ${cardClass} p-3 text-sm text-ink`}>{exampleText}</pre>
        <div>
          <Button variant="secondary" onClick={() => onChange(exampleText)}>
            {t("adminLabels.paste.useExample")}
          </Button>
        </div>
      </div>
    </div>
  );
}

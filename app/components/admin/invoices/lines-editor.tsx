// The manual invoice's lines: description, quantity, unit price excluding VAT (MoneyField) and VAT rate
// per row, with the row's net beside it; rows are added and removed, and each row is a group named
// "Line 2" so its fields are told apart by screen readers (and by tests).
import { useTranslation } from "../../../lib/i18n";
import { maxInvoiceLines, maxQuantity, maxUnitPriceOre } from "../../../../contract/invoices";
import { lineAmounts, SWEDISH_VAT_RATES } from "../../../../contract/swedish-numbers";
import { Button } from "../../button";
import { MoneyField } from "../../money-field";
import { SelectField } from "../../select-field";
import { TextField } from "../../text-field";
import { isCountable, lineInputOf, newLine, type DraftLine } from "./invoice-draft";
import { sek } from "./invoice-format";
import { CardSection } from "../../card";

type Props = {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  /** The message (translated) of a line's field, by its index and field name. */
  error: (
    index: number,
    field: "description" | "quantity" | "unitPriceOre" | "vatRatePercent",
  ) => string | undefined;
  /** A message about the lines as a whole (none, too many). */
  listError?: string;
};

export function LinesEditor({ lines, onChange, error, listError }: Props) {
  const { t, i18n } = useTranslation();
  const update = (index: number, patch: Partial<DraftLine>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));

  return (
    <CardSection id="invoice-lines-heading" title={t("adminInvoices.new.lines")}>
      {listError && (
        <p className="text-sm font-medium text-danger" role="alert">
          {listError}
        </p>
      )}
      <ol className="flex flex-col gap-4">
        {lines.map((line, index) => {
          const input = lineInputOf(line);
          const net = isCountable(input) ? lineAmounts(input).netOre : null;
          const name = t("adminInvoices.new.lineN", { n: index + 1 });
          return (
            <li key={line.key}>
              <fieldset className="grid grid-cols-2 gap-3 rounded-[var(--radius-control)] border border-line p-4 lg:grid-cols-[minmax(0,1fr)_6rem_11rem_8rem_8rem_auto] lg:items-start">
                <legend className="px-1 text-sm font-semibold">{name}</legend>
                <TextField
                  className="col-span-2 lg:col-span-1"
                  label={t("adminInvoices.new.description")}
                  name={`lines.${index}.description`}
                  maxLength={300}
                  value={line.description}
                  onChange={(event) => update(index, { description: event.target.value })}
                  error={error(index, "description")}
                />
                <TextField
                  label={t("adminInvoices.new.quantity")}
                  name={`lines.${index}.quantity`}
                  inputMode="decimal"
                  autoComplete="off"
                  className="tabular-nums"
                  value={line.quantity}
                  onChange={(event) => update(index, { quantity: event.target.value })}
                  error={error(index, "quantity")}
                />
                <MoneyField
                  label={t("adminInvoices.new.unitPrice")}
                  value={line.unitPriceOre}
                  minOre={0}
                  maxOre={maxUnitPriceOre}
                  onChange={(ore, problem) => update(index, { unitPriceOre: ore, priceProblem: problem })}
                  error={error(index, "unitPriceOre")}
                />
                <SelectField
                  label={t("adminInvoices.new.vatRate")}
                  name={`lines.${index}.vatRatePercent`}
                  value={line.vatRatePercent}
                  onChange={(event) => update(index, { vatRatePercent: event.target.value })}
                  options={SWEDISH_VAT_RATES.map((rate) => ({
                    value: String(rate),
                    label: t("adminInvoices.vatAt", { rate }),
                  }))}
                  error={error(index, "vatRatePercent")}
                />
                <div className="flex flex-col gap-1">
                  <span className="text-sm font-medium text-ink">{t("adminInvoices.new.lineNet")}</span>
                  <span className="flex min-h-11 items-center tabular-nums" data-testid="line-net">
                    {net === null ? "–" : sek(net, i18n.language)}
                  </span>
                </div>
                <div className="flex items-end lg:min-h-[4.5rem]">
                  <Button
                    variant="ghost"
                    disabled={lines.length === 1}
                    onClick={() => onChange(lines.filter((_, at) => at !== index))}
                    aria-label={t("adminInvoices.new.removeLine", { n: index + 1 })}
                  >
                    {t("adminInvoices.new.remove")}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          variant="secondary"
          disabled={lines.length >= maxInvoiceLines}
          onClick={() => onChange([...lines, newLine(Number(lines.at(-1)?.vatRatePercent ?? 25))])}
        >
          {t("adminInvoices.new.addLine")}
        </Button>
      </div>
      <p className="text-sm text-muted">{t("adminInvoices.new.linesHint", { max: maxQuantity })}</p>
    </CardSection>
  );
}

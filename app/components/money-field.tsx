// An amount of Swedish kronor typed as people write it ("49,50", "1 234", "49.50 kr"), held as integer
// öre (the product's money, contract/pricing.ts): parsing and formatting in the page's language, the
// phone's decimal keypad, and a message naming what is wrong.
import { useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "../lib/i18n";
import { formatMoney } from "../lib/format";
import { controlClass, Field, type FieldText } from "./field";

export type MoneyProblem = "invalid" | "decimals" | "negative" | "tooSmall" | "tooLarge";

export type ParsedMoney =
  { ore: number | null; problem?: undefined } | { ore?: undefined; problem: MoneyProblem };

/** Whole kronor beyond this many digits are refused: öre must stay a safe integer. */
const maxWholeDigits = 13;

/**
 * The öre in `text` (null when it is empty), or what is wrong with it. The page's language decides the
 * decimal sign (sv "," and en "."), but the other one is understood too when it cannot be a thousands
 * separator: "49.50" is 49,50 kr in Swedish; "1,234" is 1 234 kr in English and too many decimals in
 * Swedish. Spaces, "kr", "SEK" and the Swedish ":-" are ignored.
 */
export function parseMoneyInput(text: string, locale: string): ParsedMoney {
  let rest = text
    .trim()
    .replace(/^sek\s*/i, "")
    .replace(/\s*(kr\.?|sek|:-)$/i, "")
    .replace(/[\s\u00a0\u202f']/g, "");
  if (rest === "") return { ore: null };
  if (/^[-\u2212]/.test(rest)) return { problem: "negative" };
  const decimalSign = locale.startsWith("sv") ? "," : ".";
  const commas = rest.split(",").length - 1;
  const points = rest.split(".").length - 1;
  let decimal: string | null = null;
  if (commas > 0 && points > 0) {
    decimal = rest.lastIndexOf(",") > rest.lastIndexOf(".") ? "," : ".";
  } else if (commas + points === 1) {
    const sign = commas ? "," : ".";
    const after = rest.length - rest.indexOf(sign) - 1;
    decimal = sign === decimalSign || after !== 3 ? sign : null;
  }
  // What is not the decimal sign separates thousands, in groups of three ("1,234,567"; not "4,9,5").
  const at = decimal ? rest.lastIndexOf(decimal) : rest.length;
  const groups = rest.slice(0, at).split(/[.,]/);
  if (groups.length > 1 && !/^\d{1,3}$/.test(groups[0] ?? "")) return { problem: "invalid" };
  if (groups.slice(1).some((group) => !/^\d{3}$/.test(group))) return { problem: "invalid" };
  rest = `${groups.join("")}${decimal ? `.${rest.slice(at + 1)}` : ""}`;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(rest);
  if (!match || !/\d/.test(rest)) return { problem: "invalid" };
  const whole = (match[1] ?? "").replace(/^0+(?=\d)/, "");
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return { problem: "decimals" };
  if (whole.length > maxWholeDigits) return { problem: "tooLarge" };
  return { ore: Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0")) };
}

const inputFormats = new Map<string, Intl.NumberFormat>();

/** Öre as the field shows it: "1 234,50" in Swedish, "1,234.50" in English. */
export function formatMoneyInput(ore: number, locale: string): string {
  let format = inputFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    inputFormats.set(locale, format);
  }
  return format.format(ore / 100);
}

/** The parsed amount checked against the field's bounds (in öre). */
export function checkMoney(parsed: ParsedMoney, minOre?: number, maxOre?: number): ParsedMoney {
  if (parsed.ore == null) return parsed;
  if (minOre !== undefined && parsed.ore < minOre) return { problem: "tooSmall" };
  if (maxOre !== undefined && parsed.ore > maxOre) return { problem: "tooLarge" };
  return parsed;
}

type MoneyFieldProps = FieldText &
  Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "value" | "defaultValue" | "onChange" | "min" | "max"
  > & {
    /** The amount in öre; null when the field is empty. */
    value: number | null;
    /** Every change: the amount in öre (null when empty or not understood) and what is wrong, if anything. */
    onChange: (ore: number | null, problem: MoneyProblem | undefined) => void;
    minOre?: number;
    maxOre?: number;
  };

export function MoneyField({
  label,
  hint,
  error,
  id,
  className,
  value,
  onChange,
  minOre,
  maxOre,
  name,
  onBlur,
  ...input
}: MoneyFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [text, setText] = useState(() => (value == null ? "" : formatMoneyInput(value, locale)));
  const [shown, setShown] = useState<MoneyProblem | undefined>(undefined);
  const parsed = checkMoney(parseMoneyInput(text, locale), minOre, maxOre);

  // A new amount from outside (a reset, a loaded order) replaces the text; one the text already says
  // (the user typing "49,5" for 4950) leaves it as typed.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== (parsed.ore ?? null)) {
      setText(value == null ? "" : formatMoneyInput(value, locale));
      setShown(undefined);
    }
  }

  const bound = (ore: number) => formatMoney({ amountOre: ore, currency: "SEK" }, locale);
  const own = shown && t(`money.${shown}`, { min: bound(minOre ?? 0), max: bound(maxOre ?? 0) });
  const message = error ?? own;

  return (
    <Field label={label} hint={hint} error={message} id={id} className={className}>
      {(control) => (
        <div className="relative max-w-64">
          <input
            {...control}
            aria-describedby={[control["aria-describedby"], `${control.id}-currency`]
              .filter(Boolean)
              .join(" ")}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            className={controlClass(message, "min-h-11 w-full pr-12 text-right tabular-nums")}
            value={text}
            onChange={(event) => {
              const next = checkMoney(parseMoneyInput(event.target.value, locale), minOre, maxOre);
              setText(event.target.value);
              // A message already shown follows the typing (it goes as soon as the amount is right);
              // a new one waits for the blur, not to scold half-typed input.
              if (shown) setShown(next.problem);
              setSeen(next.ore ?? null);
              onChange(next.ore ?? null, next.problem);
            }}
            onBlur={(event) => {
              setShown(parsed.problem);
              // Tidy what was typed into the language's own form: "1234,5" becomes "1 234,50".
              if (parsed.ore != null) setText(formatMoneyInput(parsed.ore, locale));
              onBlur?.(event);
            }}
            {...input}
          />
          <span
            id={`${control.id}-currency`}
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted"
          >
            <span aria-hidden="true">{t("money.suffix")}</span>
            <span className="sr-only">{t("money.currencyName")}</span>
          </span>
          {name && <input type="hidden" name={name} value={parsed.ore ?? ""} />}
        </div>
      )}
    </Field>
  );
}

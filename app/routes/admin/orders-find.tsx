// The "find an order by its number" form of the orders screens (/admin/orders and one order's page):
// a plain GET form to /admin/orders, whose loader sends a good number on to its order's page, so it
// works before the page's script has loaded too.
import { useTranslation } from "../../lib/i18n";
import { Form } from "react-router";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { besideFieldClass, fieldRowClass } from "../../components/field";

export function OrderFind({ typed, error }: { typed: string; error?: string }) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      action="/admin/orders"
      role="search"
      // A fresh field whenever the address changes (back, forward, another order).
      key={typed}
      className={fieldRowClass("start", "max-w-xl")}
    >
      <TextField
        className="flex-1"
        label={t("adminOrders.find")}
        hint={t("adminOrders.findHint")}
        error={error}
        name="number"
        defaultValue={typed}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
      />
      {/* Level with the input: below the label's line, whatever the hint and error under it. */}
      <Button type="submit" className={besideFieldClass}>
        {t("adminOrders.findSubmit")}
      </Button>
    </Form>
  );
}

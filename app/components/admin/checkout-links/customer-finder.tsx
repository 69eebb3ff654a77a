// The checkout link screen's first step: the customer, found by e-mail or by the code of one of their
// pages (use-customer-lookup.ts), and shown once found with how many pages they have.
import { useTranslation } from "../../../lib/i18n";
import { Alert } from "../../alert";
import { Button } from "../../button";
import { TextField } from "../../text-field";
import { CardSection } from "../../card";
import { useCustomerLookup, type CustomerLookupState, type FoundCustomer } from "./use-customer-lookup";

const notFound: Partial<Record<CustomerLookupState, string>> = {
  "not-found": "checkoutLinks.customerNotFound",
  "page-not-found": "checkoutLinks.pageNotFound",
  "no-owner": "checkoutLinks.pageNoOwner",
};

export function CustomerFinder({
  customer,
  onFound,
}: {
  customer: FoundCustomer | null;
  onFound: (found: FoundCustomer | null) => void;
}) {
  const { t } = useTranslation();
  const { typed, setTyped, error, state, find } = useCustomerLookup(onFound);
  const missing = notFound[state];

  return (
    <CardSection id="customer-heading" title={t("checkoutLinks.customerHeading")}>
      <form noValidate role="search" onSubmit={(event) => void find(event)} className="flex flex-col gap-3">
        <TextField
          label={t("checkoutLinks.findLabel")}
          hint={t("checkoutLinks.findHint")}
          name="customer"
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={error && t(error)}
        />
        <div>
          <Button type="submit" variant="secondary" busy={state === "busy"}>
            {state === "busy" ? t("checkoutLinks.finding") : t("checkoutLinks.findCustomer")}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {missing && <Alert tone="info" title={t(missing)} />}
        {state === "failed" && <Alert tone="error" title={t("validation.failed")} />}
        {customer && (
          <Alert tone="success" title={t("checkoutLinks.customerChosen", { email: customer.user.email })}>
            {customer.pages.length === 0
              ? t("checkoutLinks.customerNoPages")
              : t("checkoutLinks.customerPages", { count: customer.pages.length })}
          </Alert>
        )}
      </div>
    </CardSection>
  );
}

// The checkout link screen's first step: the customer found by e-mail through the admin's user lookup
// (POST /api/admin/user-fetch), and shown once chosen.
import { useTranslation } from "../../../lib/i18n";
import type { AdminUser } from "../../../../contract/auth";
import { useUserLookup } from "../../../lib/use-user-lookup";
import { Alert } from "../../alert";
import { Button } from "../../button";
import { TextField } from "../../text-field";
import { CardSection } from "../../card";

export function CustomerFinder({
  customer,
  onChosen,
}: {
  customer: AdminUser | null;
  onChosen: (user: AdminUser | null) => void;
}) {
  const { t } = useTranslation();
  const { email, setEmail, emailError, state, find } = useUserLookup(onChosen);

  return (
    <CardSection id="customer-heading" title={t("checkoutLinks.customerHeading")}>
      <form noValidate role="search" onSubmit={(event) => void find(event)} className="flex flex-col gap-3">
        <TextField
          label={t("auth.email")}
          type="email"
          name="customer-email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError && t(emailError)}
        />
        <div>
          <Button type="submit" variant="secondary" busy={state === "busy"}>
            {state === "busy" ? t("checkoutLinks.finding") : t("checkoutLinks.findCustomer")}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {state === "not-found" && <Alert tone="info" title={t("checkoutLinks.customerNotFound")} />}
        {state === "failed" && <Alert tone="error" title={t("validation.failed")} />}
        {customer && (
          <Alert tone="success" title={t("checkoutLinks.customerChosen", { email: customer.email })}>
            <code className="break-all font-mono text-xs">{customer.id}</code>
          </Alert>
        )}
      </div>
    </CardSection>
  );
}

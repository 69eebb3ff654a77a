// Giving a page without an owner to a customer, on the admin's page screen: the one way besides a
// claim that a page leaves `unclaimed` (decisions: an admin cannot make an unclaimed page live by a
// status change). The customer is found by e-mail (POST /api/admin/user-fetch) and the claim is made
// for them (POST /api/kammare/own, which an admin may do for anyone); the page is then their draft.
import { useState } from "react";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { useFormSubmit } from "../../lib/use-form-submit";
import { emailProblem } from "../../lib/validate";
import { Button } from "../button";
import { CardSection } from "../card";
import { FormAlert } from "../form-alert";
import { TextField } from "../text-field";
import { useToast } from "../toast";

export function AssignOwner({ id }: { id: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [email, setEmail] = useState("");
  const form = useFormSubmit({
    fields: ["email"],
    quietWhenExplained: true,
    messages: { not_found: { email: "adminProfiles.admin.assignNotFound" } },
  });

  return (
    <CardSection id="assign-heading" title={t("adminProfiles.admin.assignHeading")}>
      <p className="text-sm text-muted">{t("adminProfiles.admin.assignLead")}</p>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) =>
          void form.submit(event, {
            check: () => ({ email: emailProblem(email) }),
            send: async () => {
              const customer = await api.post("/admin/user-fetch", { body: { email: email.trim() } });
              await api.post("/kammare/own", { body: { owner: customer.id, profileId: id } });
            },
            onDone: () => {
              toast.show({ title: t("adminProfiles.admin.assigned", { email: email.trim() }) });
              setEmail("");
            },
          })
        }
      >
        <div aria-live="polite">
          <FormAlert form={form} />
        </div>
        <TextField
          label={t("adminProfiles.admin.assignEmail")}
          type="email"
          name="owner-email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            form.dismiss();
          }}
          error={form.message("email")}
        />
        <div>
          <Button type="submit" variant="secondary" busy={form.busy}>
            {form.busy ? t("adminProfiles.admin.assigning") : t("adminProfiles.admin.assignSubmit")}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}

// The admin's form for a partner whitelist entry (e-mail + partner name): adding one, or changing one
// in a dialog. The server checks again, audits the change and answers 409 for an address already listed.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { hasDottedDomain } from "../../../contract/account-rules";
import { partnerNameMaxLength, type WhitelistEntry } from "../../../contract/partners";
import { api } from "../../lib/api";
import { useFormSubmit } from "../../lib/use-form-submit";
import { emailProblem } from "../../lib/validate";
import { Button } from "../button";
import { FormAlert } from "../form-alert";
import { TextField } from "../text-field";

type Props = {
  /** The entry being changed; none to add a new one. */
  entry?: WhitelistEntry;
  onSaved: (entry: WhitelistEntry) => void | Promise<void>;
  onCancel?: () => void;
};

export function WhitelistEntryForm({ entry, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(entry?.email ?? "");
  const [partnerName, setPartnerName] = useState(entry?.partnerName ?? "");
  const form = useFormSubmit({
    fields: ["email", "partnerName"],
    messages: {
      conflict: "adminPartners.errors.emailTaken",
      invalid_request: {
        email: "adminPartners.errors.email",
        partnerName: "adminPartners.errors.partnerName",
      },
    },
    quietWhenExplained: true,
  });
  const prefix = entry ? "edit" : "add";

  const onSubmit = (event: FormEvent) =>
    form.submit(event, {
      check: () => ({
        email:
          emailProblem(email) ??
          (hasDottedDomain(email.trim()) ? undefined : "adminPartners.errors.emailDomain"),
        partnerName:
          partnerName.trim() && partnerName.trim().length <= partnerNameMaxLength
            ? undefined
            : "adminPartners.errors.partnerName",
      }),
      send: async () => {
        const body = { email: email.trim(), partnerName: partnerName.trim() };
        const answer = entry
          ? await api.put("/admin/partner-whitelist/{id}", { params: { id: entry.id }, body })
          : await api.post("/admin/partner-whitelist", { body });
        if (!entry) {
          setEmail("");
          setPartnerName("");
        }
        await onSaved(answer.entry);
      },
    });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t(`adminPartners.${prefix}.heading`)}
      className="flex flex-col gap-3"
    >
      <FormAlert form={form} />
      <div
        className={`grid gap-3 ${entry ? "" : "sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"}`}
      >
        <TextField
          label={t("adminPartners.email")}
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          maxLength={254}
          onChange={(event) => {
            setEmail(event.target.value);
            form.dismiss();
          }}
          error={form.message("email")}
        />
        <TextField
          label={t("adminPartners.partnerName")}
          // Beside the add form the hint is the section's lead, so the two fields line up.
          hint={entry ? t("adminPartners.partnerNameHint") : undefined}
          name="partner-name"
          autoComplete="off"
          value={partnerName}
          maxLength={partnerNameMaxLength}
          onChange={(event) => {
            setPartnerName(event.target.value);
            form.dismiss();
          }}
          error={form.message("partnerName", { max: partnerNameMaxLength })}
        />
        <div className={`flex flex-wrap gap-3 ${entry ? "justify-end" : "sm:pt-7"}`}>
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              {t("adminPartners.cancel")}
            </Button>
          )}
          <Button type="submit" busy={form.busy}>
            {t(`adminPartners.${prefix}.submit`)}
          </Button>
        </div>
      </div>
    </form>
  );
}

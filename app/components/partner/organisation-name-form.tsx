// The form that names the partner's organisation (PUT /api/partner/organisation). Until it has a name
// the customer list stays locked (rule `partner-name`), so the dashboard shows this form first.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { partnerNameMaxLength } from "../../../contract/partners";
import { api } from "../../lib/api";
import { useFormSubmit } from "../../lib/use-form-submit";
import { Button } from "../button";
import { FormAlert } from "../form-alert";
import { TextField } from "../text-field";
import { useToast } from "../toast";
import { fieldRowClass } from "../field";

export function OrganisationNameForm({ initial, first }: { initial: string; first: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [name, setName] = useState(initial);
  const form = useFormSubmit({
    fields: ["name"],
    messages: { invalid_request: "partner.errors.organisationNameRequired" },
    quietWhenExplained: true,
  });

  const onSubmit = (event: FormEvent) =>
    form.submit(event, {
      check: () => {
        const typed = name.trim();
        if (!typed) return { name: "partner.errors.organisationNameRequired" };
        return { name: typed.length > partnerNameMaxLength ? "partner.errors.nameTooLong" : undefined };
      },
      send: async () => {
        const me = await api.put("/partner/organisation", { body: { name: name.trim() } });
        setName(me.organisation.name ?? "");
      },
      onDone: async () => {
        toast.show({ title: t("partner.name.saved") });
      },
    });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      <FormAlert form={form} />
      <div className={fieldRowClass("end")}>
        <TextField
          className="flex-1"
          label={t("partner.name.label")}
          hint={first ? t("partner.name.hintFirst") : t("partner.name.hint")}
          name="organisation"
          autoComplete="organization"
          maxLength={partnerNameMaxLength}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            form.dismiss();
          }}
          error={form.message("name", { max: partnerNameMaxLength })}
        />
        <Button type="submit" busy={form.busy}>
          {first ? t("partner.name.saveFirst") : t("partner.name.save")}
        </Button>
      </div>
    </form>
  );
}

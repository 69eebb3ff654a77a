// The page's choices for memories and candles on the moderation screen: how new memories (and
// candles' names) are taken (review first, shown at once, or not at all), candles on or off, links
// allowed or not.
import { useId, useState } from "react";
import { moderationModes, type ModerationMode } from "../../../../contract/memory-values";
import type { MemorySettings } from "../../../../contract/memories";
import { api } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useFormSubmit } from "../../../lib/use-form-submit";
import { Button } from "../../button";
import { CheckboxField } from "../../checkbox-field";
import { FormAlert } from "../../form-alert";
import { RadioGroup } from "../../radio-group";
import { CardSection } from "../../card";

type Field = "moderation" | "candlesOn" | "allowLinks";

function isModerationMode(value: string): value is ModerationMode {
  return moderationModes.some((mode) => mode === value);
}

export function SettingsPanel({ profileId, initial }: { profileId: string; initial: MemorySettings }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [settings, setSettings] = useState(initial);
  const form = useFormSubmit<Field>({ fields: ["moderation", "candlesOn", "allowLinks"] });
  const change = (patch: Partial<MemorySettings>) => {
    setSettings((current) => ({ ...current, ...patch }));
    form.dismiss();
  };

  return (
    <CardSection id={headingId} title={t("memoryModeration.settings.heading")}>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) =>
          void form.submit(event, {
            send: async () => {
              await api.put("/kammare/memory-settings", { body: { profileId, ...settings } });
            },
          })
        }
      >
        <RadioGroup
          label={t("memoryModeration.settings.moderation")}
          name="moderation"
          value={settings.moderation}
          onChange={(value) => {
            if (isModerationMode(value)) change({ moderation: value });
          }}
          error={form.message("moderation")}
          options={moderationModes.map((mode) => ({
            value: mode,
            label: t(`memoryModeration.settings.${mode}`),
            hint: t(`memoryModeration.settings.${mode}Hint`),
          }))}
        />
        <div className="flex flex-col border-t border-line pt-2">
          <CheckboxField
            label={t("memoryModeration.settings.candles")}
            name="candlesOn"
            checked={settings.candlesOn}
            onChange={(event) => change({ candlesOn: event.target.checked })}
            error={form.message("candlesOn")}
          />
          <CheckboxField
            label={t("memoryModeration.settings.links")}
            hint={t("memoryModeration.settings.linksHint")}
            name="allowLinks"
            checked={settings.allowLinks}
            onChange={(event) => change({ allowLinks: event.target.checked })}
            error={form.message("allowLinks")}
          />
        </div>
        <FormAlert form={form} done={t("memoryModeration.settings.saved")} />
        <div>
          <Button type="submit" busy={form.busy}>
            {form.busy ? t("memoryModeration.settings.saving") : t("memoryModeration.settings.save")}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}

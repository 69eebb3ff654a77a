// The owner's reply to one memory: a small text box opened by "Reply", saved with the reply call (an
// empty reply takes it away). Focus goes to the box when it opens and back to the opener after.
import { useEffect, useRef, useState } from "react";
import { replyMaxLength } from "../../../../contract/memory-values";
import { api } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useFormSubmit } from "../../../lib/use-form-submit";
import { Button } from "../../button";
import { controlClass, Field } from "../../field";
import { FormAlert } from "../../form-alert";
import { useToast } from "../../toast";

type Props = {
  memoryId: string;
  name: string;
  reply: string | null;
  /** Closed, saved or not: the card shows its buttons again. */
  onClose: () => void;
};

export function ReplyEditor({ memoryId, name, reply, onClose }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [text, setText] = useState(reply ?? "");
  const box = useRef<HTMLTextAreaElement>(null);
  const form = useFormSubmit<"reply">({
    fields: ["reply"],
    messages: { invalid_request: { reply: "memoryModeration.reply.tooLong" } },
  });

  useEffect(() => {
    box.current?.focus();
  }, []);

  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-line bg-surface p-3"
      onSubmit={(event) =>
        void form.submit(event, {
          check: () => ({
            reply: text.trim().length > replyMaxLength ? "memoryModeration.reply.tooLong" : undefined,
          }),
          send: async () => {
            await api.post("/kammare/memories/reply", { body: { memoryId, reply: text } });
          },
          onDone: () => {
            toast.show({
              title: t(text.trim() ? "memoryModeration.reply.saved" : "memoryModeration.reply.cleared"),
            });
            onClose();
          },
        })
      }
    >
      <FormAlert form={form} />
      <Field
        label={t("memoryModeration.reply.label", { name })}
        hint={t("memoryModeration.reply.hint")}
        error={form.message("reply", { max: replyMaxLength })}
      >
        {(control) => (
          <textarea
            {...control}
            ref={box}
            name="reply"
            rows={3}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              form.dismiss();
            }}
            className={controlClass(form.message("reply"), "min-h-24 w-full")}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={form.busy}>
          {form.busy ? t("memoryModeration.reply.saving") : t("memoryModeration.reply.save")}
        </Button>
        <Button variant="ghost" onClick={onClose} disabled={form.busy}>
          {t("memoryModeration.reply.cancel")}
        </Button>
      </div>
    </form>
  );
}

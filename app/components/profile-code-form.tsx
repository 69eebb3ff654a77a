// The field where a visitor types the code printed on a plaque or card: on the 404 view of a mistyped
// code, on /k and on the free trial page. A GET form to /k, whose loader tidies the code and sends the
// visitor on, so it works without JavaScript; with it, the same form checks the code here and opens
// the page without a full reload.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../lib/i18n";
import { Form, useNavigate } from "react-router";
import { isProfileId, normalizeProfileId } from "../../contract/profile-id";
import { Button } from "./button";
import { TextField } from "./text-field";

type Props = {
  /** What was typed before (the /k page re-rendered by the server). */
  initialCode?: string;
  /** The server found `initialCode` no code at all. */
  invalid?: boolean;
  /** The button's text; "Find the page" unless a screen says otherwise. */
  submit?: string;
};

export function ProfileCodeForm({ initialCode = "", invalid = false, submit }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState(invalid);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("code");
    const id = normalizeProfileId(input instanceof HTMLInputElement ? input.value : "");
    if (!isProfileId(id)) {
      setProblem(true);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setProblem(false);
    void navigate(`/k/${id}`);
  }

  return (
    <Form method="get" action="/k" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t("error.code.label")}
        hint={t("error.code.hint")}
        name="code"
        defaultValue={initialCode}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={64}
        className="max-w-xs"
        // Without JavaScript the server's answer is a new page: its cursor belongs in the field to fix.
        autoFocus={invalid}
        error={problem ? t("error.code.invalid") : undefined}
      />
      <div>
        <Button type="submit">{submit ?? t("error.code.submit")}</Button>
      </div>
    </Form>
  );
}

// What a form says about its last submit: the spec's "There was an error" when it failed (useFormSubmit
// decides when), and, given a text, a success message once it is done.
import { useTranslation } from "react-i18next";
import { Alert } from "./alert";

type Props = {
  form: { showAlert: boolean; done: boolean };
  /** The success message; without it a success shows nothing here. */
  done?: string;
};

export function FormAlert({ form, done }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {done && form.done && <Alert tone="success" title={done} />}
      {form.showAlert && <Alert tone="error" title={t("auth.error")} />}
    </>
  );
}

// A new password and its repetition, as every form that sets a password asks for them.
import { useTranslation } from "../lib/i18n";
import { TextField } from "./text-field";

type Props = {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** i18n keys of what is wrong with either. */
  errors: { password?: string; confirm?: string };
};

export function NewPasswordFields({ password, confirm, onPassword, onConfirm, errors }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("auth.newPassword")}
        hint={t("auth.passwordHint")}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={errors.password && t(errors.password)}
      />
      <TextField
        label={t("auth.repeatPassword")}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => onConfirm(event.target.value)}
        error={errors.confirm && t(errors.confirm)}
      />
    </>
  );
}

// The e-mail address field of the account forms; `error` is an i18n key.
import { useTranslation } from "../lib/i18n";
import { TextField } from "./text-field";

type Props = { value: string; onChange: (value: string) => void; error?: string };

export function EmailField({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("auth.email")}
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error && t(error)}
    />
  );
}

/** The "Username or e-mail" field of the sign-in and forgotten-password forms. */
import { TextField } from './ui/TextField';

export function AccountNameField(props: { value: string; onChange: (value: string) => void; error?: string | undefined }) {
  return (
    <TextField
      label="Username or e-mail"
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={props.error}
    />
  );
}

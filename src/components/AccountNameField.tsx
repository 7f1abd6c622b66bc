/** The "Username or e-mail" field of the sign-in and forgotten-password forms (spread `bind('username')` on it). */
import { TextField, type TextFieldProps } from './ui/TextField';

export function AccountNameField(props: Omit<TextFieldProps, 'label'>) {
  return <TextField label="Username or e-mail" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required {...props} />;
}

/** Body fields shared by every form that creates an account (registration, invitation). */
import { refine } from 'superstruct';
import { emailAddress, secret, text } from '../../http/validation.js';
import { USERNAME_MESSAGES, USERNAME_PATTERN } from './service.js';

/** Letters, digits and @ . + - _, up to 150 characters (Django's username rule). */
export const username = () =>
  refine(text(150), 'username', (value) => (value.length === 0 || USERNAME_PATTERN.test(value) ? true : USERNAME_MESSAGES.invalid));

export const accountFields = () => ({
  first_name: text(150),
  last_name: text(150),
  username: username(),
  email: emailAddress(),
  password: secret(),
  password2: secret(),
});

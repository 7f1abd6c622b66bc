/** The mails the server sends: plain text plus simple HTML, naming the library and the link. */

export type MailKind =
  | 'verify_email'
  | 'reset_password'
  | 'invitation'
  | 'welcome_staff'
  | 'change_email'
  | 'welcome_member'
  | 'member_approved'
  | 'member_declined'
  | 'book_issued';

export interface TemplateInput {
  libraryName: string;
  /** How to greet the recipient; empty for an invitation. */
  recipientName: string;
  link: string;
  /** Human wording of the link's lifetime, e.g. "3 days". */
  validFor: string;
  /** The facts of a notice (a loan's title and dates), one paragraph each. */
  lines?: readonly string[] | undefined;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function render(subject: string, greeting: string, lines: string[], action: string, input: TemplateInput): RenderedMail {
  const text = [greeting, '', ...lines, '', input.link, '', `This link is valid for ${input.validFor}.`, '', `— ${input.libraryName}`, ''].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs}
<p><a href="${escapeHtml(input.link)}">${escapeHtml(action)}</a></p>
<p style="color: #666">This link is valid for ${escapeHtml(input.validFor)}. If the button does not work, copy this address into your browser:<br>${escapeHtml(input.link)}</p>
<p>— ${escapeHtml(input.libraryName)}</p>
</body></html>
`;
  return { subject, text, html };
}

const greet = (name: string): string => (name ? `Hello ${name},` : 'Hello,');

/** A mail without a lifetime line: its link is the sign-in page, which does not expire. */
function plain(subject: string, lines: string[], action: string, input: TemplateInput): RenderedMail {
  const greeting = greet(input.recipientName);
  const text = [greeting, '', ...lines, '', input.link, '', `— ${input.libraryName}`, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}">${escapeHtml(action)}</a></p>
<p>— ${escapeHtml(input.libraryName)}</p>
</body></html>
`;
  return { subject, text, html };
}

const welcome = (input: TemplateInput): RenderedMail =>
  plain(
    `Your ${input.libraryName} staff account`,
    [
      `An administrator created a staff account for you at ${input.libraryName}.`,
      'Sign in with the username and password you were given. For your safety the password is not sent by e-mail; change it from your profile after the first sign-in.',
    ],
    'Sign in',
    input,
  );

export const TEMPLATES: Record<MailKind, (input: TemplateInput) => RenderedMail> = {
  welcome_staff: welcome,
  // The library created the account: the member chooses his own password through the link.
  welcome_member: (input) =>
    render(
      `Welcome to ${input.libraryName}`,
      greet(input.recipientName),
      [`${input.libraryName} has made you a member.`, 'Choose your password here, then sign in with your username:'],
      'Choose my password',
      input,
    ),
  member_approved: (input) =>
    plain(`Your ${input.libraryName} membership is approved`, [`Your membership of ${input.libraryName} has been approved. You can sign in now.`], 'Sign in', input),
  member_declined: (input) =>
    plain(
      `Your ${input.libraryName} registration`,
      [`Your registration with ${input.libraryName} has been declined.`, 'If you think this is a mistake, please contact the library.'],
      'Visit the library',
      input,
    ),
  verify_email: (input) =>
    render(
      `Verify your e-mail address for ${input.libraryName}`,
      greet(input.recipientName),
      [`Thank you for registering with ${input.libraryName}.`, 'Please confirm your e-mail address by opening this link:'],
      'Verify my e-mail address',
      input,
    ),
  change_email: (input) =>
    render(
      `Confirm your new e-mail address for ${input.libraryName}`,
      greet(input.recipientName),
      [
        `Your ${input.libraryName} account asked to use this e-mail address from now on.`,
        'Open this link to confirm it. Until then your old address stays in use; if it was not you, ignore this message.',
      ],
      'Confirm my new e-mail address',
      input,
    ),
  reset_password: (input) =>
    render(
      `Reset your ${input.libraryName} password`,
      greet(input.recipientName),
      [
        `Someone asked to reset the password of your ${input.libraryName} account.`,
        'If it was you, choose a new password here. If not, you can ignore this message.',
      ],
      'Choose a new password',
      input,
    ),
  // Circulation's notice of a new loan: the lines name the title, author and dates.
  book_issued: (input) => plain(`Book issued: ${input.libraryName}`, [...(input.lines ?? [])], 'See my books', input),
  invitation: (input) =>
    render(
      `You are invited to join ${input.libraryName}`,
      greet(input.recipientName),
      // A staff invitation says its role in its own lines.
      input.lines?.length ? [...input.lines] : [`${input.libraryName} invites you to become a member.`, 'Create your account here:'],
      'Create my account',
      input,
    ),
};

/** Human wording of a link lifetime for the mails: "3 days", "1 hour", "30 minutes". */
export function describeLifetime(seconds: number): string {
  const unit = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds >= 86_400 && seconds % 86_400 === 0) return unit(seconds / 86_400, 'day');
  if (seconds >= 3600 && seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  return unit(Math.max(1, Math.round(seconds / 60)), 'minute');
}

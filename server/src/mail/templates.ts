/** The mails the server sends: plain text plus simple HTML, naming the library and the link. */

export type MailKind = 'verify_email' | 'reset_password' | 'invitation' | 'welcome_staff' | 'change_email';

export interface TemplateInput {
  libraryName: string;
  /** How to greet the recipient; empty for an invitation. */
  recipientName: string;
  link: string;
  /** Human wording of the link's lifetime, e.g. "3 days". */
  validFor: string;
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

/** A welcome without a lifetime line: the link is the sign-in page, which does not expire. */
function welcome(input: TemplateInput): RenderedMail {
  const subject = `Your ${input.libraryName} staff account`;
  const greeting = greet(input.recipientName);
  const lines = [
    `An administrator created a staff account for you at ${input.libraryName}.`,
    'Sign in with the username and password you were given. For your safety the password is not sent by e-mail; change it from your profile after the first sign-in.',
  ];
  const text = [greeting, '', ...lines, '', input.link, '', `— ${input.libraryName}`, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}">Sign in</a></p>
<p>— ${escapeHtml(input.libraryName)}</p>
</body></html>
`;
  return { subject, text, html };
}

export const TEMPLATES: Record<MailKind, (input: TemplateInput) => RenderedMail> = {
  welcome_staff: welcome,
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
  invitation: (input) =>
    render(
      `You are invited to join ${input.libraryName}`,
      greet(input.recipientName),
      [`${input.libraryName} invites you to become a member.`, 'Create your account here:'],
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

/** Notices the sign-in page shows when other pages send people back to it. */

export interface LoginNotice {
  tone: 'info' | 'success';
  text: string;
}

/** The notice for the sign-in page's query string, if any. */
export function loginNotice(search: string): LoginNotice | null {
  const params = new URLSearchParams(search);
  if (params.get('verified') === '1') {
    return {
      tone: 'success',
      text: 'Your e-mail address is verified. You can sign in as soon as the library has approved your account.',
    };
  }
  if (params.get('reset') === '1') {
    return { tone: 'success', text: 'Your password has been changed. Sign in with your new password.' };
  }
  if (params.get('signedOut') === '1') return { tone: 'info', text: 'You have been signed out.' };
  return null;
}

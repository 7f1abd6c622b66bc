/**
 * The password minimum, one rule for the site's forms and the server's checks
 * (server/src/modules/accounts/passwords.ts imports it, like isbn.ts).
 */
export const MIN_PASSWORD_LENGTH = 8;

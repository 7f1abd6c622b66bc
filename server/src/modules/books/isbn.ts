/** ISBN rules: one implementation shared with the site (src/lib/isbn.ts, pure, no imports). */
export { ISBN_MESSAGE, isbnCheckDigit, isValidIsbn, normaliseIsbn, stripIsbn } from '#shared/isbn';

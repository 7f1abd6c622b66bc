/** Validation where answers enter the site: a wrong shape fails loudly, not deep inside a screen. */
import { StructError, validate, type Struct } from 'superstruct';

/** Thrown when the API answers with a shape the site does not understand. */
export class UnexpectedAnswerError extends Error {
  constructor(readonly cause: StructError) {
    super('The server sent an answer this site does not understand.');
    this.name = 'UnexpectedAnswerError';
  }
}

/** Returns the data typed by the struct, or throws UnexpectedAnswerError. */
export function parseAnswer<T, S>(data: unknown, struct: Struct<T, S>): T {
  const [error, value] = validate(data, struct);
  if (error) throw new UnexpectedAnswerError(error);
  return value;
}

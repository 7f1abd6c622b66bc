/**
 * Password hashing (argon2id) and the strength rules, worded like Django's validators:
 * at least 8 characters, not too similar to the account's names, not a common password,
 * not entirely numeric.
 */
import { hash, verify } from '@node-rs/argon2';
import { MIN_PASSWORD_LENGTH } from '#shared/password-rules';

/** Hashes with argon2id (the library's default algorithm and parameters). */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** Checks a password against a stored hash; false (never a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown username answers as slowly as a wrong password. */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

const COMMON_PASSWORDS = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  '12345678', '123456789', '1234567890', '0123456789', '87654321', '11111111', '00000000', '12341234',
  'qwerty123', 'qwertyuiop', 'qwerty12', 'qwerty1234', '1q2w3e4r', '1q2w3e4r5t', 'zaq12wsx', 'asdfghjkl',
  'iloveyou', 'iloveyou1', 'letmein1', 'letmein123', 'welcome1', 'welcome123', 'admin123', 'admin1234',
  'administrator', 'abc12345', 'abcd1234', 'abcdefgh', 'football', 'baseball', 'sunshine', 'princess',
  'superman', 'starwars', 'whatever', 'trustno1', 'dragon123', 'monkey123', 'master123', 'shadow123',
  'computer', 'internet', 'changeme', 'changeme1', 'default1', 'library1', 'library123', 'student1',
  'student123', 'pakistan', 'pakistan1', 'pakistan123', 'michael1', 'jennifer', 'jordan23', 'charlie1',
  'access14', 'mustang1', 'batman123', 'secret123', 'test1234', 'testtest', 'letmeinnow', 'aa123456',
]);

export interface AccountNames {
  username?: string | undefined;
  email?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
}

const ATTRIBUTE_LABELS: [keyof AccountNames, string][] = [
  ['username', 'username'],
  ['first_name', 'first name'],
  ['last_name', 'last name'],
  ['email', 'email address'],
];

/** Python's SequenceMatcher.quick_ratio: shared characters over total length. */
function quickRatio(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const left = counts.get(ch) ?? 0;
    if (left > 0) {
      matches++;
      counts.set(ch, left - 1);
    }
  }
  return (2 * matches) / (a.length + b.length);
}

const MAX_SIMILARITY = 0.7;

function tooSimilar(password: string, value: string): boolean {
  const lowered = password.toLowerCase();
  const parts = [...value.split(/\W+/u), value].filter((part) => part.length > 0);
  return parts.some((part) => {
    // A long password is not "similar" to a short name it merely contains (Django's length bound).
    if (password.length >= 10 * part.length && part.length < (MAX_SIMILARITY / 2) * password.length) return false;
    return quickRatio(lowered, part.toLowerCase()) >= MAX_SIMILARITY;
  });
}

/** Every reason the password is too weak for the account; empty when it is acceptable. */
export function passwordProblems(password: string, names: AccountNames = {}): string[] {
  const problems: string[] = [];
  for (const [key, label] of ATTRIBUTE_LABELS) {
    const value = names[key];
    if (value && tooSimilar(password, value)) {
      problems.push(`The password is too similar to the ${label}.`);
      break;
    }
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(`This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase().trim())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}

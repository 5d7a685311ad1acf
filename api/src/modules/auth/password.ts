import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes): the current OWASP recommendation. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the e-mail is unknown keeps the response time the same as for a
// wrong password, so timing does not reveal which addresses have accounts.
let dummyHash: Promise<string> | undefined;
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-placeholder');
  return dummyHash.then((hash) => verifyPassword(hash, password)).then(() => false);
}

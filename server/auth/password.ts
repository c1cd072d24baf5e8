import argon2 from "argon2";

// The only module that touches argon2, so its parameters live in one place.
// argon2id with the library's defaults (64 MiB, 3 passes) as OWASP recommends.
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

// Compared against when the email is unknown, so a miss costs as long as a wrong
// password and response times do not tell which accounts exist.
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoy ??= hashPassword("murmur-decoy-password");
  await verifyPassword(await decoy, password);
}

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Sealed values read "v1.<iv>.<tag>.<ciphertext>" in base64url: the version leaves
// room for another algorithm or key later without guessing what a value is.
const VERSION = "v1";
const IV_BYTES = 12;

/** A sealed value that cannot be opened: another key, another row, or tampered with. */
export class UnreadableSecretError extends Error {
  constructor() {
    super("The stored secret cannot be decrypted with this server's key.");
    this.name = "UnreadableSecretError";
  }
}

/**
 * Encrypts with AES-256-GCM. `context` is bound in as associated data (for example
 * the team and channel of the row), so a value copied into another row does not open.
 */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Decrypts what `seal` produced with the same key and context; throws UnreadableSecretError otherwise. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined)
    throw new UnreadableSecretError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new UnreadableSecretError();
  }
}

// What a new password must be; kept apart from the schemas so the common-password
// list (server/auth/common-passwords.ts) can use them without importing Zod.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const COMMON_PASSWORD = "This password is too common: it is on lists attackers try first. Choose another.";

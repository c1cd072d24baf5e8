import { z } from "zod";
import { type ApiOperation, dataOf, TimestampSchema } from "#shared/api/operation.ts";
import { CreateWriteKeySchema, WRITE_KEY_KINDS } from "#shared/write-keys/schemas.ts";

const WriteKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(WRITE_KEY_KINDS),
  prefix: z.string().describe("The start of the key: enough to tell keys apart, too little to use."),
  createdAt: TimestampSchema,
  revokedAt: TimestampSchema.nullable(),
});

const NewWriteKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(WRITE_KEY_KINDS),
  key: z.string().describe("The key itself, shown this once: only its hash is kept."),
});

/** Write keys for the tracking API: app/routes/api/write-keys.ts, write-key.ts. */
export const writeKeysOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/write-keys",
    tag: "Write keys",
    summary: "The team's write keys, revoked ones included",
    auth: "bearer",
    success: { status: 200, description: "Every key.", schema: dataOf(z.array(WriteKeySchema)) },
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/write-keys",
    tag: "Write keys",
    summary: "Create a write key for the tracking API",
    description: "A client key may add a contact's email or phone but never replace one; a server key may.",
    auth: "bearer",
    body: CreateWriteKeySchema,
    success: { status: 201, description: "The new key, shown once.", schema: dataOf(NewWriteKeySchema) },
    errors: [400, 401, 403],
  },
  {
    method: "delete",
    path: "/api/write-keys/{id}",
    tag: "Write keys",
    summary: "Revoke a write key: it stays listed, and the tracking API refuses it",
    auth: "bearer",
    success: { status: 200, description: "The revoked key.", schema: dataOf(WriteKeySchema) },
    errors: [401, 403, 404],
  },
];

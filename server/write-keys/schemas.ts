import { z } from "zod";

export const WriteKeyNameSchema = z.object({
  name: z
    .string({ error: "Key name is required" })
    .trim()
    .min(1, "Key name is required")
    .max(100, "Key name must be at most 100 characters"),
});

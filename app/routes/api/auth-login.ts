import type { Route } from "./+types/auth-login";
import { getDb } from "#db/database.ts";
import { LoginSchema } from "#shared/auth/schemas.ts";
import { signIn } from "#server/auth/sign-in.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { clientOf } from "#app/http/context.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const input = await readJsonBody(request, LoginSchema);
    const { token } = await signIn(getDb(), input, clientOf(request, context));
    return Response.json({ token });
  });
}

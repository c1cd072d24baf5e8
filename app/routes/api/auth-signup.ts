import type { Route } from "./+types/auth-signup";
import { getDb } from "#db/database.ts";
import { SignupSchema } from "#server/auth/password-forms.ts";
import { signUp } from "#server/auth/sign-in.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { clientOf } from "#app/http/context.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const input = await readJsonBody(request, SignupSchema);
    const { token } = await signUp(getDb(), input, clientOf(request, context));
    return Response.json({ token }, { status: 201 });
  });
}

import { beforeAll, describe, expect, test } from "vitest";
import { openApiDocument } from "#server/openapi/openapi-document.ts";
import { sendQueues } from "../delivery/fixtures.ts";
import { ORIGIN } from "../requests.ts";
import { serveApi } from "./api-routes.ts";
import { type Call, FORBIDDEN_CALLS, SUCCESSFUL_CALLS } from "./calls.ts";
import { documentValidator, openApi31Problems } from "./document-validator.ts";
import { type SeededTeam, seededTeam } from "./seeded-team.ts";

// The reference cannot drift from the routes: every documented operation is called
// against the real route with a seeded team, and what it answers (status and body)
// must be what the document says, for its success and for its errors.

type Operation = {
  security: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

const document = openApiDocument();
const validator = documentValidator(document);
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    operation,
  })),
);

const queues = sendQueues();
let team: SeededTeam;
beforeAll(async () => {
  team = await seededTeam(queues);
});

function credentials(operation: Operation, call: Call): Record<string, string> {
  const scheme = Object.keys(operation.security[0] ?? {})[0];
  if (scheme === "writeKey") return { Authorization: `Basic ${Buffer.from(`${team.writeKey}:`).toString("base64")}` };
  if (scheme) return { Authorization: `Bearer ${call.token ?? team.token}` };
  return {};
}

function requestOf(method: string, path: string, call: Call, headers: Record<string, string>): Request {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.params?.[name] ?? ""));
  const url = new URL(ORIGIN + filled);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Request(url, {
    method,
    headers: { ...headers, ...(body ? { "Content-Type": "application/json" } : {}) },
    body,
  });
}

/** What is wrong with a response by the document: an undocumented status, another media type, or a body off its schema. */
async function conformanceProblems(operation: Operation, response: Response): Promise<string[]> {
  const documented = operation.responses[response.status];
  const text = await response.text();
  if (!documented) return [`answered ${response.status}, not documented: ${text.slice(0, 200)}`];
  const [mediaType, media] = Object.entries(documented.content ?? {})[0] ?? [];
  if (!mediaType) return text === "" ? [] : [`answered ${response.status} with a body the document does not describe`];
  const received = response.headers.get("Content-Type") ?? "";
  if (!received.startsWith(mediaType)) return [`answered ${response.status} as ${received}, documented ${mediaType}`];
  if (mediaType !== "application/json") return [];
  return validator.problems(media!.schema, JSON.parse(text)).map((problem) => `${response.status} ${problem}`);
}

describe("the OpenAPI document", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    expect(await openApi31Problems(document)).toEqual([]);
  });

  test("every documented operation has a call in tests/openapi/calls.ts", () => {
    expect(operations.map(({ key }) => key).filter((key) => !SUCCESSFUL_CALLS[key])).toEqual([]);
  });

  test("every operation documenting a 403 has a refused call, and only those", () => {
    const refusing = operations.filter(({ operation }) => operation.responses[403]).map(({ key }) => key);
    expect(refusing.toSorted()).toEqual(Object.keys(FORBIDDEN_CALLS).toSorted());
  });

  test("a response off its schema is caught (the check can fail)", () => {
    const me = operations.find(({ key }) => key === "GET /api/me")!.operation;
    const schema = me.responses[200]!.content!["application/json"]!.schema;
    expect(validator.problems(schema, { data: { user: { id: "x" } } })).not.toEqual([]);
  });
});

describe.each(operations.filter(({ key }) => SUCCESSFUL_CALLS[key]))("$key", ({ key, method, path, operation }) => {
  test("answers as documented when it works", async () => {
    const call = SUCCESSFUL_CALLS[key]!(team);
    const response = await serveApi(requestOf(method, path, call, credentials(operation, call)));
    const copy = response.clone();
    expect(response.status, await copy.text()).toBeLessThan(300);
    if (key === "POST /api/contacts/import")
      team.importId = ((await response.clone().json()) as { importId: string }).importId;
    expect(await conformanceProblems(operation, response)).toEqual([]);
  });

  test("answers its errors as documented", async () => {
    const call = SUCCESSFUL_CALLS[key]!(team);
    const answers: Response[] = [];
    if (operation.security.length > 0) {
      const response = await serveApi(requestOf(method, path, call, {}));
      expect(response.status).toBe(401);
      answers.push(response);
    }
    if (operation.requestBody) {
      const response = await serveApi(requestOf(method, path, { ...call, body: [] }, credentials(operation, call)));
      expect(response.status).toBe(400);
      answers.push(response);
    }
    // An id that is no resource of the team's is a 404, which the operation must document.
    if (call.params) {
      const elsewhere = Object.fromEntries(Object.keys(call.params).map((name) => [name, crypto.randomUUID()]));
      const response = await serveApi(
        requestOf(method, path, { ...call, params: elsewhere }, credentials(operation, call)),
      );
      expect(response.status).toBe(404);
      answers.push(response);
    }
    // A role (or a person) the operation refuses is a 403, with the error body.
    const refused = FORBIDDEN_CALLS[key]?.(team);
    if (refused) {
      const response = await serveApi(requestOf(method, path, refused, credentials(operation, refused)));
      expect(response.status).toBe(403);
      const { message } = (await response.clone().json()) as { message: string };
      expect(message.startsWith(refused.message), message).toBe(true);
      answers.push(response);
    }
    for (const response of answers) expect(await conformanceProblems(operation, response)).toEqual([]);
  });
});

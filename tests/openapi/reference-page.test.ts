import { describe, expect, test } from "vitest";
import ApiReferencePage, { loader } from "#app/routes/docs-api.tsx";
import { openApiDocument } from "#server/openapi/openapi-document.ts";
import { renderPage } from "../render-route.ts";

const page = { default: ApiReferencePage, ErrorBoundary: () => null };

describe("the API reference page at /docs/api", () => {
  test("shows every documented operation, by section, to a visitor without a session", async () => {
    const { text, status } = await renderPage("/docs/api", page as never, async () => loader());
    expect(status).toBe(200);
    expect(text).toContain("API reference");
    const document = openApiDocument();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods)) expect(text).toContain(`${method.toUpperCase()} ${path}`);
    }
    for (const { name } of document.tags) expect(text).toContain(name);
  });

  test("shows parameters, an example body and example answers, readable without JavaScript", async () => {
    const { html, text } = await renderPage("/docs/api", page as never, async () => loader());
    const login = html.slice(html.indexOf('id="postAuthLogin"'), html.indexOf('id="postAuthSignup"'));
    // The examples sit in <details>, which opens without a script.
    expect(login).toContain("<details");
    expect(login).toMatch(/&quot;email&quot;: &quot;string&quot;/);
    expect(login).toMatch(/&quot;token&quot;: &quot;string&quot;/);
    expect(text).toContain("Authentication: Bearer token (session or API key)");
    expect(text).toContain("Authentication: Write key (HTTP Basic user name)");
    const contacts = html.slice(html.indexOf('id="getContacts"'), html.indexOf('id="postContactsImport"'));
    expect(contacts).toContain(">hasPhone<");
    expect(contacts).toContain("one of any, yes, no");
  });
});

import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, SelectField, TextareaField } from "#app/components/forms/field.tsx";

// What a screen reader is told about a field: the label bound to the control, whether it
// is invalid, and the text of every element its aria-describedby names.

function controlOf(html: string, tag: "input" | "textarea" | "select") {
  const control = new RegExp(`<${tag}\\b[^>]*>`).exec(html)?.[0];
  if (!control) throw new Error(`no <${tag}> in ${html}`);
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(control)?.[1];
  return { attribute, describedBy: (attribute("aria-describedby") ?? "").split(" ").filter(Boolean) };
}

/** The visible text of the element with this id; fails when nothing on the page has the id. */
function textOfId(html: string, id: string) {
  const open = new RegExp(`<(\\w+)[^>]*\\sid="${id}"[^>]*>`).exec(html);
  if (!open) throw new Error(`aria-describedby names "${id}", which is not on the page`);
  const rest = html.slice(open.index + open[0].length);
  return rest
    .slice(0, rest.indexOf(`</${open[1]}>`))
    .replace(/<[^>]+>/g, "")
    .replace(/<!-- -->/g, "");
}

const labelFor = (html: string, id: string) =>
  new RegExp(`<label[^>]*for="${id}"[^>]*>([^<]*)</label>`).exec(html)?.[1];

describe("a form field", () => {
  it("names its label, marks the control invalid and points it at the hint and the error messages", () => {
    const html = renderToString(
      createElement(Field, {
        label: "Password",
        description: "8 to 128 characters.",
        inputProps: { id: "signup-password", name: "password", type: "password" },
        errors: ["Password must be at least 8 characters"],
      }),
    );
    const control = controlOf(html, "input");
    expect(labelFor(html, "signup-password")).toBe("Password");
    expect(control.attribute("id")).toBe("signup-password");
    expect(control.attribute("name")).toBe("password");
    expect(control.attribute("aria-invalid")).toBe("true");
    expect(control.describedBy.map((id) => textOfId(html, id))).toEqual([
      "8 to 128 characters.",
      "Password must be at least 8 characters",
    ]);
  });

  it("without errors is not invalid and names no error element", () => {
    const html = renderToString(
      createElement(TextareaField, {
        label: "Postal address",
        description: "Printed in the footer of every email.",
        textareaProps: { id: "team-address", name: "postalAddress" },
      }),
    );
    const control = controlOf(html, "textarea");
    expect(control.attribute("aria-invalid")).toBeUndefined();
    expect(control.describedBy.map((id) => textOfId(html, id))).toEqual(["Printed in the footer of every email."]);
    expect(html).not.toContain("team-address-error");
  });

  it("keeps an element the caller describes the control by, and drops an error id whose messages are not shown", () => {
    // As Conform's getTextareaProps gives it while its metadata is invalid, plus a live counter.
    const html = renderToString(
      createElement(TextareaField, {
        label: "Content",
        extra: createElement("p", { id: "content-sms-count" }, "12 characters, 1 SMS"),
        textareaProps: {
          id: "content",
          name: "content",
          "aria-describedby": "content-sms-count content-error",
          "aria-invalid": true,
        },
        errors: [],
      }),
    );
    const control = controlOf(html, "textarea");
    expect(control.attribute("aria-invalid")).toBeUndefined();
    expect(control.describedBy.map((id) => textOfId(html, id))).toEqual(["12 characters, 1 SMS"]);
  });

  it("a select shows its options and its error under the label", () => {
    const html = renderToString(
      createElement(SelectField, {
        label: "Time zone",
        selectProps: { id: "team-zone", name: "timeZone", defaultValue: "UTC" },
        errors: ["Choose a time zone from the list"],
        children: [
          createElement("option", { key: "UTC", value: "UTC" }, "UTC"),
          createElement("option", { key: "Paris", value: "Europe/Paris" }, "Europe/Paris"),
        ],
      }),
    );
    const control = controlOf(html, "select");
    expect(labelFor(html, "team-zone")).toBe("Time zone");
    expect(control.attribute("aria-invalid")).toBe("true");
    expect(control.describedBy.map((id) => textOfId(html, id))).toEqual(["Choose a time zone from the list"]);
    expect(html).toContain('<option value="UTC" selected="">UTC</option>');
  });
});

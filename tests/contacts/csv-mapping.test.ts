import { describe, expect, test } from "vitest";
import {
  autoMapColumns,
  contactReader,
  CSV_MAX_ROWS,
  hasEmailMapping,
  importedDescription,
  isCsvFileName,
  remapColumn,
  targetForHeader,
} from "#shared/contacts/csv-mapping.ts";
import { MAX_IMPORT_ROWS } from "#server/contacts/import.ts";

describe("the spec's auto-mapping of one header", () => {
  test.each([
    ["name", "name"],
    ["Full Name", "name"],
    ["FIRST_NAME", "name"],
    ["email", "email"],
    ["E-mail address", null],
    ["Email Address", "email"],
    ["phone", "phone"],
    ["Mobile", "phone"],
    ["Contact", "phone"],
    ["Phone Number", "phone"],
    ["company", null],
    ["", null],
  ])("%j maps to %j", (header, target) => {
    expect(targetForHeader(header)).toBe(target);
  });

  test("checks name, then email, then phone: the first rule a header meets decides", () => {
    expect(targetForHeader("Contact name")).toBe("name");
    expect(targetForHeader("Contact email")).toBe("email");
    expect(targetForHeader("email_name")).toBe("name");
    expect(targetForHeader("Mobile email")).toBe("email");
  });
});

describe("auto-mapping a header row", () => {
  test("maps each field to the first column that matches it; later matches stay unmapped", () => {
    expect(autoMapColumns(["First name", "Last name", "Work email", "Home email", "Mobile", "Notes"])).toEqual([
      "name",
      null,
      "email",
      null,
      "phone",
      null,
    ]);
  });

  test("a file without an email-like header has no email mapping", () => {
    const mapping = autoMapColumns(["name", "phone"]);
    expect(mapping).toEqual(["name", "phone"]);
    expect(hasEmailMapping(mapping)).toBe(false);
  });
});

describe("remapping by the user", () => {
  test("moves a field to the chosen column, unmapping the column that had it", () => {
    const mapping = autoMapColumns(["name", "email", "other email"]);
    expect(remapColumn(mapping, 2, "email")).toEqual(["name", null, "email"]);
  });

  test("unmapping a column leaves the others as they are", () => {
    const mapping = autoMapColumns(["name", "email", "phone"]);
    expect(remapColumn(mapping, 0, null)).toEqual([null, "email", "phone"]);
  });
});

describe("reading contacts from parsed rows", () => {
  test("takes mapped cells; unmapped fields and missing cells are null placeholders", () => {
    const fields = ["Full name", "Email", "Company"];
    const read = contactReader(fields, autoMapColumns(fields));
    expect(read({ "Full name": "Ada", Email: "ada@example.com", Company: "Engines" })).toEqual({
      name: "Ada",
      email: "ada@example.com",
      phone: null,
    });
    expect(read({ "Full name": "Grace" })).toEqual({ name: "Grace", email: null, phone: null });
  });

  test("follows a remapped column", () => {
    const fields = ["email", "backup"];
    const read = contactReader(fields, remapColumn(autoMapColumns(fields), 1, "email"));
    expect(read({ email: "a@example.com", backup: "b@example.com" }).email).toBe("b@example.com");
  });
});

test("only names ending in .csv are CSV files", () => {
  expect(isCsvFileName("contacts.csv")).toBe(true);
  expect(isCsvFileName("CONTACTS.CSV")).toBe(true);
  expect(isCsvFileName("contacts.xlsx")).toBe(false);
  expect(isCsvFileName("contacts.csv.exe")).toBe(false);
});

test("the success text is the spec's 'N contacts imported'", () => {
  expect(importedDescription(3)).toBe("3 contacts imported");
  expect(importedDescription(1)).toBe("1 contact imported");
  expect(importedDescription(1234567)).toBe("1,234,567 contacts imported");
});

test("the browser's row limit is the server's", () => {
  expect(CSV_MAX_ROWS).toBe(MAX_IMPORT_ROWS);
});

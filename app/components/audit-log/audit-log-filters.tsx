import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from "#shared/audit/actions.ts";
import type { AuditLogFilter } from "#shared/audit/schemas.ts";
import { AUDIT_LOG_PATH, auditLogExportHref, isFiltered } from "./audit-log-query.ts";

export type AuditPerson = { id: string; name: string; email: string };

/**
 * Person, action and days as a GET form: the filters live in the URL and work without
 * JavaScript. Export downloads every entry the same filters match.
 */
export function AuditLogFilters({ filter, people }: { filter: AuditLogFilter; people: AuditPerson[] }) {
  return (
    <Form
      method="get"
      action={AUDIT_LOG_PATH}
      role="search"
      aria-label="Filter the audit log"
      className="flex flex-wrap items-end gap-4"
    >
      <div className="flex min-w-48 flex-1 flex-col gap-2">
        <label htmlFor="audit-actor" className="text-sm font-medium">
          Person
        </label>
        <NativeSelect id="audit-actor" name="actor" defaultValue={filter.actor ?? ""} className="w-full">
          <option value="">Everyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name} ({person.email})
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-w-48 flex-1 flex-col gap-2">
        <label htmlFor="audit-action" className="text-sm font-medium">
          Action
        </label>
        <NativeSelect id="audit-action" name="action" defaultValue={filter.action ?? ""} className="w-full">
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="audit-from" className="text-sm font-medium">
          From
        </label>
        <Input id="audit-from" type="date" name="from" defaultValue={filter.from ?? ""} className="w-40" />
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="audit-to" className="text-sm font-medium">
          To
        </label>
        <Input id="audit-to" type="date" name="to" defaultValue={filter.to ?? ""} className="w-40" />
      </div>
      <div className="flex gap-2">
        <Button type="submit">Filter</Button>
        {isFiltered(filter) ? (
          <Button variant="ghost" asChild>
            <Link to={AUDIT_LOG_PATH}>Clear</Link>
          </Button>
        ) : null}
        <Button variant="outline" asChild>
          <Link to={auditLogExportHref(filter)} reloadDocument>
            <Download aria-hidden="true" />
            Export CSV
          </Link>
        </Button>
      </div>
    </Form>
  );
}

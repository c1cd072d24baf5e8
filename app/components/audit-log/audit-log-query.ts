import { AuditLogFilterSchema, type AuditLogFilter } from "#shared/audit/schemas.ts";

// The audit log page keeps its filters in the URL (actor, action, from, to), so a view
// works without JavaScript, can be bookmarked and exports as the same CSV.

export const AUDIT_LOG_PATH = "/dashboard/settings/audit-log";

/**
 * Reads the filters leniently, each against the API's own rule: a hand-edited value
 * that is not valid is left out rather than an error page; days given the wrong way
 * round are swapped.
 */
export function readAuditLogFilter(params: URLSearchParams): AuditLogFilter {
  const filter: AuditLogFilter = {};
  for (const name of ["actor", "action", "from", "to"] as const) {
    const parsed = AuditLogFilterSchema.shape[name].safeParse(params.get(name) || undefined);
    if (parsed.success && parsed.data) (filter as Record<string, string>)[name] = parsed.data;
  }
  if (filter.from && filter.to && filter.from > filter.to) [filter.from, filter.to] = [filter.to, filter.from];
  return filter;
}

function filterParams(filter: AuditLogFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ["actor", "action", "from", "to"] as const) {
    const value = filter[name];
    if (value) params.set(name, value);
  }
  return params;
}

/** The CSV of every entry these filters match. */
export function auditLogExportHref(filter: AuditLogFilter): string {
  const search = filterParams(filter).toString();
  return search ? `${AUDIT_LOG_PATH}/export.csv?${search}` : `${AUDIT_LOG_PATH}/export.csv`;
}

/** The page's first page for these filters. */
export function auditLogHref(filter: AuditLogFilter): string {
  const search = filterParams(filter).toString();
  return search ? `${AUDIT_LOG_PATH}?${search}` : AUDIT_LOG_PATH;
}

export function isFiltered(filter: AuditLogFilter): boolean {
  return Boolean(filter.actor || filter.action || filter.from || filter.to);
}

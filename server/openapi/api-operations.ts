import { z } from "zod";
import type { ApiOperation } from "#shared/api/operation.ts";
import { aiOperations } from "#server/ai/api-operations.ts";
import { analyticsOperations } from "#server/analytics/api-operations.ts";
import { auditLogOperations } from "#server/audit-log/api-operations.ts";
import { authOperations } from "#server/auth/api-operations.ts";
import { campaignsOperations } from "#server/campaigns/api-operations.ts";
import { contactsOperations } from "#server/contacts/api-operations.ts";
import { deliveryOperations } from "#server/delivery/api-operations.ts";
import { trackingOperations } from "#server/events/api-operations.ts";
import { frequencyOperations } from "#server/frequency/api-operations.ts";
import { journeysOperations } from "#server/journeys/api-operations.ts";
import { membersOperations } from "#server/members/api-operations.ts";
import { privacyOperations } from "#server/privacy/api-operations.ts";
import { segmentsOperations } from "#server/segments/api-operations.ts";
import { writeKeysOperations } from "#server/write-keys/api-operations.ts";

const referenceOperation: ApiOperation = {
  method: "get",
  path: "/api/openapi.json",
  tag: "Reference",
  summary: "This document: the API as OpenAPI 3.1",
  auth: "none",
  success: {
    status: 200,
    description: "The OpenAPI document.",
    schema: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
  },
  errors: [],
};

/**
 * Every operation of `/api` and `/v1`, each declared in its domain beside the schemas
 * its route parses with. A new route adds its operations there and, for a new
 * domain, one line here; tests/openapi/ fails naming any route left out.
 */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...authOperations,
  ...membersOperations,
  ...contactsOperations,
  ...segmentsOperations,
  ...privacyOperations,
  ...aiOperations,
  ...campaignsOperations,
  ...journeysOperations,
  ...deliveryOperations,
  ...analyticsOperations,
  ...writeKeysOperations,
  ...auditLogOperations,
  ...frequencyOperations,
  ...trackingOperations,
  referenceOperation,
];

import { z } from "zod";
import { isAppError } from "#server/errors.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { type FilterGroup, type FilterNode, leafConditions } from "#shared/segments/filter/schema.ts";
import type { Vocabulary } from "#server/ai/types.ts";

/*
 * What the model is asked to answer: { filter, unsupported }. The JSON Schema
 * sent as its structured-output format is drawn from the filter schema's own
 * leaf conditions, with groups as one recursive definition (the stored schema
 * spells out each of its five levels, five times the text for the same rules).
 * The answer is then judged by the filter schema itself, depth limit included.
 */

const leaf = z.discriminatedUnion("type", [...leafConditions]);

const Group: z.ZodType = z.object({
  type: z.literal("group"),
  combinator: z.enum(["and", "or"]),
  get conditions() {
    return z.array(z.union([leaf, Group]));
  },
});

const AnswerShape = z.object({
  filter: Group,
  unsupported: z
    .array(z.string())
    .describe("Each part of the request that the filter does not express, in plain words"),
});

let cached: Record<string, unknown> | undefined;

/** The answer's JSON Schema, for response_format. */
export function answerJsonSchema(): Record<string, unknown> {
  cached ??= z.toJSONSchema(AnswerShape, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return cached;
}

export type ModelAnswer = { filter: FilterGroup; unsupported: string[] };

/** Why an answer cannot be used, one line per problem, as the repair request quotes them. */
export class InvalidAnswer extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join("; "));
    this.name = "InvalidAnswer";
    this.problems = problems;
  }
}

const Envelope = z.object({ filter: z.unknown(), unsupported: z.array(z.string().max(500)).max(50).default([]) });

/**
 * The model's message content as a filter that validates and names only this
 * team's campaigns and segments, or an InvalidAnswer saying what is wrong.
 * Event names, property names and attribute keys must be the vocabulary's too
 * (the model is shown nothing else, so another name is an invention that would
 * silently match nobody). On a first answer they are problems to repair; on the
 * `final` one, each condition naming one is left out and reported in
 * `unsupported` in plain words.
 */
export function readAnswer(content: string, vocabulary: Vocabulary, options: { final?: boolean } = {}): ModelAnswer {
  let json: unknown;
  try {
    json = JSON.parse(stripFence(content));
  } catch {
    throw new InvalidAnswer(["the answer is not JSON; answer with one JSON object { filter, unsupported }"]);
  }
  const envelope = Envelope.safeParse(json);
  if (!envelope.success)
    throw new InvalidAnswer([
      "the answer must be a JSON object { filter, unsupported } with unsupported a list of strings",
    ]);
  let filter: FilterGroup;
  try {
    filter = parseFilter(envelope.data.filter);
  } catch (error) {
    if (!isAppError(error) || !error.fields) throw error;
    throw new InvalidAnswer(Object.entries(error.fields).map(([path, messages]) => `${path}: ${messages.join(", ")}`));
  }
  const unknown = unknownReferences(filter, vocabulary);
  if (unknown.length) throw new InvalidAnswer(unknown);
  const unsupported = [
    ...envelope.data.unsupported.map((s) => s.trim()).filter(Boolean),
    ...unlistedValues(filter, vocabulary),
  ];
  const invented = inventedNames(filter, vocabulary);
  if (invented.length === 0) return { filter, unsupported };
  if (!options.final) throw new InvalidAnswer(invented.map((name) => `${name.path}: ${name.repair}`));
  const kept = withoutConditions(filter, new Set(invented.map((name) => name.node)));
  return { filter: parseFilter(kept), unsupported: [...unsupported, ...new Set(invented.map((name) => name.plain))] };
}

// Some models wrap JSON in a Markdown code fence even when asked for JSON only.
function stripFence(content: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return match ? match[1]! : content;
}

/** Campaign and segment ids the vocabulary does not list: a model inventing ids is caught before SQL. */
function unknownReferences(filter: FilterGroup, vocabulary: Vocabulary): string[] {
  const campaigns = new Set(vocabulary.campaigns.map((c) => c.id));
  const segments = new Set(vocabulary.segments.map((s) => s.id));
  const problems: string[] = [];
  const visit = (node: FilterNode, path: string) => {
    if (node.type === "group") node.conditions.forEach((child, i) => visit(child, `${path}.conditions[${i}]`));
    else if (node.type === "engagement" && node.campaignId !== null && !campaigns.has(node.campaignId)) {
      problems.push(
        `${path}.campaignId: not one of the campaign ids listed; use a listed id, or null for any campaign`,
      );
    } else if (node.type === "segment" && !segments.has(node.segmentId)) {
      problems.push(`${path}.segmentId: not one of the segment ids listed`);
    }
  };
  visit(filter, "filter");
  return problems;
}

type InventedName = { node: FilterNode; path: string; repair: string; plain: string };

/** Conditions naming an event, event property or attribute key the vocabulary does not list. */
function inventedNames(filter: FilterGroup, vocabulary: Vocabulary): InventedName[] {
  const events = new Map(vocabulary.events.map((e) => [e.name, new Set(e.properties.map((p) => p.key))]));
  const attributes = new Set(vocabulary.attributes.map((a) => a.key));
  const found: InventedName[] = [];
  const visit = (node: FilterNode, path: string) => {
    if (node.type === "group") node.conditions.forEach((child, i) => visit(child, `${path}.conditions[${i}]`));
    else if (node.type === "event" && !events.has(node.event)) {
      found.push({
        node,
        path: `${path}.event`,
        repair: `there is no event named ${JSON.stringify(node.event)}; use a listed event name, or put that part in unsupported`,
        plain: `There is no event named ${JSON.stringify(node.event)} in your data, so that condition was left out`,
      });
    } else if (node.type === "event") {
      node.properties.forEach((property, i) => {
        if (events.get(node.event)!.has(property.property)) return;
        found.push({
          node,
          path: `${path}.properties[${i}].property`,
          repair: `the event ${JSON.stringify(node.event)} has no property ${JSON.stringify(property.property)}; use one of its listed properties, or put that part in unsupported`,
          plain: `The event ${JSON.stringify(node.event)} has no property ${JSON.stringify(property.property)} in your data, so that condition was left out`,
        });
      });
    } else if (node.type === "attribute" && !attributes.has(node.key)) {
      found.push({
        node,
        path: `${path}.key`,
        repair: `there is no attribute ${JSON.stringify(node.key)}; use a listed attribute key, or put that part in unsupported`,
        plain: `No contact has an attribute ${JSON.stringify(node.key)} in your data, so that condition was left out`,
      });
    }
  };
  visit(filter, "filter");
  return found;
}

/**
 * Text values compared for equality that the vocabulary does not list for
 * their attribute or property ("plan is premium" where plans are free, pro,
 * team): the condition stays (the vocabulary lists only values it saw at least
 * twice, so a rare one can be real), but it may match nobody, so it is said.
 */
function unlistedValues(filter: FilterGroup, vocabulary: Vocabulary): string[] {
  const attributes = new Map(vocabulary.attributes.map((a) => [a.key, a]));
  const properties = new Map(vocabulary.events.map((e) => [e.name, new Map(e.properties.map((p) => [p.key, p]))]));
  const notes: string[] = [];
  const check = (
    listed: { kind: string; values: string[] } | undefined,
    what: string,
    comparison: { operator: string; value?: unknown },
  ) => {
    if (!listed || listed.kind !== "text" || listed.values.length === 0) return;
    const values =
      comparison.operator === "equals" || comparison.operator === "not_equals"
        ? [comparison.value]
        : comparison.operator === "in_list"
          ? (comparison.value as unknown[])
          : [];
    const known = new Set(listed.values.map((v) => v.toLowerCase()));
    for (const value of values) {
      if (typeof value !== "string" || known.has(value.toLowerCase())) continue;
      notes.push(
        `"${value}" is not among the values of ${what} seen in your data (${listed.values.slice(0, 5).join(", ")}), so that condition may match nobody`,
      );
    }
  };
  const visit = (node: FilterNode) => {
    if (node.type === "group") node.conditions.forEach(visit);
    else if (node.type === "attribute") check(attributes.get(node.key), `"${node.key}"`, node);
    else if (node.type === "event")
      for (const p of node.properties)
        check(properties.get(node.event)?.get(p.property), `"${p.property}" of "${node.event}"`, p);
  };
  visit(filter);
  return notes;
}

/** The tree without the given conditions, and without groups they leave empty (the root stays). */
function withoutConditions(group: FilterGroup, drop: Set<FilterNode>): FilterGroup {
  const conditions: FilterNode[] = [];
  for (const node of group.conditions) {
    if (drop.has(node)) continue;
    if (node.type !== "group") conditions.push(node);
    else {
      const inner = withoutConditions(node, drop);
      if (inner.conditions.length > 0) conditions.push(inner);
    }
  }
  return { ...group, conditions };
}

import { Liquid, type Template } from "liquidjs";

/**
 * The two Liquid engines campaigns are personalised with. Email HTML escapes every
 * output by default, so a contact named `<b>` shows as text and cannot change the
 * markup; subjects, SMS and WhatsApp parameters are plain text and are not escaped.
 * Neither can read files: `include`, `render` and `layout` only see an empty
 * in-memory set. Unknown filters are errors (a typo should fail on save, not print
 * nothing to 100,000 people); unknown variables print nothing, so `default` works.
 */
const shared = {
  templates: {},
  strictFilters: true,
  strictVariables: false,
  ownPropertyOnly: true,
  parseLimit: 1_000_000,
  // Per message: a loop over a huge range should fail instead of stalling a send.
  renderLimit: 1_000,
  memoryLimit: 10_000_000,
  timezoneOffset: 0,
};

const htmlEngine = new Liquid({ ...shared, outputEscape: "escape" });
const textEngine = new Liquid(shared);

export type LiquidMode = "html" | "text";

/** The variables a message can use. */
export type PersonalisationScope = {
  contact: { name: string | null; email: string | null; phone: string | null; attributes: Record<string, unknown> };
};

export type ParsedTemplate = { mode: LiquidMode; templates: Template[] };

/** Parses once; throws liquidjs' own errors, which `describeLiquidError` turns into words. */
export function parseLiquid(source: string, mode: LiquidMode): ParsedTemplate {
  return { mode, templates: engine(mode).parse(source) };
}

export function renderLiquid(parsed: ParsedTemplate, scope: PersonalisationScope): string {
  return String(engine(parsed.mode).renderSync(parsed.templates, scope));
}

function engine(mode: LiquidMode): Liquid {
  return mode === "html" ? htmlEngine : textEngine;
}

/** A one-line reason for an author: what Liquid objected to and on which line. */
export function describeLiquidError(error: unknown): string {
  if (!(error instanceof Error)) return "The template could not be read.";
  if (error.message.includes("Failed to lookup")) return "include, render and layout cannot load other templates in a campaign";
  // liquidjs appends the offending source and a stack frame after the first line.
  const firstLine = error.message.split("\n")[0]?.trim() ?? "";
  const reason = firstLine.replace(/, file:.*$/, "").replace(/\s+$/, "");
  return reason === "" ? "The template could not be read." : reason;
}

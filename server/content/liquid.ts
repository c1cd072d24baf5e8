import { Liquid, type Template } from "liquidjs";
import { overSizeReason, overTimeReason } from "./render-budget.ts";

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
  // Per render when no deadline is given; the render threads give each message its own
  // (render-budget.ts), and these limits let a loop stop there by itself, cheaply,
  // before the thread running it has to be replaced.
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
  /** A journey's message: the event that started the contact's run. */
  event?: { properties: Record<string, unknown> };
};

export type ParsedTemplate = { mode: LiquidMode; templates: Template[] };

/** Parses once; throws liquidjs' own errors, which `describeLiquidError` turns into words. */
export function parseLiquid(source: string, mode: LiquidMode): ParsedTemplate {
  return { mode, templates: engine(mode).parse(source) };
}

/** Where rendering one message must stop: a moment on `performance.now()`'s clock, and its size. */
export type RenderLimits = { deadline: number; timeLimitMs: number; outputLimitBytes: number };

/** A message over its render budget: too slow, too large or too hungry. The message is the reason for the author. */
export class OverBudget extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "OverBudget";
  }
}

/**
 * Renders for one contact; with `limits`, liquidjs stops at the deadline and the
 * result may not have more characters than the byte limit (a character is at least a
 * byte), both as OverBudget. Other failures are liquidjs' own errors (its memory
 * limit too, whose reason names the line).
 */
export function renderLiquid(parsed: ParsedTemplate, scope: PersonalisationScope, limits?: RenderLimits): string {
  let out: string;
  try {
    const options = limits ? { renderLimit: Math.max(0, limits.deadline - performance.now()) } : undefined;
    out = String(engine(parsed.mode).renderSync(parsed.templates, scope, options));
  } catch (error) {
    throw asOverBudget(error, limits) ?? error;
  }
  // Checked on the length, which does not flatten the string liquidjs built piece by piece.
  if (limits && out.length > limits.outputLimitBytes) throw new OverBudget(overSizeReason(limits.outputLimitBytes));
  return out;
}

function asOverBudget(error: unknown, limits: RenderLimits | undefined): OverBudget | null {
  const message = error instanceof Error ? error.message : "";
  if (message.includes("template render limit exceeded"))
    return new OverBudget(overTimeReason(limits?.timeLimitMs ?? shared.renderLimit));
  // V8's own cap on a string's length, reached by a loop of large pieces.
  if (message.includes("Invalid string length")) {
    return new OverBudget(overSizeReason(limits?.outputLimitBytes ?? 2 ** 29));
  }
  return null;
}

function engine(mode: LiquidMode): Liquid {
  return mode === "html" ? htmlEngine : textEngine;
}

/** A one-line reason for an author: what Liquid objected to and on which line. */
export function describeLiquidError(error: unknown): string {
  if (!(error instanceof Error)) return "The template could not be read.";
  if (error.message.includes("Failed to lookup"))
    return "include, render and layout cannot load other templates in a campaign";
  // liquidjs appends the offending source and a stack frame after the first line.
  const firstLine = error.message.split("\n")[0]?.trim() ?? "";
  const reason = firstLine.replace(/, file:.*$/, "").replace(/\s+$/, "");
  return reason === "" ? "The template could not be read." : reason;
}

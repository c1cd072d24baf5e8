import { Metadata } from "libphonenumber-js";

// What libphonenumber-js's parser would conclude about a number already reduced to
// "+" and digits, read from the same metadata with each pattern compiled once. The
// parser compiles every pattern it tests anew (`new RegExp` per test): for a number
// whose calling code several countries share (+1, +44, +7...) that is most of its
// 5-15 µs, and the import normalises a phone per row. Only two answers are given
// here, each the parser's own rule step by step; tests/unit/phone.test.ts compares
// both with the full parse across every country.

// The parts of the Metadata class that the parser itself reads (they exist at run
// time; its type declarations name fewer of them).
type NumberingPlan = {
  nationalNumberPattern(): string;
  nationalPrefixForParsing(): string | undefined;
  leadingDigits(): string | undefined;
  hasTypes(): boolean;
  type(name: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
};
type NumberingPlans = {
  hasCallingCode(code: string): boolean;
  getCountryCodesForCallingCode(code: string): string[] | undefined;
  selectNumberingPlan(countryOrCallingCode: string): void;
  numberingPlan?: NumberingPlan;
};

const metadata = new Metadata() as unknown as NumberingPlans;

// libphonenumber-js documents only selectNumberingPlan and a few numberingPlan
// methods (leadingDigits among them); the rest are its parser's own. The package
// is pinned to an exact version in package.json for that reason, and a release
// without one of them stops the server at start, naming it, rather than at the
// first phone of an import. tests/unit/phone.test.ts compares both answers with
// the full parse across every country: run it on every upgrade.
function requireNumberingPlans() {
  const missing: string[] = (
    ["hasCallingCode", "getCountryCodesForCallingCode", "selectNumberingPlan"] as const
  ).filter((name) => typeof metadata[name] !== "function");
  if (missing.length === 0) {
    metadata.selectNumberingPlan("1");
    const plan = metadata.numberingPlan;
    for (const name of [
      "nationalNumberPattern",
      "nationalPrefixForParsing",
      "leadingDigits",
      "hasTypes",
      "type",
    ] as const) {
      if (typeof plan?.[name] !== "function") missing.push(`numberingPlan.${name}`);
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `libphonenumber-js: its Metadata class no longer has ${missing.join(", ")}, which server/contacts/numbering-plans.ts reads. Re-check that file against the parser of this release (or return to the version pinned in package.json).`,
    );
  }
}
requireNumberingPlans();

// The order in which the parser's getNumberType tries them (fixed line first).
const NUMBER_TYPES = [
  "FIXED_LINE",
  "MOBILE",
  "PREMIUM_RATE",
  "TOLL_FREE",
  "SHARED_COST",
  "VOIP",
  "PERSONAL_NUMBER",
  "PAGER",
  "UAN",
  "VOICEMAIL",
];

type CompiledPlan = {
  nationalNumber: RegExp;
  nationalPrefix: RegExp | null;
  leadingDigits: RegExp | null;
  /** Null when the plan has no number types: then the national number pattern alone decides. */
  types: { pattern: RegExp; lengths: number[] | undefined }[] | null;
};

const plans = new Map<string, CompiledPlan>();

/** The plan of a country ("US") or of a calling code ("1": its main country's, or a non-geographic one). */
function planOf(countryOrCallingCode: string): CompiledPlan {
  let compiled = plans.get(countryOrCallingCode);
  if (!compiled) {
    metadata.selectNumberingPlan(countryOrCallingCode);
    const plan = metadata.numberingPlan!;
    const prefix = plan.nationalPrefixForParsing();
    const leading = plan.leadingDigits();
    compiled = {
      nationalNumber: entire(plan.nationalNumberPattern()),
      nationalPrefix: prefix ? new RegExp(`^(?:${prefix})`) : null,
      // The parser asks `national.search(leadingDigits) === 0`: a match at the start.
      leadingDigits: leading ? new RegExp(`^(?:${leading})`) : null,
      types: plan.hasTypes()
        ? NUMBER_TYPES.map((name) => plan.type(name))
            .filter((type) => type !== undefined && Boolean(type.pattern()))
            .map((type) => ({ pattern: entire(type!.pattern()), lengths: type!.possibleLengths() }))
        : null,
    };
    plans.set(countryOrCallingCode, compiled);
  }
  return compiled;
}

// The parser's matchesEntirely.
function entire(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`);
}

/** The parser's split of "+" and digits: the first one to three digits that name a calling code, and the rest. */
function splitCallingCode(value: string): { code: string; national: string } | null {
  for (let length = 1; length <= 3; length++) {
    const code = value.slice(1, 1 + length);
    if (metadata.hasCallingCode(code)) return { code, national: value.slice(1 + length) };
  }
  return null;
}

/**
 * True when parsing `value` (already "+" and digits) would give `value` back, so
 * the parse can be skipped. The parser takes the calling code (the first one to
 * three digits that name one) and then changes the rest only by stripping a
 * national prefix or carrier code: the code's "national prefix for parsing"
 * pattern must match at the start of the rest for that. When it does not match,
 * the result is "+", the code and the same rest if the number is valid, and the
 * value as given if it is not: `value` either way. An unknown calling code, or a
 * rest that the pattern matches (a "+44 0 20..." typed with its trunk 0), goes
 * through the full parse.
 */
export function parsesToItself(value: string): boolean {
  const split = splitCallingCode(value);
  if (!split) return false;
  const prefix = planOf(split.code).nationalPrefix;
  return prefix === null || !prefix.test(split.national);
}

/**
 * The parser's isValid() for `value`, a "+" and digits for which parsesToItself
 * holds (so the parser's national number is the rest after the calling code). The
 * country is the calling code's only one, or among several the first whose leading
 * digits start the number or, for one without leading digits, whose number types
 * include it; validity is then checked against that country's plan, or the calling
 * code's when none was found.
 */
export function isValidAsParsed(value: string): boolean {
  const split = splitCallingCode(value);
  if (!split) return false;
  const country = countryOf(split.code, split.national);
  return isValidIn(planOf(country ?? split.code), split.national);
}

function countryOf(code: string, national: string): string | undefined {
  const countries = metadata.getCountryCodesForCallingCode(code);
  if (!countries) return undefined;
  if (countries.length === 1) return countries[0];
  return countries.find((country) => {
    const plan = planOf(country);
    return plan.leadingDigits ? plan.leadingDigits.test(national) : hasNumberType(plan, national);
  });
}

function isValidIn(plan: CompiledPlan, national: string): boolean {
  return plan.types ? hasNumberType(plan, national) : plan.nationalNumber.test(national);
}

// The parser's getNumberType(...) !== undefined.
function hasNumberType(plan: CompiledPlan, national: string): boolean {
  if (!plan.nationalNumber.test(national)) return false;
  return (plan.types ?? []).some(
    (type) => (!type.lengths || type.lengths.includes(national.length)) && type.pattern.test(national),
  );
}

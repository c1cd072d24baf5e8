/**
 * The fictional product the demo team markets: Larkspur, a project-planning app for
 * small teams. Its people, plans and events are made up; every address is reserved
 * (shared/demo/reserved-addresses.ts).
 */
export const DEMO_TEAM_NAME = "Larkspur (demo)";

export const FIRST_NAMES = [
  "Ada",
  "Amara",
  "Ben",
  "Carmen",
  "Chen",
  "Dara",
  "Elif",
  "Emeka",
  "Farah",
  "Felix",
  "Grace",
  "Hana",
  "Hugo",
  "Ines",
  "Ivan",
  "Jonas",
  "Kavya",
  "Kenji",
  "Lena",
  "Leo",
  "Maya",
  "Mateo",
  "Nadia",
  "Noah",
  "Olu",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Sofia",
  "Tariq",
  "Uma",
  "Victor",
  "Wen",
  "Yara",
  "Zoe",
] as const;

export const LAST_NAMES = [
  "Abbott",
  "Alvarez",
  "Bakker",
  "Brennan",
  "Castillo",
  "Dubois",
  "Eriksen",
  "Fischer",
  "Garcia",
  "Haddad",
  "Ito",
  "Jensen",
  "Kowalski",
  "Lindqvist",
  "Mensah",
  "Moreau",
  "Nakamura",
  "Okafor",
  "Patel",
  "Quiroga",
  "Rossi",
  "Schmidt",
  "Silva",
  "Tanaka",
  "Usman",
  "Varga",
  "Weber",
  "Xu",
  "Yilmaz",
  "Zhang",
] as const;

export const COMPANIES = [
  "Acme Bakery",
  "Blue Finch Studio",
  "Copperleaf",
  "Driftwood Labs",
  "Evergreen Dental",
  "Foxglove Media",
  "Granite Works",
  "Harbor & Co",
  "Indigo Events",
  "Juniper Legal",
  "Kestrel Logistics",
  "Lumen Architects",
] as const;

export const COUNTRIES = ["United States", "United Kingdom", "Germany", "France", "Canada", "Japan", "Brazil"] as const;
export const SIGNUP_SOURCES = ["google", "referral", "newsletter", "product-hunt", "partner"] as const;

/** Plans by share of contacts: most are on the free plan. */
export const PLANS = { free: 0.62, pro: 0.28, team: 0.1 } as const;

/** Product events, most frequent first; the weight is a share of a contact's activity. */
export const PRODUCT_EVENTS = [
  { name: "Logged In", weight: 0.42 },
  { name: "Task Completed", weight: 0.3 },
  { name: "Project Created", weight: 0.12 },
  { name: "Teammate Invited", weight: 0.08 },
  { name: "Report Exported", weight: 0.08 },
] as const;

export const SIGNED_UP = "Signed Up";
/** The conversion goal of the upgrade campaign: an upgrade with its price as revenue. */
export const PLAN_UPGRADED = "Plan Upgraded";

export const PROJECT_NAMES = ["Website relaunch", "Q3 roadmap", "Onboarding flow", "Spring campaign", "Office move"];

/** Days of product history the demo holds. */
export const HISTORY_DAYS = 90;

import type { RenderableContact } from "./render.ts";

/**
 * The contacts a campaign is trial-rendered for when it is saved: one with every
 * field empty (what `default` is for), and one with the details and attributes a
 * real list has, so a loop over an attribute or a filter on a number runs as it
 * would for a recipient. Neither is anyone's data.
 */
export const TRIAL_CONTACTS: RenderableContact[] = [
  { id: "00000000-0000-7000-8000-000000000000", name: null, email: null, phone: null, attributes: {} },
  {
    id: "00000000-0000-7000-8000-000000000001",
    name: "Ada Lovelace",
    email: "ada.lovelace@example.com",
    phone: "+447700900123",
    attributes: {
      first_name: "Ada",
      last_name: "Lovelace",
      company: "Analytical Engines Ltd",
      plan: "pro",
      city: "London",
      country: "GB",
      seats: 12,
      orders: 7,
      lifetime_value: 1249.5,
      vip: true,
      tags: ["beta", "newsletter"],
      signed_up_at: "2025-03-14T09:26:53Z",
    },
  },
];

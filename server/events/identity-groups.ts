import { z } from "zod";
import { normalizePhone } from "#shared/contacts/phone.ts";
import type { TrackedMessage } from "./messages.ts";

/** The traits that become contact fields; every other trait is an attribute. */
const FIELD_TRAITS = new Set(["email", "name", "phone"]);
const emailFormat = z.email();

/**
 * What a batch's identify calls say about one person, merged in the order sent
 * (a later value wins), with the identify messages that said it.
 */
export type IdentityGroup = {
  userId: string | null;
  email: string | null;
  name: string | null;
  phone: string | null;
  attributes: Record<string, unknown>;
  anonymousIds: string[];
  messages: TrackedMessage[];
};

/**
 * Groups identify messages by person: by userId, else by email, else by
 * anonymousId. An email-only group whose email a userId group also gives is the
 * same person, as is an anonymous group whose anonymousId another group carries.
 * An email is kept by the first group giving it, since a contact's email is unique.
 */
export function groupIdentifies(messages: TrackedMessage[]): IdentityGroup[] {
  const byKey = new Map<string, IdentityGroup>();
  for (const message of messages) {
    const traits = readTraits(message.properties);
    const key = message.userId
      ? `u:${message.userId}`
      : traits.email
        ? `e:${traits.email.toLowerCase()}`
        : `a:${message.anonymousId}`;
    let group = byKey.get(key);
    if (!group) {
      group = {
        userId: message.userId,
        email: null,
        name: null,
        phone: null,
        attributes: {},
        anonymousIds: [],
        messages: [],
      };
      byKey.set(key, group);
    }
    absorb(group, { ...traits, anonymousIds: message.anonymousId ? [message.anonymousId] : [], messages: [message] });
  }

  const groups = [...byKey.values()];
  const withUser = groups.filter((g) => g.userId);
  const result: IdentityGroup[] = [...withUser];
  for (const group of groups.filter((g) => !g.userId)) {
    const email = group.email?.toLowerCase();
    const anonymousId = group.anonymousIds[0];
    const same =
      (email && withUser.find((g) => g.email?.toLowerCase() === email)) ||
      (!email && anonymousId && result.find((g) => g.anonymousIds.includes(anonymousId)));
    if (same) absorb(same, { ...group, keepOwn: true });
    else result.push(group);
  }

  const taken = new Set<string>();
  for (const group of result) {
    const email = group.email?.toLowerCase();
    if (!email) continue;
    if (taken.has(email)) group.email = null;
    else taken.add(email);
  }
  return result;
}

type Traits = { email: string | null; name: string | null; phone: string | null; attributes: Record<string, unknown> };

/** Email, name and phone (normalised as the CSV import does) from traits; the rest as attributes. */
export function readTraits(traits: Record<string, unknown>): Traits {
  const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value).trim() : "");
  const email = text(traits.email);
  const first = text(traits.firstName);
  const last = text(traits.lastName);
  const name = text(traits.name) || [first, last].filter(Boolean).join(" ");
  const phone = normalizePhone(text(traits.phone).slice(0, 50));
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(traits)) {
    if (!FIELD_TRAITS.has(key) && value !== undefined) attributes[key] = value;
  }
  return {
    // A malformed address is not a way to reach anyone; it stays on the identify event only.
    email: email.length <= 254 && emailFormat.safeParse(email).success ? email : null,
    name: name ? name.slice(0, 500) : null,
    phone,
    attributes,
  };
}

function absorb(
  group: IdentityGroup,
  from: Traits & { anonymousIds: string[]; messages: TrackedMessage[]; keepOwn?: boolean },
): void {
  // Newer values win, except when folding a lesser group into the one it belongs to.
  const pick = (own: string | null, other: string | null) => (from.keepOwn ? (own ?? other) : (other ?? own));
  group.email = pick(group.email, from.email);
  group.name = pick(group.name, from.name);
  group.phone = pick(group.phone, from.phone);
  group.attributes = from.keepOwn
    ? { ...from.attributes, ...group.attributes }
    : { ...group.attributes, ...from.attributes };
  for (const id of from.anonymousIds) if (!group.anonymousIds.includes(id)) group.anonymousIds.push(id);
  group.messages.push(...from.messages);
}

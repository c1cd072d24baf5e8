import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, test } from "vitest";
import { loader as click } from "#app/routes/tracking/click.tsx";
import { getDb } from "#db/database.ts";
import { getSecretKey } from "#server/secrets/secret-key.ts";
import { forgetTrackingKey, getTrackingKey, loadStoredTrackingKey } from "#server/tracking/key.ts";
import { readClickToken, signClickToken } from "#server/tracking/tokens.ts";
import { createUser } from "../factories.ts";
import { ORIGIN } from "../requests.ts";
import { createSentCampaign } from "./fixtures.ts";
import { respond, routeArgs } from "../serve-route.ts";

// The generated tracking key at rest: sealed with the server's secret key, never in
// plain text, and a key stored in plain text by an earlier version keeps signing.

const db = () => getDb();
const storedRow = () =>
  db().selectFrom("trackingKeys").select(["secret", "sealedSecret"]).where("id", "=", 1).executeTakeFirstOrThrow();

/** The table as the version before sealing left it: the key itself in `secret`. */
async function storePlainKey(): Promise<Buffer> {
  const key = randomBytes(32);
  await db().deleteFrom("trackingKeys").execute();
  await db().insertInto("trackingKeys").values({ id: 1, secret: key }).execute();
  forgetTrackingKey();
  return key;
}

/** Whether the stored row shows the key in any usual spelling. */
async function rowReveals(key: Buffer): Promise<boolean> {
  const row = await storedRow();
  const stored = `${row.secret?.toString("hex") ?? ""} ${row.sealedSecret ?? ""}`;
  return [key.toString("hex"), key.toString("base64"), key.toString("base64url").slice(0, 40)].some((spelling) =>
    stored.includes(spelling),
  );
}

afterEach(() => forgetTrackingKey());

describe("the generated tracking key", () => {
  test("is stored sealed, not as the key, and the same key comes back after a restart", async () => {
    await db().deleteFrom("trackingKeys").execute();
    forgetTrackingKey();
    const key = await getTrackingKey(db());
    expect(key).toHaveLength(32);
    const row = await storedRow();
    expect(row.secret).toBeNull();
    expect(row.sealedSecret).toMatch(/^v1\./);
    expect(await rowReveals(key)).toBe(false);
    forgetTrackingKey();
    expect((await getTrackingKey(db())).equals(key)).toBe(true);
  });

  test("a key stored in plain text is sealed on first read, and a link signed with it before still redirects", async () => {
    const plain = await storePlainKey();
    const { teamId } = await createUser();
    const { recipients } = await createSentCampaign(teamId, { recipients: 1 });
    const url = "https://example.com/before-the-upgrade";
    const token = signClickToken(plain, { deliveryId: recipients[0]!.deliveryId, linkIndex: 0, url });

    expect((await getTrackingKey(db())).equals(plain)).toBe(true);
    expect(await rowReveals(plain)).toBe(false);
    expect((await storedRow()).secret).toBeNull();

    forgetTrackingKey();
    expect(readClickToken(await getTrackingKey(db()), token)?.url).toBe(url);
    const followed = await respond(() =>
      click(routeArgs(new Request(`${ORIGIN}/t/c/${token}`), { params: { token } })),
    );
    expect(followed.status).toBe(302);
    expect(followed.headers.get("Location")).toBe(url);
  });

  test("processes starting together all get the one key, sealed once", async () => {
    const plain = await storePlainKey();
    const secretKey = await getSecretKey();
    const keys = await Promise.all(Array.from({ length: 6 }, () => loadStoredTrackingKey(db(), secretKey)));
    expect(keys.every((key) => key.equals(plain))).toBe(true);
    expect(await rowReveals(plain)).toBe(false);
    expect((await loadStoredTrackingKey(db(), secretKey)).equals(plain)).toBe(true);
  });

  test("a server with another secret key refuses to start with it, saying what to set, and changes nothing", async () => {
    await db().deleteFrom("trackingKeys").execute();
    const key = await getTrackingKey(db());
    const before = await storedRow();
    await expect(loadStoredTrackingKey(db(), randomBytes(32))).rejects.toThrow(
      /cannot be decrypted with this server's secret key.*MURMUR_SECRET_KEY/,
    );
    expect(await storedRow()).toEqual(before);
    forgetTrackingKey();
    expect((await getTrackingKey(db())).equals(key)).toBe(true);
  });
});

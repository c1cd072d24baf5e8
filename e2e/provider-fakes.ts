import { startTwilioFake } from "../tests/fakes/twilio.ts";

// The server under test calls Twilio where the operator says (TWILIO_BASE_URL), so
// the fake must be up at a known address before any spec sends, and shared by both
// projects running side by side: one fake for the whole run, a thousand ports above
// the app's own so checkouts running their suites at once do not collide.
const port = Number(process.env.E2E_PORT ?? 3100) + 1000;
export const E2E_TWILIO_URL = `http://127.0.0.1:${port}`;

export default async function startProviderFakes(): Promise<() => Promise<void>> {
  const twilio = await startTwilioFake(port);
  return () => twilio.close();
}

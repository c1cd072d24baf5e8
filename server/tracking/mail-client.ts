/** The mail clients the campaign page tells opens apart by, and machines (decision 013). */
export const MAIL_CLIENTS = ["apple_mail", "gmail", "outlook", "other", "machine"] as const;
export type MailClient = (typeof MAIL_CLIENTS)[number];

// Gmail fetches images through its proxy when the reader opens the message, so the
// proxy's User-Agent stands for Gmail (web and apps alike).
const GMAIL = /GoogleImageProxy/i;
// Desktop Outlook names itself (Microsoft Outlook, MSOffice, ms-office); the mobile apps say Outlook-iOS /
// Outlook-Android.
const OUTLOOK = /Microsoft Outlook|MSOffice|ms-office|Outlook-(iOS|Android)/i;
// Apple Mail (macOS, iOS, iPadOS) renders with WebKit and, unlike Safari and the
// other browsers on Apple devices, sends no browser token after "(KHTML, like Gecko)".
const APPLE_DEVICE = /\((Macintosh|iPhone|iPad)[;)]/;
const WEBKIT = /AppleWebKit\//;
const BROWSER = /Safari\/|Chrome\/|CriOS\/|FxiOS\/|EdgiOS\/|Edg\/|Firefox\//;

/**
 * Which mail client an open came from, told from the User-Agent the pixel was fetched
 * with. An open already put down to a machine (bot_open: privacy proxies, scanners) is
 * "machine" whatever it claims to be; a webmail read in a browser is "other", as is
 * anything not recognised. Pure and total: every input gets exactly one client.
 */
export function classifyMailClient(open: { userAgent: string | null; machine: boolean }): MailClient {
  if (open.machine) return "machine";
  const agent = open.userAgent ?? "";
  if (GMAIL.test(agent)) return "gmail";
  if (OUTLOOK.test(agent)) return "outlook";
  if (APPLE_DEVICE.test(agent) && WEBKIT.test(agent) && !BROWSER.test(agent)) return "apple_mail";
  return "other";
}

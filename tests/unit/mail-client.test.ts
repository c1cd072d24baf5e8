import { describe, expect, test } from "vitest";
import { classifyMailClient } from "#server/tracking/mail-client.ts";

// User-Agents as the clients send them when they fetch an open pixel.
const PEOPLE: [string, string][] = [
  ["apple_mail", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)"],
  [
    "apple_mail",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  ],
  [
    "apple_mail",
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  ],
  ["gmail", "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)"],
  ["outlook", "Microsoft Outlook 16.0.17029; Microsoft Outlook 16.0.17029; ms-office; MSOffice 16"],
  ["outlook", "Mozilla/4.0 (compatible; ms-office; MSOffice 16)"],
  ["outlook", "Outlook-iOS/709.2189947.prod.iphone (4.2401.0)"],
  ["outlook", "Outlook-Android/2.0"],
  // Webmail read in a browser: Safari on a Mac is not Apple Mail, Chrome on an iPhone neither.
  [
    "other",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
  ],
  [
    "other",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1",
  ],
  [
    "other",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  ],
  ["other", "Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Thunderbird/115.5.0"],
  ["other", "YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html"],
  ["other", ""],
];

describe("classifyMailClient", () => {
  test.each(PEOPLE)("a person's open is %s for %s", (client, userAgent) => {
    expect(classifyMailClient({ userAgent, machine: false })).toBe(client);
  });

  test("an open put down to a machine is machine, whatever the User-Agent claims", () => {
    expect(classifyMailClient({ userAgent: "Mozilla/5.0", machine: true })).toBe("machine");
    expect(classifyMailClient({ userAgent: PEOPLE[0]![1], machine: true })).toBe("machine");
    expect(classifyMailClient({ userAgent: PEOPLE[3]![1], machine: true })).toBe("machine");
    expect(classifyMailClient({ userAgent: null, machine: true })).toBe("machine");
  });

  test("no User-Agent from a person is other", () => {
    expect(classifyMailClient({ userAgent: null, machine: false })).toBe("other");
  });
});

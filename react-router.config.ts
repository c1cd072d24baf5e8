import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server so forms and links work without JavaScript.
  ssr: true,
  // The whole route manifest as one cached file, rather than each page inlining the
  // part of it its links may need (computed and serialised on every render) and the
  // browser asking the server for more as new links appear.
  routeDiscovery: { mode: "initial" },
} satisfies Config;

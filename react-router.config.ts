import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server so forms and links work without JavaScript.
  ssr: true,
} satisfies Config;

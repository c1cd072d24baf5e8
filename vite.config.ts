import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our Express app, so the app's routes and the
  // domain modules they import share one module graph (one database pool).
  environments: {
    ssr: {
      // Bundled rather than imported from node_modules at run time, so that only what
      // is used is loaded: lucide-react's index holds every icon (some 1,700) and
      // chrono-node's every language; together 12 MB of heap in every server process
      // (docs/decisions/018-process-memory.md).
      resolve: { noExternal: ["lucide-react", "chrono-node"] },
      build: {
        rollupOptions: { input: "./server/http/app.ts" },
      },
    },
  },
  server: { port: 3000 },
  plugins: [tailwindcss(), reactRouter()],
});

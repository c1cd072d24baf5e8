import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is our Express app, so the app's routes and the
  // domain modules they import share one module graph (one database pool).
  environments: {
    ssr: {
      resolve: { noExternal: ["lucide-react", "chrono-node"] },
      build: {
        rollupOptions: { input: "./server/http/app.ts" },
      },
    },
  },
  server: { port: 3000 },
  plugins: [tailwindcss(), reactRouter()],
});

import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Emits the render threads' entry as build/server/render-worker.js, beside the server
 * bundle's index.js, which tells the render pool where it is (app/http/app.ts).
 * A file of its own, so a render thread loads Liquid and the content modules only.
 */
function renderWorkerEntry(): Plugin {
  return {
    name: "murmur:render-worker-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      this.emitFile({ type: "chunk", id: "./server/content/render-worker.ts", fileName: "render-worker.js" });
    },
  };
}

/** Folders that hold code for the server only: the domain, the database, and the router's server side. */
const SERVER_ONLY_FOLDERS = ["server", "db", "app/http"];

/**
 * Fails the browser build when it would take in a module of server/, db/ or app/http/:
 * they hold secrets, SQL and Node-only code, and a component or client library that
 * needs something of theirs should find it in shared/. Route modules may import them,
 * since React Router leaves loaders, actions and what only they use out of the
 * browser's bundle before anything is resolved. Type-only imports leave no code behind.
 */
function refuseServerModulesInBrowser(): Plugin {
  const folders = SERVER_ONLY_FOLDERS.map((folder) => path.resolve(folder) + path.sep);
  return {
    name: "murmur:refuse-server-modules-in-browser",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith("\0")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && folders.some((folder) => resolved.id.startsWith(folder))) {
        const from = path.relative(process.cwd(), importer);
        const to = path.relative(process.cwd(), resolved.id);
        this.error(
          `${from} imports ${to}, which is server-only (${SERVER_ONLY_FOLDERS.join("/, ")}/) and must not reach the browser; code both sides need lives in shared/.`,
        );
      }
      return resolved;
    },
  };
}

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
        rollupOptions: { input: "./app/http/app.ts" },
      },
    },
  },
  server: {
    port: 3000,
    fs: {
      // `npm run dev` serves files under the project through Vite, and .data/ holds the
      // generated secret key and the embedded PostgreSQL's files. Vite's own defaults
      // (.env, keys, .git) are kept, since this list replaces them.
      deny: [".env", ".env.*", "*.{crt,pem}", "**/.git/**", "**/.data/**", ...dataDirPatterns(process.env.DATA_DIR)],
    },
  },
  plugins: [refuseServerModulesInBrowser(), tailwindcss(), reactRouter(), renderWorkerEntry()],
});

/**
 * DATA_DIR, when it names another folder, denied as .data/ is (anywhere outside the project Vite does not serve
 * anyway).
 */
function dataDirPatterns(dataDir: string | undefined): string[] {
  if (!dataDir) return [];
  const absolute = path.resolve(dataDir).split(path.sep).join("/");
  return [absolute, `${absolute}/**`];
}

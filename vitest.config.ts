import { defineConfig } from "vitest/config";

// Integration tests run against a real PostgreSQL: one embedded server per run,
// a migrated template database, and a clone of it for each test file's worker
// (tests/setup). No Vite plugins: route modules are plain server code here.
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: ["e2e/**", "node_modules/**", "build/**", ".data/**"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/database.ts"],
    env: { NODE_ENV: "test" },
    // The JSON report feeds the one-line summary that .ci/run prints.
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
    // Starting PostgreSQL and argon2 hashing take longer than Vitest's defaults allow on a cold machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});

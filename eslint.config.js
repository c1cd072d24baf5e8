import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".data/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Migrations are typed against Kysely<any> on purpose: they must not depend on today's schema types.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // Code the browser runs: what it needs of the server's side lives in shared/ (the
    // client build refuses these folders too, vite.config.ts). Types leave no code behind.
    files: ["app/components/**", "app/lib/**", "shared/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^#(server|db)/|(^|/)(server|db|http)/",
              allowTypeImports: true,
              message: "Server-only code (server/, db/, app/http/) must not reach the browser: move what both sides need to shared/.",
            },
          ],
        },
      ],
    },
  },
);

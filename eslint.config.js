import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Imports between top-level folders use the package.json aliases (#app/*, #server/*,
// #shared/*, #db/*, #migrations/*), so a file reads the same wherever it moves and
// `../../../` never has to be counted; `./` stays for a file's own folder.
const ALIASED = ["app", "server", "shared", "db", "migrations"];
const useAliases = {
  regex: `^(\\.\\./)+(${ALIASED.join("|")})/`,
  message: "Import through the alias (#app/*, #server/*, #shared/*, #db/*, #migrations/*) rather than ../",
};
const useAliasesInside = {
  regex: "^\\.\\./",
  message:
    "Import another folder through its alias (#app/*, #server/*, #shared/*, #db/*, #migrations/*) rather than ../",
};

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
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [useAliases] }],
    },
  },
  {
    files: ALIASED.map((folder) => `${folder}/**`),
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [useAliasesInside] }] },
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
            useAliasesInside,
            {
              regex: "^#(server|db)/|(^|/)(server|db|http)/",
              allowTypeImports: true,
              message:
                "Server-only code (server/, db/, app/http/) must not reach the browser: move what both sides need to shared/.",
            },
          ],
        },
      ],
    },
  },
);

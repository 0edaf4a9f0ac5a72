// The pages' lint: ESLint's recommended rules (an undefined name, an unused variable, a
// duplicate key, unreachable code...) and a few more that catch mistakes, never style.
// Browser globals only: the pages are ES modules loaded by <script type="module">, no build step.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      "no-unused-vars": ["error", { args: "none", ignoreRestSiblings: true }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": "error",
      "no-duplicate-imports": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "array-callback-return": "error",
      "no-constructor-return": "error",
    },
  },
];

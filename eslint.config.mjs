import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", "data/**", "dist/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      // Unused names prefixed with _ are deliberate (destructuring to drop a field).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    // A refused password must carry aria-invalid like every other field (forms/password-field.tsx).
    files: ["src/**/*.tsx"],
    ignores: ["src/components/forms/password-field.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@mantine/core", importNames: ["PasswordInput"], message: "Use PasswordField from src/components/forms/password-field (it sets aria-invalid)." }] }],
    },
  },
];

export default config;

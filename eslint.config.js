import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Import circles, type imports included, are `npm run check:circles` (dpdm): import-x/no-cycle skips type-only
// imports whatever its options, and took about 60 % of this lint's time.
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.courtside/**',
      '**/.cache/**',
      'test-results/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);

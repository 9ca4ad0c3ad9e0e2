import { describe, expect, it } from 'vitest';
import en from '../../../locales/en';
import nl from '../../../locales/nl';
import type { TFunction } from '../../../lib/i18n';
import { newPasswordField } from './account-fields';

/** A `t` that reads one language's texts, as the page does. */
const textsOf =
  (texts: object): TFunction =>
  (key) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;

describe('a new password on the account forms', () => {
  it('refuses a most used password and one character repeated, in the page’s language (DESIGN.md §19)', () => {
    const messageOf = (t: TFunction, password: string) =>
      newPasswordField(t)
        .safeParse(password)
        .error?.issues.map((issue) => issue.message);

    expect(messageOf(textsOf(en), 'qwertyuiop')).toEqual([en.register.passwordGuessable]);
    expect(messageOf(textsOf(nl), 'aaaaaaaaaaaa')).toEqual([nl.register.passwordGuessable]);
    expect(nl.register.passwordGuessable).toMatch(/te makkelijk te raden/);
    expect(messageOf(textsOf(en), 'short')).toEqual([en.register.passwordMin]);
    expect(messageOf(textsOf(nl), 'a good long password')).toBeUndefined();
  });
});

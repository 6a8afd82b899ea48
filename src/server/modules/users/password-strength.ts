import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * Password strength by estimated guessability (zxcvbn-ts with common and English
 * dictionaries), not by composition rules. Length limits live in the shared schema.
 */
zxcvbnOptions.setOptions({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/** zxcvbn's scale 0-4: 3 is 'safely unguessable: moderate protection from offline attacks'. */
export const MIN_PASSWORD_SCORE = 3;

/** Why the password is too weak, or null when it is strong enough. */
export function passwordWeakness(password: string, userName: string): string | null {
  const name = userName.trim().toLowerCase();
  const lowered = password.toLowerCase();
  if (name && lowered === name) return 'Password must not be the same as the username';
  if (name && lowered.includes(name)) return 'Password must not contain the username';
  const result = zxcvbn(password, [name]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const hints = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (hint): hint is string => Boolean(hint),
  );
  return ['Password is too easy to guess.', ...hints].join(' ');
}

import type { zxcvbn as Zxcvbn, ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * Password strength by estimated guessability (zxcvbn-ts with common and English
 * dictionaries), not by composition rules. Length limits live in the shared schema.
 *
 * It runs on the server's event loop for a public call, so its cost must stay bounded:
 * zxcvbn-ts's own l33t matcher explodes on crafted input (seconds for 32 characters of
 * '$@0!' mixes), so it is switched off and replaced by one cheap pass that undoes common
 * substitutions ('P@$$w0rd' is also scored as 'Password'), and only the first 64
 * characters are examined (a longer password is not short of guesses).
 *
 * The dictionaries take about 40 MB once loaded, in every server process: they are loaded
 * by the first password checked, not at start (most processes never check one).
 */
let estimator: Promise<typeof Zxcvbn> | undefined;

function loadEstimator(): Promise<typeof Zxcvbn> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, english]) => {
    core.zxcvbnOptions.setOptions({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
      l33tMaxSubstitutions: 0,
      maxLength: 64,
    });
    return core.zxcvbn;
  });
  return estimator;
}

/** zxcvbn's scale 0-4: 3 is 'safely unguessable: moderate protection from offline attacks'. */
export const MIN_PASSWORD_SCORE = 3;

const L33T: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '(': 'c',
  '3': 'e',
  '6': 'g',
  '9': 'g',
  '1': 'i',
  '!': 'i',
  '|': 'l',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '2': 'z',
  '%': 'x',
};
const unl33t = (password: string) => password.replace(/[@48(36910!|$57+2%]/g, (c) => L33T[c]!);

/** Why the password is too weak, or null when it is strong enough. */
export async function passwordWeakness(password: string, userName: string): Promise<string | null> {
  const name = userName.trim().toLowerCase();
  const lowered = password.toLowerCase();
  if (name && lowered === name) return 'Password must not be the same as the username';
  if (name && lowered.includes(name)) return 'Password must not contain the username';

  const zxcvbn = await loadEstimator();
  const results: ZxcvbnResult[] = [zxcvbn(password, [name])];
  const plain = unl33t(password);
  if (plain !== password) results.push(zxcvbn(plain, [name]));
  const weakest = results.reduce((a, b) => (b.score < a.score ? b : a));
  if (weakest.score >= MIN_PASSWORD_SCORE) return null;

  const hints = [weakest.feedback.warning, ...weakest.feedback.suggestions].filter(
    (hint): hint is string => Boolean(hint),
  );
  return ['Password is too easy to guess.', ...hints].join(' ');
}

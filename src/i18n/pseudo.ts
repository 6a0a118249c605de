/**
 * Pseudo-localisation for the development and test locale `en-XA` (src/i18n/locales.ts): Latin
 * letters swapped for accented look-alikes and each text padded by about 30%, inside brackets, so an
 * untranslated string (plain ASCII) or a clipped one (no closing bracket) shows at once.
 * Placeholders and plural forms are kept. It may compile at run time, so only the development server,
 * tests and stories load it.
 */
import { compileMessage, type CompiledMessage, type CompiledMessageToken } from '@lingui/message-utils/compileMessage'

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ľ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ľ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
}

/** One text run: accented, and about 30% longer (a tilde per three letters). */
export function pseudoText(text: string): string {
  const letters = text.replace(/[^A-Za-z]/g, '').length
  return [...text].map((ch) => ACCENTED[ch] ?? ch).join('') + '~'.repeat(Math.ceil(letters * 0.3))
}

/** A message (its source, or compiled at build time) with its text runs pseudo-localised, in brackets. */
export function pseudoMessage(message: string | CompiledMessage): CompiledMessage {
  const compiled = typeof message === 'string' ? compileMessage(message, pseudoText) : mapTokens(message)
  return ['[', ...compiled, ']']
}

/** Pseudo-localises the text runs of compiled tokens, keeping placeholders and plural `#`. */
function mapTokens(tokens: CompiledMessage): CompiledMessage {
  return tokens.map((token): CompiledMessageToken => {
    if (typeof token === 'string') return token === '#' ? token : pseudoText(token)
    const [name, type, format] = token
    if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format && typeof format === 'object') {
      const forms: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(format)) forms[key] = Array.isArray(value) ? mapTokens(value as CompiledMessage) : value
      return [name, type, forms]
    }
    return token
  })
}

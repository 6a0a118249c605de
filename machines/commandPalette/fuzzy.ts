/**
 * The command palette's fuzzy matcher: the palette's list is filtered as you type, with fuzzy
 * matching. No library is installed for it and none is added (docs/decisions.md): the
 * list is a few dozen short titles, so a small scorer does, and its ranking is ours to tune.
 *
 * Rules, for each whitespace-separated word of the query (every word must match somewhere):
 * - text is compared case- and accent-insensitively (`Équipe` matches `equipe`);
 * - a whole-text match beats a prefix, which beats a word-start substring, which beats any
 *   substring, which beats a subsequence ("tmm" in "Team Members");
 * - a subsequence scores more for letters at word starts and for runs of consecutive letters,
 *   and less for the gaps between them;
 * - the primary text (the title) counts fully; secondary texts (section, keywords) count half.
 */

/** Lower case without accents, for comparing. */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()
}

const isWordStart = (text: string, i: number): boolean => i === 0 || /[\s/\-_.·›(]/.test(text[i - 1] ?? '')

/**
 * The score of one query word against one text (both already normalized), or null when the
 * word is not in the text even as a subsequence. Higher is better; always above 0 on a match.
 */
export function scoreWord(word: string, text: string): number | null {
  if (word === '') return 1
  if (text === word) return 1000
  if (text.startsWith(word)) return 900 - Math.min(text.length - word.length, 99)
  const at = text.indexOf(word)
  if (at >= 0) {
    for (let i = at; i >= 0; i = text.indexOf(word, i + 1)) if (isWordStart(text, i)) return 800 - Math.min(i, 99)
    return 700 - Math.min(at, 99)
  }
  // Subsequence: greedy from the left, preferring a word start over an earlier mid-word letter.
  let score = 0
  let from = 0
  let previous = -2
  for (const letter of word) {
    let found = -1
    for (let i = from; i < text.length; i++) {
      if (text[i] !== letter) continue
      if (found < 0) found = i
      if (i === previous + 1 || isWordStart(text, i)) {
        found = i
        break
      }
    }
    if (found < 0) return null
    score += 10 + (isWordStart(text, found) ? 20 : 0) + (found === previous + 1 ? 15 : 0) - Math.min(found - from, 10)
    previous = found
    from = found + 1
  }
  return Math.max(1, Math.min(score, 600))
}

/**
 * The score of `query` against an item's texts: the sum over the query's words of each word's
 * best score in `primary` (full weight) or `secondary` (half weight); null when a word matches
 * nowhere. An empty query scores 0 for everything (all items match, in their own order).
 */
export function fuzzyScore(query: string, primary: string, secondary: ReadonlyArray<string> = []): number | null {
  const words = normalize(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return 0
  const main = normalize(primary)
  const others = secondary.map(normalize)
  let total = 0
  for (const word of words) {
    let best = scoreWord(word, main)
    for (const other of others) {
      const s = scoreWord(word, other)
      if (s !== null && (best === null || s / 2 > best)) best = s / 2
    }
    if (best === null) return null
    total += best
  }
  return total
}

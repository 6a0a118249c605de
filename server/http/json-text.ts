/**
 * Answers whose JSON text a statement already wrote (the notifications list and
 * verify-token): sent with the header hono's `c.json` sets, so a client cannot tell them apart.
 * `c.body(text, 200, JSON_CONTENT_TYPE)`.
 */
export const JSON_CONTENT_TYPE: Readonly<Record<'Content-Type', string>> = { 'Content-Type': 'application/json' }

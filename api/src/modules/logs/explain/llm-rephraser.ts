import type { ExplainProvider, Explanation } from '@syncdesk/integrations';

/** Rephrases an explanation in friendlier words, or answers null (then the deterministic text stands). */
export type ExplanationRephraser = (
  explanation: Explanation,
  context: { provider: ExplainProvider; type: string },
) => Promise<{ cause: string; fix: string } | null>;

/**
 * The optional LLM step (LOG_EXPLAINER_LLM_URL, off by default): POSTs `{cause, fix, action,
 * provider, type}` and expects `{cause, fix}` back within `timeoutMs`. Any failure, a slow answer or
 * an odd shape falls back to the deterministic words: the explanation never depends on it.
 */
export function createLlmRephraser(url: string, timeoutMs = 3000): ExplanationRephraser {
  return async (explanation, context) => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...explanation, ...context }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { cause?: unknown; fix?: unknown };
      const usable = (text: unknown): text is string =>
        typeof text === 'string' && text.trim() !== '' && text.length <= 2000;
      return usable(body.cause) && usable(body.fix)
        ? { cause: body.cause.trim(), fix: body.fix.trim() }
        : null;
    } catch {
      return null;
    }
  };
}

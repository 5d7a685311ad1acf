import { useEffect, useState } from 'react';

import type { RuleRunDto } from '@syncdesk/contracts';
import { useRealtimeEvent } from '@syncdesk/web-kit';

import { getRuleRun } from './rules.api';

/**
 * A run of rules over many orders (trigger-rules or a backfill), kept up to date from the
 * 'rules:run' events of its store. The run is read once when it starts too, since a short run can
 * finish before the page has heard of it.
 */
export function useRuleRun(started: RuleRunDto | null): RuleRunDto | null {
  const [run, setRun] = useState<RuleRunDto | null>(started);
  useEffect(() => {
    setRun(started);
    if (!started) return undefined;
    let active = true;
    getRuleRun(started.id)
      .then((fetched) => active && setRun((current) => newer(current, fetched)))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [started]);
  useRealtimeEvent('rules:run', (event) => {
    if (started && event.run.id === started.id) setRun((current) => newer(current, event.run));
  });
  return run;
}

/** Events and the read may arrive in any order: never step back. */
function newer(current: RuleRunDto | null, candidate: RuleRunDto): RuleRunDto {
  if (!current) return candidate;
  if (isFinished(current) && !isFinished(candidate)) return current;
  return candidate.done >= current.done || isFinished(candidate) ? candidate : current;
}

export function isFinished(run: RuleRunDto): boolean {
  return run.status === 'finished' || run.status === 'failed';
}

/** "42 of 100 orders checked, 7 changed." */
export function ruleRunSummary(run: RuleRunDto): string {
  if (run.status === 'failed') return run.message ?? 'The run stopped with an error.';
  const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;
  const parts = [
    isFinished(run)
      ? `Done: ${orders(run.done)} checked, ${run.changed} changed.`
      : `${run.done} of ${orders(run.total)} checked, ${run.changed} changed so far.`,
  ];
  if (run.failed > 0)
    parts.push(`${orders(run.failed)} could not be checked${run.message ? `: ${run.message}` : '.'}`);
  return parts.join(' ');
}

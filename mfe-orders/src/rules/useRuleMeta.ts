import { useEffect, useState } from 'react';

import {
  listActions,
  listConditionFields,
  listTriggerEvents,
  type ActionOption,
  type ConditionFieldOption,
  type TriggerEventOption,
} from './rules.api';

export interface RuleMeta {
  triggerEvents: TriggerEventOption[];
  conditionFields: ConditionFieldOption[];
  actions: ActionOption[];
}

/**
 * What the editor offers, from the api (trigger events, condition fields with their operators,
 * actions with their options), so the form follows the server's vocabulary. Null until loaded.
 */
export function useRuleMeta(): { meta: RuleMeta | null; failed: boolean } {
  const [meta, setMeta] = useState<RuleMeta | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    Promise.all([listTriggerEvents(), listConditionFields(), listActions()])
      .then(([triggerEvents, conditionFields, actions]) => {
        if (active) setMeta({ triggerEvents, conditionFields, actions });
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, []);
  return { meta, failed };
}

import { useEffect, useState } from 'react';
import { Alert, Skeleton, Timeline, Typography } from 'antd';

import type { RuleVersionDto } from '@syncdesk/contracts';
import { formatDate } from '@syncdesk/web-kit';

import { listRuleVersions } from './rules.api';

/** Every save of the rule, newest first, with what each save changed. `version` refetches after a save. */
export function RuleVersionHistory({ ruleId, version }: { ruleId: string; version: number }) {
  const [versions, setVersions] = useState<RuleVersionDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    listRuleVersions(ruleId)
      .then((loaded) => active && setVersions(loaded))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [ruleId, version]);

  if (failed) return <Alert type="error" showIcon title="The history could not be loaded." />;
  if (!versions) return <Skeleton active />;
  return (
    <Timeline
      items={versions.map((entry) => ({
        key: entry.version,
        content: (
          <>
            <Typography.Text strong>Version {entry.version}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              {formatDate(entry.saved_at)}
              {entry.saved_by ? ` · ${entry.saved_by}` : ''}
            </Typography.Text>
            <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {(entry.changes.length > 0 ? entry.changes : ['Created the rule.']).map((change, index) => (
                <li key={index}>{change}</li>
              ))}
            </ul>
          </>
        ),
      }))}
    />
  );
}

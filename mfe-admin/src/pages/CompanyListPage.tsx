import { useState, type CSSProperties } from 'react';
import { MoreOutlined } from '@ant-design/icons';
import { Button, Drawer, Dropdown, Modal, Tag, Typography, type MenuProps } from 'antd';

import { PLAN_ACTIONS, SUCCESS_MESSAGES, type CompanyDto, type PlanAction } from '@syncdesk/contracts';
import {
  DataTable,
  formatDate,
  notifySuccess,
  PageHeader,
  switchCompany,
  useListQuery,
  useSessionUser,
  type DataTableColumn,
} from '@syncdesk/web-kit';

import {
  COMPANIES_PATH,
  deleteCompany,
  pushDhlChanges,
  setCompanyPlan,
  updateCompany,
} from '../api/companies.api';
import { CompanyForm } from '../components/CompanyForm';
import { useCan } from '../hooks/useCan';

const ONE_LINE: CSSProperties = {
  display: 'block',
  maxWidth: 260,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

const PLAN_LABELS: Record<PlanAction, string> = {
  force_plan: 'Force plan',
  free_plan: 'Free plan',
  trial_plan: 'Trial plan',
};

/** Companies the user belongs to (administrators: all), with switching and the admin actions. */
export function CompanyListPage() {
  const user = useSessionUser();
  const can = useCan();
  const query = useListQuery<CompanyDto>(COMPANIES_PATH);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CompanyDto | null>(null);
  const [switchingId, setSwitchingId] = useState<number | null>(null);
  // Hook-based dialogs render inside the app's providers (theme), unlike the static Modal.confirm.
  const [modal, contextHolder] = Modal.useModal();
  const administrator = Boolean(user?.administrator);

  /** Every destructive or account-changing action goes through one confirmation. */
  const confirm = (title: string, content: string, okText: string, action: () => Promise<unknown>) => {
    void modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger: okText === 'Delete' || okText === 'Deactivate' },
      onOk: async () => {
        try {
          await action();
          query.reload();
        } catch {
          // The api client's error handler has shown the server's refusal.
        }
      },
    });
  };

  const switchTo = async (company: CompanyDto) => {
    setSwitchingId(company.id);
    try {
      // switchCompany shows 'Switched to company …', tells the other tabs and goes to /.
      await switchCompany(company.id);
    } catch {
      // Notified by the api client's error handler.
    } finally {
      setSwitchingId(null);
    }
  };

  /**
   * One menu per row instead of a row of buttons: switching, editing, and for administrators the
   * account actions. Everything that changes or removes a company still asks first (`confirm`).
   */
  const actionItems = (company: CompanyDto): MenuProps['items'] => {
    const current = user?.company_id === company.id;
    return [
      {
        key: 'switch',
        label: current ? 'Current company' : 'Switch to this company',
        disabled: current,
      },
      ...(can('general.update') ? [{ key: 'edit', label: 'Edit' }] : []),
      ...(administrator
        ? [
            { type: 'divider' as const },
            { key: 'toggle-active', label: company.is_active ? 'Deactivate' : 'Activate' },
            {
              type: 'group' as const,
              key: 'plan',
              label: 'Plan',
              children: PLAN_ACTIONS.map((action) => ({ key: action, label: PLAN_LABELS[action] })),
            },
            { key: 'push-dhl', label: 'Push DHL changes' },
          ]
        : []),
      ...(can('general.delete')
        ? [{ type: 'divider' as const }, { key: 'delete', label: 'Delete', danger: true }]
        : []),
    ];
  };

  const runAction = (company: CompanyDto, key: string) => {
    if ((PLAN_ACTIONS as readonly string[]).includes(key)) {
      const action = key as PlanAction;
      confirm(
        `${PLAN_LABELS[action]} for ${company.name}?`,
        'This changes the company’s subscription in the accounts system.',
        PLAN_LABELS[action],
        async () => {
          await setCompanyPlan(company.id, action);
          notifySuccess(SUCCESS_MESSAGES.updated);
        },
      );
      return;
    }
    switch (key) {
      case 'switch':
        void switchTo(company);
        return;
      case 'edit':
        setEditing(company);
        return;
      case 'toggle-active':
        if (company.is_active) {
          confirm(
            `Deactivate ${company.name}?`,
            'Its users can no longer work in it until it is activated again.',
            'Deactivate',
            async () => {
              await updateCompany(company.id, { is_active: false });
              notifySuccess(SUCCESS_MESSAGES.updated);
            },
          );
        } else {
          confirm(`Activate ${company.name}?`, 'Its users can work in it again.', 'Activate', async () => {
            await updateCompany(company.id, { is_active: true });
            notifySuccess(SUCCESS_MESSAGES.updated);
          });
        }
        return;
      case 'push-dhl':
        confirm(
          `Push DHL changes to ${company.name}?`,
          'Its channel couriers linked to DHL take the current DHL names; custom names stay as they are.',
          'Push',
          async () => {
            const { updated } = await pushDhlChanges(company.id);
            notifySuccess(
              `DHL changes pushed: ${updated} ${updated === 1 ? 'courier' : 'couriers'} updated.`,
            );
          },
        );
        return;
      case 'delete':
        confirm(`Delete ${company.name}?`, 'This cannot be undone.', 'Delete', async () => {
          await deleteCompany(company.id);
          notifySuccess(SUCCESS_MESSAGES.deleted);
        });
        return;
      default:
        return;
    }
  };

  const columns: DataTableColumn<CompanyDto>[] = [
    { key: 'name', title: 'Name', dataIndex: 'name', sorter: true },
    {
      key: 'owner_name',
      title: 'Owner',
      render: (_value, company) => (
        <>
          <div>{company.owner_name ?? '—'}</div>
          {company.owner_email ? (
            // An address never breaks mid-word: one line, cut with an ellipsis, whole on hover.
            <Typography.Text type="secondary" title={company.owner_email} style={ONE_LINE}>
              {company.owner_email}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    { key: 'stores_count', title: 'Stores', dataIndex: 'stores_count', align: 'right' },
    { key: 'channels_count', title: 'Channels', dataIndex: 'channels_count', align: 'right' },
    { key: 'plugins_count', title: 'Plugins', dataIndex: 'plugins_count', align: 'right' },
    { key: 'webhooks_count', title: 'Webhooks', dataIndex: 'webhooks_count', align: 'right' },
    { key: 'plan_name', title: 'Plan', dataIndex: 'plan_name', render: (plan: string | null) => plan ?? '—' },
    {
      key: 'is_active',
      title: 'Status',
      dataIndex: 'is_active',
      render: (active: boolean) => (active ? <Tag color="success">Active</Tag> : <Tag>Inactive</Tag>),
    },
    {
      key: 'created_at',
      title: 'Created',
      dataIndex: 'created_at',
      sorter: true,
      render: (value: string) => formatDate(value),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_value, company) => (
        <Dropdown
          trigger={['click']}
          destroyOnHidden
          menu={{ items: actionItems(company), onClick: ({ key }) => runAction(company, key) }}
        >
          <Button
            size="small"
            icon={<MoreOutlined />}
            loading={switchingId === company.id}
            aria-label={`Actions for ${company.name}`}
          />
        </Dropdown>
      ),
    },
  ];

  return (
    <>
      {contextHolder}
      <PageHeader
        title="Companies"
        actions={
          <Button type="primary" onClick={() => setCreating(true)}>
            Create company
          </Button>
        }
      />
      <DataTable
        tableKey="admin.companies"
        label="Companies"
        query={query}
        columns={columns}
        searchPlaceholder="Search companies"
        emptyText="No companies yet"
        emptyAction={<Button onClick={() => setCreating(true)}>Create a company</Button>}
      />
      <Modal
        open={creating}
        title="Create company"
        footer={null}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <CompanyForm
          onCancel={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            query.reload();
          }}
        />
      </Modal>
      <Drawer open={editing !== null} title="Edit company" onClose={() => setEditing(null)} destroyOnHidden>
        {editing ? (
          <CompanyForm
            company={editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              query.reload();
            }}
          />
        ) : null}
      </Drawer>
    </>
  );
}

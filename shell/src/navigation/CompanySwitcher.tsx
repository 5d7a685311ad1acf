import { useCallback, useEffect, useState } from 'react';
import { Select } from 'antd';
import type { CompanyDto, SessionUser } from '@syncdesk/contracts';
import { apiClient, switchCompany, useRealtimeEvent } from '@syncdesk/web-kit';

/** The switcher lists at most this many companies (one page of `GET /companies`). */
export const COMPANY_SWITCHER_PAGE_SIZE = 100;

interface CompanyOption {
  value: number;
  label: string;
}

/**
 * The companies the user belongs to (administrators: all), current one selected; choosing another
 * switches the session to it (new token, other tabs follow, back to `/`).
 */
export function CompanySwitcher({ user }: { user: SessionUser }) {
  const [options, setOptions] = useState<CompanyOption[]>([]);
  const [loading, setLoading] = useState(true);
  const [switching, setSwitching] = useState(false);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const response = await apiClient.get<{ data: CompanyDto[] }>(
        '/companies',
        { per_page: COMPANY_SWITCHER_PAGE_SIZE },
        { signal },
      );
      setOptions(response.data.map((company) => ({ value: company.id, label: company.name })));
    } catch {
      // The shared client already notified; the switcher keeps the current company only.
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, user.company_id]);

  // Another device of this user switched: memberships may have changed, so the list is refreshed.
  useRealtimeEvent('company:switched', () => void load());

  // Until the list arrives (or when it fails) the current company is still shown by name.
  const shown = options.some((option) => option.value === user.company_id)
    ? options
    : [{ value: user.company_id, label: user.company }, ...options];

  const onChange = (companyId: number) => {
    if (companyId === user.company_id) return;
    setSwitching(true);
    switchCompany(companyId)
      .catch(() => undefined)
      .finally(() => setSwitching(false));
  };

  return (
    <span data-testid="company-switcher">
      <Select<number>
        aria-label="Company"
        value={user.company_id}
        options={shown}
        loading={loading || switching}
        disabled={switching}
        onChange={onChange}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 200 }}
        popupMatchSelectWidth={false}
      />
    </span>
  );
}

import { fireEvent, render as renderInDocument, screen, waitFor, within } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';

import { DataTable, type DataTableColumn } from '../DataTable';
import { useListQuery } from '../useListQuery';
import { useSelection } from '../useSelection';
import { listBody, stubFetch } from '../testing/fetch-routes';

interface UserRow {
  id: number;
  name: string;
  email: string;
}

const COLUMNS: DataTableColumn<UserRow>[] = [
  { key: 'name', title: 'Name', dataIndex: 'name', sorter: true },
  { key: 'email', title: 'E-mail', dataIndex: 'email' },
  { key: 'created_at', title: 'Created', dataIndex: 'created_at' },
];

const ROWS: UserRow[] = [
  { id: 1, name: 'Ada', email: 'ada@example.com' },
  { id: 2, name: 'Brian', email: 'brian@example.com' },
];

function UsersTable({ selectable = false }: { selectable?: boolean }) {
  const query = useListQuery<UserRow>('/users');
  const selection = useSelection(query.total);
  return (
    <DataTable
      tableKey="test.users"
      label="Users"
      query={query}
      columns={COLUMNS}
      searchPlaceholder="Search users"
      selection={selectable ? selection : undefined}
      bulkActions={<span data-testid="selection">{JSON.stringify(selection.selection)}</span>}
      emptyText="No users yet"
      emptyAction={<Button>Invite a user</Button>}
    />
  );
}

/** Without antd's motion: popovers open at once instead of animating in jsdom. */
function render(element: ReactElement) {
  return renderInDocument(
    <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>{element}</ConfigProvider>,
  );
}

// Queries by label and by element, not by role: computing roles over an antd table in jsdom costs
// seconds per query on a busy machine, and these tests check behaviour, not the accessibility tree
// (which the Playwright tests see in a real browser).
function headerTitles() {
  return [...document.querySelectorAll('thead th')].map((cell) => cell.textContent);
}

beforeEach(() => localStorage.clear());

describe('DataTable', () => {
  it('renders the rows and the total', async () => {
    stubFetch({ 'GET /users': listBody(ROWS, 2) });
    render(<UsersTable />);
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.getByText('Brian')).toBeInTheDocument();
    expect(screen.getByText('Total 2')).toBeInTheDocument();
  });

  it('pages and sorts on the server', async () => {
    const api = stubFetch({ 'GET /users': listBody(ROWS, 60) });
    render(<UsersTable />);
    await screen.findByText('Ada');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('page')).toBe('2'));
    fireEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('sort_by')).toBe('name'));
    expect(api.requests.at(-1)?.query.get('sort_direction')).toBe('asc');
    expect(api.requests.at(-1)?.query.get('page')).toBe('1');
  });

  it('searches from the search box', async () => {
    const api = stubFetch({ 'GET /users': listBody(ROWS) });
    render(<UsersTable />);
    await screen.findByText('Ada');
    const box = screen.getByLabelText('Search users');
    fireEvent.change(box, { target: { value: 'ada' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.requests.at(-1)?.query.get('search')).toBe('ada'));
  });

  it('shows the empty state with its call to action', async () => {
    stubFetch({ 'GET /users': listBody([]) });
    render(<UsersTable />);
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.getByText('Invite a user')).toBeInTheDocument();
  });

  it("persists column visibility and order under 'dc-columns'", async () => {
    stubFetch({ 'GET /users': listBody(ROWS) });
    const { unmount } = render(<UsersTable />);
    await screen.findByText('Ada');
    fireEvent.click(screen.getByLabelText('Column settings'));
    fireEvent.click(await screen.findByLabelText('E-mail'));
    expect(headerTitles()).toEqual(['Name', 'Created']);
    fireEvent.click(screen.getByLabelText('Move Created up'));
    fireEvent.click(screen.getByLabelText('Move Created up'));
    expect(headerTitles()).toEqual(['Created', 'Name']);
    expect(JSON.parse(localStorage.getItem('dc-columns') ?? '{}')).toEqual({
      'test.users': { order: ['created_at', 'name', 'email'], hidden: ['email'] },
    });
    unmount();
    render(<UsersTable />);
    await screen.findByText('Ada');
    expect(headerTitles()).toEqual(['Created', 'Name']);
  });

  it('keeps other tables in the same key and ignores broken storage', async () => {
    localStorage.setItem('dc-columns', '{not json');
    stubFetch({ 'GET /users': listBody(ROWS) });
    render(<UsersTable />);
    await screen.findByText('Ada');
    expect(headerTitles()).toEqual(['Name', 'E-mail', 'Created']);
    localStorage.setItem('dc-columns', JSON.stringify({ other: { order: ['a'], hidden: [] } }));
    fireEvent.click(screen.getByLabelText('Column settings'));
    fireEvent.click(await screen.findByLabelText('Created'));
    expect(Object.keys(JSON.parse(localStorage.getItem('dc-columns') ?? '{}'))).toEqual([
      'other',
      'test.users',
    ]);
  });

  it('selects all N rows of the query, excludes unchecked ones and clears', async () => {
    stubFetch({ 'GET /users': listBody(ROWS, 60) });
    render(<UsersTable selectable />);
    await screen.findByText('Ada');
    const row = screen.getByText('Ada').closest('tr') as HTMLElement;
    fireEvent.click(row.querySelector('input[type=checkbox]') as HTMLInputElement);
    const bar = screen.getByLabelText('Selection');
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByTestId('selection')).toHaveTextContent('{"mode":"ids","ids":[1]}');

    fireEvent.click(within(bar).getByText('Select all 60'));
    expect(within(bar).getByText('60 selected')).toBeInTheDocument();
    expect(screen.getByTestId('selection')).toHaveTextContent('{"mode":"all","excludedIds":[]}');
    expect(within(bar).queryByText('Select all 60')).not.toBeInTheDocument();

    const brian = screen.getByText('Brian').closest('tr') as HTMLElement;
    expect(brian.querySelector('input[type=checkbox]') as HTMLInputElement).toBeChecked();
    fireEvent.click(brian.querySelector('input[type=checkbox]') as HTMLInputElement);
    expect(within(bar).getByText('59 selected')).toBeInTheDocument();
    expect(screen.getByTestId('selection')).toHaveTextContent('{"mode":"all","excludedIds":[2]}');

    fireEvent.click(within(bar).getByText('Clear selection'));
    expect(screen.queryByLabelText('Selection')).not.toBeInTheDocument();
    expect(brian.querySelector('input[type=checkbox]') as HTMLInputElement).not.toBeChecked();
  });
});

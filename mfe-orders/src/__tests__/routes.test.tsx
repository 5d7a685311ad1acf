import { render, screen } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router';
import { routes } from '../routes';

function RemoteRoutes() {
  return useRoutes(routes);
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RemoteRoutes />
    </MemoryRouter>,
  );
}

it.each([
  ['/orders', 'Orders', null, 'No orders yet'],
  ['/orders/7', 'Orders', 'Store 7', 'No orders yet'],
  ['/orders/7/42', 'Order 42', 'Store 7', 'No order items'],
  ['/confirmationOrders', 'Confirmation orders', null, 'No confirmation orders yet'],
  ['/invoices', 'Invoices', null, 'No invoices yet'],
  ['/customers', 'Customers', null, 'No customers yet'],
  ['/rules', 'Rules', null, 'No rules yet'],
  ['/plugins/orders/3', 'Plugin orders', 'Store 3', 'No plugin orders yet'],
])('%s shows the "%s" page with an empty table', (path, title, subtitle, emptyText) => {
  renderAt(path);

  expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  if (subtitle) expect(screen.getByText(subtitle)).toBeInTheDocument();
  expect(screen.getByRole('table')).toBeInTheDocument();
  expect(screen.getByText(emptyText)).toBeInTheDocument();
});

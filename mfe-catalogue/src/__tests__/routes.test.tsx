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
  ['/products', 'Products', null, 'No products yet'],
  ['/products/4', 'Products', 'Store 4', 'No products yet'],
])('%s shows the "%s" page with an empty table', (path, title, subtitle, emptyText) => {
  renderAt(path);

  expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  if (subtitle) expect(screen.getByText(subtitle)).toBeInTheDocument();
  expect(screen.getByRole('table')).toBeInTheDocument();
  expect(screen.getByText(emptyText)).toBeInTheDocument();
});

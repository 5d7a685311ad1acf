import { render, screen } from '@testing-library/react';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';

/** [path, title, subtitle or null, empty-table text] */
export type PlaceholderPageCase = [string, string, string | null, string];

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Test helper (not exported from the package index, so it never reaches a bundle): each path of a
 * remote's `./routes` renders its page title, subtitle and an empty table.
 */
export function itShowsPlaceholderPages(routes: RouteObject[], cases: PlaceholderPageCase[]): void {
  it.each(cases)('%s shows the "%s" page with an empty table', (path, title, subtitle, emptyText) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes routes={routes} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    if (subtitle) expect(screen.getByText(subtitle)).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByText(emptyText)).toBeInTheDocument();
  });
}

import { Layout, Menu, Result, Typography } from 'antd';
import { Link, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';

export interface StandaloneLink {
  label: string;
  path: string;
}

export interface StandaloneAppProps {
  /** Shown in the header so nobody mistakes the standalone page for the shell. */
  name: string;
  routes: RouteObject[];
  links: readonly StandaloneLink[];
}

/**
 * The remote on its own (its dev server or its dist served alone): just enough layout to reach
 * its pages, for developing it without the shell. In the shell only `./routes` is used.
 */
export function StandaloneApp({ name, routes, links }: StandaloneAppProps) {
  const { pathname } = useLocation();
  const element = useRoutes([
    ...routes,
    { path: '/', element: <Navigate to={links[0]?.path ?? '/'} replace /> },
    { path: '*', element: <Result status="404" title="404" subTitle="This page could not be found" /> },
  ]);
  const selected = links
    .filter((link) => pathname === link.path || pathname.startsWith(`${link.path}/`))
    .map((link) => link.path);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
        <Typography.Text strong style={{ color: '#fff', whiteSpace: 'nowrap' }}>
          Syncdesk · {name}
        </Typography.Text>
        <Menu
          theme="dark"
          mode="horizontal"
          selectedKeys={selected}
          items={links.map((link) => ({ key: link.path, label: <Link to={link.path}>{link.label}</Link> }))}
          style={{ flex: 1, minWidth: 0 }}
        />
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>{element}</Layout.Content>
    </Layout>
  );
}

// `@syncdesk/api/testing`: fixtures for tests and benches (a real database, identities, channels, OAuth, mail).
export * from './test-database';
export * from './identity-fixtures';
export * from './channel-fixtures';
export * from './oauth-provider-server';
export * from './smtp-capture';
export * from './read-json';
export * from './order-import-kit';
export * from './rate-budget-table';

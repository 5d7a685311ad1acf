// `@syncdesk/web-kit/testing`: what the remotes' and the shell's tests render and stub with.
// The fake Socket.IO client is an entry of its own (`@syncdesk/web-kit/testing/fake-socket`): it
// replaces a module inside `jest.mock`, where loading the rest of the kit would come too early.
export * from './antd-queries';
export * from './render-remote-page';
export * from './placeholder-pages';
export * from '../table/testing/fetch-routes';

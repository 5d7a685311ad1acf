export * from './user.status';
export * from './session-user.dto';

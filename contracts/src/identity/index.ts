export * from './auth.dto';
export * from './company.dto';
export * from './user.dto';
export * from './role.dto';
export * from './store.dto';
export * from './ip-whitelist.dto';
export * from './ip-address';
export * from './activity.dto';

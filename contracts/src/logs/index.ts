export * from './log.status';
export * from './transaction-record.dto';
export * from './dashboard.dto';
export * from './record-types';
export * from './record-handling';

export * from './log.status';
export * from './transaction-record.dto';
export * from './dashboard.dto';

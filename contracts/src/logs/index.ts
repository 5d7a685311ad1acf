export * from './log.status';
export * from './transaction-record.dto';

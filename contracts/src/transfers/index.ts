export * from './transfer.dto';

export * from './customer.dto';

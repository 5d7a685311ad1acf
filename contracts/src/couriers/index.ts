export * from './courier.dto';
export * from './courier-mapping.dto';

export * from './accounts';
export * from './catalog';
export * from './content';
export * from './system';
export * from './customer-catalog';
export * from './orders';
export * from './payments';
export * from './food';

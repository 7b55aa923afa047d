export * from './handover';
export * from './imports';
export * from './jobs';
export * from './meters';
export * from './org';
export * from './properties';
export * from './residents';
export * from './system';

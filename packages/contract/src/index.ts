export * from './messages.js';
export * from './constants.js';
export * from './regex.js';
export * from './validation.js';
export * from './schemas.js';
export * from './types.js';
export * from './money.js';

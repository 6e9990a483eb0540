export * from './validation.js';
export * from './schemas.js';

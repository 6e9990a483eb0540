export * from './validation.js';
export * from './schemas.js';
export * from './admin-schemas.js';
